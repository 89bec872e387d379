// The watched order folder on a bad day (issue 27), at real stations on real folders: a shop program that pauses
// mid-line gets its order imported whole; the same file sent again corrected corrects the waiting order, and the log
// says which field; two benches watching one shared folder import each of 100 files exactly once; a FIFO or a link
// dropped in the folder neither blocks the bench nor gets imported.
import { execFileSync } from 'node:child_process';
import { appendFileSync, existsSync, readdirSync, renameSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createStation, type Station } from '../../../../src/station/index';
import { createDispatcher } from '../../../../src/station/dispatch';
import type { WaitingOrder } from '../../../../src/shared/domain/orders';
import { commandValue } from '../../../helpers/stationCommands';
import { removeTempDirs, tempDir } from '../../../helpers/tmp';
import { shipmentOfOrder } from '../../../fixtures/shipments';

const stations: Station[] = [];
afterEach(async () => {
  await Promise.all(stations.splice(0).map((s) => s.close()));
  removeTempDirs();
});

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

async function benchWatching(folder: string, everyMs: number): Promise<Station> {
  const station = await createStation({
    dataDir: tempDir(),
    bench: { orderFolder: folder, orderFolderEveryMs: everyMs },
  });
  stations.push(station);
  return station;
}

const HEADER = 'Riferimento ordine;Destinatario;Indirizzo;CAP;Città;Provincia;Telefono;Email;Contrassegno';
const row = (ref: string, cod: string, street = 'Via Roma 1') =>
  `${ref};Mario Rossi;${street};47121;Forlì;FC;0543 123456;mario@esempio.it;${cod}`;
const waiting = (station: Station): WaitingOrder[] =>
  station.engine.orders.list(station.caller, { state: 'waiting', limit: 500 }).rows;

describe('a shop program writing into the watched folder', () => {
  it('pausing 2 s mid-line gets its order whole; sent again corrected, it corrects it, logged', async () => {
    const folder = tempDir('orders-shared-');
    // Polls 1.5 s apart: a file must keep its size over two of them (3 s), longer than the writer's pause.
    const station = await benchWatching(folder, 1500);
    const path = join(folder, 'ordini.csv');
    writeFileSync(path, `${HEADER}\r\n${row('ORD-1', '15')}`);
    await sleep(2000);
    appendFileSync(path, '0,00\r\n');
    await expect.poll(() => station.orderFolder.log().length, { timeout: 15_000, interval: 100 }).toBe(1);
    expect(waiting(station)).toHaveLength(1);
    // Cut short, it read 15.
    expect(waiting(station)[0]?.values.contrassegno).toBe('150');
    expect(station.orderFolder.log()[0]).toMatchObject({ file: 'ordini.csv', added: 1 });

    // The convention: written as .tmp, renamed when whole.
    writeFileSync(join(folder, 'ordini.csv.tmp'), `${HEADER}\r\n${row('ORD-1', '120,00', 'Via Roma 3')}\r\n`);
    renameSync(join(folder, 'ordini.csv.tmp'), path);
    await expect.poll(() => station.orderFolder.log().length, { timeout: 15_000, interval: 100 }).toBe(2);
    expect(station.orderFolder.log()[0]?.notes).toEqual([
      'ordine ORD-1 già in attesa, corretto: rcpt_addr, contrassegno',
    ]);
    expect(waiting(station)).toHaveLength(1);
    expect(waiting(station)[0]?.values).toMatchObject({ contrassegno: '120', rcpt_addr: 'Via Roma 3' });

    // Shipped, the order is left as it was, and the log says so.
    const order = waiting(station)[0]!;
    const { dispatch } = createDispatcher(station);
    commandValue(await dispatch('shipments.create', { body: shipmentOfOrder(order), orderId: order.id }));
    writeFileSync(join(folder, 'ordini.csv.tmp'), `${HEADER}\r\n${row('ORD-1', '99,00')}\r\n`);
    renameSync(join(folder, 'ordini.csv.tmp'), path);
    await expect.poll(() => station.orderFolder.log().length, { timeout: 15_000, interval: 100 }).toBe(3);
    expect(station.orderFolder.log()[0]?.notes).toEqual(["ordine ORD-1 già spedito: lasciato com'è"]);
    expect(station.engine.orders.get(station.caller, order.id)?.values.contrassegno).toBe('120');
    expect(readdirSync(join(folder, 'importati'))).toHaveLength(3);
  }, 60_000);
});

