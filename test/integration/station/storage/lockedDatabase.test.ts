// Another process holding the write lock on station.sqlite for seconds (a backup, a second program): the headless
// station keeps running, its local API keeps answering meanwhile, and the label waiting for the printer prints once
// after the lock ends.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { apiClient } from '../../../helpers/api';
import { removeTempDirs, tempDir } from '../../../helpers/tmp';
import { validShipment } from '../../../fixtures/shipments';
import { startDbHolder, type DbHolder } from '../../../peers/dbHolder';
import { startStationProcess, type StationPeer } from '../../../peers/station';
import { startZebraPrinter, type ZebraPrinter } from '../../../peers/zebraPrinter';

let station: StationPeer | undefined;
let zebra: ZebraPrinter | undefined;
let holder: DbHolder | undefined;

afterEach(async () => {
  await holder?.kill();
  await station?.stop();
  await zebra?.close();
  holder = station = zebra = undefined;
  removeTempDirs();
});

async function until(check: () => boolean, what: string, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`${what} not seen in time`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe('a station database locked by another process', () => {
  it('keeps the station alive and answering, and prints the waiting label once when the lock ends', async () => {
    zebra = await startZebraPrinter();
    zebra.setState({ paperOut: true });
    const data = tempDir();
    station = await startStationProcess([
      '--data',
      data,
      '--local-port',
      '0',
      '--printer',
      zebra.url,
      '--auto-print',
      '--printer-retry-ms',
      '50',
    ]);
    const running = station;
    // A standalone station's local API takes the station's own key, kept in its data folder.
    const key = readFileSync(join(data, 'local-api.key'), 'utf8').trim();
    const shop = apiClient(running.localApiUrl, key);
    const created = await shop.request<{ id: number; label_zpl: string[] }>(
      'POST',
      '/Shipment',
      validShipment({ labelType: 'ZPL' }),
    );
    expect(created.status).toBe(200);
    await until(
      () => /print job \d+ \(label shipment \d+\/1\): held - Carta esaurita/.test(running.output()),
      'the held label',
    );

    holder = await startDbHolder(join(data, 'station.sqlite'), 'lock', 6_000);
    const lock = holder;
    // Paper back while the file is locked: the spooler's claim of the job meets the lock, again and again.
    zebra.setState({ paperOut: false });
    // The local API is asked over and over while the lock lasts; each answer must come within the client's time-out.
    const answers: number[] = [];
    for (let n = 0; n < 100 && !/released/.test(lock.output()); n += 1) {
      const read = await fetch(`${running.localApiUrl}/Shipment?id=${created.body.id}`, {
        headers: { 'x-api-key': key },
        signal: AbortSignal.timeout(3_000),
      });
      answers.push(read.status);
      await read.arrayBuffer();
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(answers.length).toBeGreaterThan(1);
    expect(answers.every((status) => status === 200)).toBe(true);
    expect(running.output()).toMatch(/spooler label: database is locked; nuovo tentativo/);

    expect(await lock.exited).toBe(0);
    await zebra.waitForLabels(1, 20_000);
    await new Promise((r) => setTimeout(r, 300));
    expect(zebra.labels()).toEqual(created.body.label_zpl.map((z) => z.trimEnd()));
    expect(running.process.exitCode).toBeNull();
    const after = await shop.request<{ id: number }>('GET', `/Shipment?id=${created.body.id}`);
    expect(after.status).toBe(200);
  }, 60_000);
});
