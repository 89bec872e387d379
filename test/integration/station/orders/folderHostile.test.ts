// Hostile files in the watched folder at a real station (issue 27): a zip-bomb .xlsx, a 40 MB CSV, a FIFO, a link to
// a file outside and a shop program pausing 3 s mid-line, all dropped at once while a shop program reads a shipment
// from the station's local API every 50 ms. Every request is answered; the bomb and the big file end in scartati/
// with their reasons beside them, the FIFO and the link stay where they are, unread, and the slow file's order and
// a plain one are waiting whole.
import { execFileSync } from 'node:child_process';
import { appendFileSync, existsSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createStation, type Station } from '../../../../src/station/index';
import { apiClient } from '../../../helpers/api';
import { removeTempDirs, tempDir } from '../../../helpers/tmp';
import { validShipment } from '../../../fixtures/shipments';
import { zipBombXlsx } from '../../../fixtures/zipBomb';

const stations: Station[] = [];
afterEach(async () => {
  await Promise.all(stations.splice(0).map((s) => s.close()));
  removeTempDirs();
});

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

const HEADER = 'Riferimento ordine;Destinatario;Indirizzo;CAP;Città;Provincia;Telefono;Email;Contrassegno';
const row = (ref: string, cod: string) =>
  `${ref};Mario Rossi;Via Roma 1;47121;Forlì;FC;0543 123456;mario@esempio.it;${cod}`;

/** A CSV of about `mb` megabytes, every row a different order: far over the folder's 20 MB. */
function bigCsv(mb: number): Buffer {
  const line = `${row('ORD-000000', '10,00')}\r\n`;
  const rows = Math.ceil((mb * 1_000_000) / line.length);
  const parts = [`${HEADER}\r\n`];
  for (let i = 0; i < rows; i += 1) parts.push(`${row(`ORD-${String(i).padStart(6, '0')}`, '10,00')}\r\n`);
  return Buffer.from(parts.join(''), 'utf8');
}

describe('hostile files in the watched folder', () => {
  it('a zip bomb, a 40 MB CSV, a FIFO, a link and a writer pausing 3 s: the local API answers throughout', async () => {
    const folder = tempDir('orders-hostile-');
    const outside = tempDir('orders-outside-');
    // Polls 1.6 s apart: a file must keep its size over two of them, longer than the writer's 3 s pause.
    const station = await createStation({
      dataDir: tempDir(),
      localPort: 0,
      bench: { orderFolder: folder, orderFolderEveryMs: 1600 },
    });
    stations.push(station);
    const shop = apiClient(station.localApiUrl ?? '', station.localApiKey ?? '');
    const created = await shop.request<{ id: number }>('POST', '/Shipment', validShipment({ labelType: 'ZPL' }));
    expect(created.status).toBe(200);

    const answers = { ok: 0, other: [] as string[] };
    let polling = true;
    const reading = (async () => {
      while (polling) {
        try {
          const read = await shop.request('GET', `/Shipment?id=${created.body.id}`);
          if (read.status === 200) answers.ok += 1;
          else answers.other.push(`HTTP ${read.status}`);
        } catch (error) {
          answers.other.push(String(error));
        }
        await sleep(50);
      }
    })();

    const slow = join(folder, 'lento.csv');
    writeFileSync(slow, `${HEADER}\r\n${row('ORD-LENTO', '15')}`);
    writeFileSync(join(folder, 'bomba.xlsx'), zipBombXlsx(1_200));
    writeFileSync(join(folder, 'enorme.csv'), bigCsv(40));
    writeFileSync(join(outside, 'segreto.csv'), `${HEADER}\r\n${row('ORD-SEGRETO', '10,00')}\r\n`);
    symlinkSync(join(outside, 'segreto.csv'), join(folder, 'collegamento.csv'));
    execFileSync('mkfifo', [join(folder, 'tubo.csv')]);
    writeFileSync(join(folder, 'buono.csv'), `${HEADER}\r\n${row('ORD-BUONO', '20,00')}\r\n`);
    await sleep(3_000);
    appendFileSync(slow, '0,00\r\n');

    const waiting = () =>
      station.engine.orders
        .list(station.caller, { state: 'waiting', limit: 10 })
        .rows.map((o) => [o.orderRef, o.values.contrassegno])
        .sort();
    await expect.poll(waiting, { timeout: 30_000, interval: 200 }).toEqual([
      ['ORD-BUONO', '20'],
      ['ORD-LENTO', '150'],
    ]);
    await expect
      .poll(() => existsSync(join(folder, 'scartati', 'enorme.csv.motivo.txt')), { timeout: 30_000 })
      .toBe(true);
    await expect
      .poll(() => existsSync(join(folder, 'scartati', 'bomba.xlsx.motivo.txt')), { timeout: 30_000 })
      .toBe(true);
    polling = false;
    await reading;

    expect(readFileSync(join(folder, 'scartati', 'enorme.csv.motivo.txt'), 'utf8')).toMatch(
      /^File di .*, oltre il limite di 20 MB per un file d'ordini/,
    );
    expect(readFileSync(join(folder, 'scartati', 'bomba.xlsx.motivo.txt'), 'utf8')).toMatch(
      /^File Excel \(\.xlsx\) .*(troppo grande|danneggiato)/,
    );
    // Nobody meant these to be orders: left where they are, never read.
    expect(existsSync(join(folder, 'collegamento.csv'))).toBe(true);
    expect(existsSync(join(folder, 'tubo.csv'))).toBe(true);
    // Every request answered, and many of them: the station answered while each file was read and refused.
    expect(answers.other).toEqual([]);
    expect(answers.ok).toBeGreaterThan(40);
  }, 60_000);
});