describe('two benches watching one shared folder', () => {
  it('import each of 100 files dropped while both watch at exactly one bench, whole, none lost', async () => {
    const folder = tempDir('orders-shared-');
    const everyMs = 250;
    const benches = [await benchWatching(folder, everyMs), await benchWatching(folder, everyMs)];
    const expected = new Map<string, string>();
    const writes: Promise<void>[] = [];
    for (let i = 0; i < 100; i++) {
      const ref = `ORD-${2000 + i}`;
      const cod = `${100 + i},50`;
      expected.set(ref, `${100 + i}.5`);
      const text = `${HEADER}\r\n${row(ref, cod)}\r\n`;
      const name = `negozio-${i}.csv`;
      if (i % 3 === 0) {
        // Written as .tmp, renamed when whole.
        writeFileSync(join(folder, `${name}.tmp`), text);
        renameSync(join(folder, `${name}.tmp`), join(folder, name));
      } else if (i % 3 === 1) {
        // Written slowly: half, a pause well inside two polls, the rest.
        const half = Math.floor(text.length / 2);
        writeFileSync(join(folder, name), text.slice(0, half));
        writes.push(sleep(everyMs / 3).then(() => appendFileSync(join(folder, name), text.slice(half))));
      } else {
        writeFileSync(join(folder, name), text);
      }
      if (i % 10 === 9) await sleep(20);
    }
    await Promise.all(writes);
    const all = () => benches.flatMap((bench) => waiting(bench));
    await expect.poll(() => all().length, { timeout: 60_000, interval: 200 }).toBe(100);
    await sleep(everyMs * 4);
    const refs = all().map((order) => order.orderRef);
    expect(new Set(refs).size).toBe(100);
    expect(refs).toHaveLength(100);
    for (const order of all()) expect(order.values.contrassegno).toBe(expected.get(order.orderRef));
    // Both took part, and every file ended in importati/, none set aside or left behind.
    expect(benches.every((bench) => waiting(bench).length > 0)).toBe(true);
    expect(readdirSync(join(folder, 'importati'))).toHaveLength(100);
    expect(existsSync(join(folder, 'scartati'))).toBe(false);
    expect(readdirSync(folder).filter((name) => !name.startsWith('.'))).toEqual(['importati']);
    expect(benches.flatMap((bench) => bench.orderFolder.log()).filter((entry) => entry.error)).toEqual([]);
  }, 90_000);
});

describe('what nobody meant to drop in the folder', () => {
  it('a link to a file outside is not imported, a FIFO blocks neither the bench nor its closing', async () => {
    const folder = tempDir('orders-shared-');
    const outside = tempDir('orders-outside-');
    writeFileSync(join(outside, 'segreto.csv'), `${HEADER}\r\n${row('ORD-9', '10,00')}\r\n`);
    symlinkSync(join(outside, 'segreto.csv'), join(folder, 'collegamento.csv'));
    execFileSync('mkfifo', [join(folder, 'tubo.csv')]);
    const station = await benchWatching(folder, 50);
    writeFileSync(join(folder, 'buono.csv'), `${HEADER}\r\n${row('ORD-10', '10,00')}\r\n`);
    await expect.poll(() => waiting(station).map((o) => o.orderRef), { timeout: 10_000 }).toEqual(['ORD-10']);
    await sleep(300);
    expect(waiting(station).map((o) => o.orderRef)).toEqual(['ORD-10']);
    expect(existsSync(join(folder, 'collegamento.csv'))).toBe(true);
    expect(existsSync(join(folder, 'tubo.csv'))).toBe(true);
    expect(existsSync(join(outside, 'segreto.csv'))).toBe(true);

    const { dispatch } = createDispatcher(station);
    const stopWatching = Date.now();
    commandValue(await dispatch('orders.folder', { folder: '' }));
    expect(Date.now() - stopWatching).toBeLessThan(3000);
    const closing = Date.now();
    stations.splice(stations.indexOf(station), 1);
    await station.close();
    expect(Date.now() - closing).toBeLessThan(3000);
  });
});
