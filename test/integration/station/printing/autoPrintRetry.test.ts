// The station's auto-print retry on an injected clock: a label that could not be queued because another connection
// held the database's write lock is queued (and printed) when the retry's wait has passed on the station's clock, not
// before and not because real time went by. A real engine over a SQLite file, a Zebra-like printer on raw TCP.
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { createEngine, type Caller, type Engine } from '../../../../src/engine/index';
import { startPrinting, type StationPrinting } from '../../../../src/station/printing/autoPrint';
import { tcpPrinter } from '../../../fixtures/printers';
import { validShipment } from '../../../fixtures/shipments';
import { manualClock } from '../../../helpers/manualClock';
import { recordingLog } from '../../../helpers/recordingLog';
import { removeTempDirs, tempDir } from '../../../helpers/tmp';
import { pause, until } from '../../../helpers/until';
import { startZebraPrinter, type ZebraPrinter } from '../../../peers/zebraPrinter';

const KEY = 'autoprint-clock-0001';

let engine: Engine | undefined;
let printing: StationPrinting | undefined;
let zebra: ZebraPrinter | undefined;
let other: Database.Database | undefined;

afterEach(async () => {
  await printing?.stop();
  await zebra?.close();
  other?.close();
  engine?.close();
  engine = printing = zebra = other = undefined;
  removeTempDirs();
});

describe('the auto-print retry’s clock', () => {
  it('queues a label the locked database put off once the retry’s wait has passed on the station’s clock', async () => {
    zebra = await startZebraPrinter();
    const file = join(tempDir(), 'station.sqlite');
    engine = createEngine({ file, config: { users: [{ api_key: KEY, client_ids: [1001] }] }, busyTimeoutMs: 50 });
    const caller = engine.authenticate(KEY) as Caller;
    // Another program takes the write lock the moment the labels are there, before the station can queue them.
    const holder = new Database(file);
    other = holder;
    engine.onShipmentSettled(() => holder.exec('BEGIN IMMEDIATE'));
    const log = recordingLog();
    const clock = manualClock();
    printing = startPrinting(engine, caller, {
      printers: [tcpPrinter(zebra, { id: 'banco-1', name: 'Banco 1' })],
      autoPrint: true,
      idleStatusEveryMs: 0,
      clock,
      log,
    });

    const created = await engine.createShipment(caller, validShipment({ labelType: 'ZPL' }));
    if (created.kind !== 'created') throw new Error(created.kind);
    expect(
      log.of('warn').some((line) => line.startsWith(`stampa automatica della spedizione ${created.record.id}`)),
    ).toBe(true);
    holder.exec('COMMIT');

    // The first retry comes 250 ms later on the station's clock: real time passing does not bring it.
    await pause(300);
    await clock.advance(249);
    await pause(100);
    expect(engine.printJobs.list()).toEqual([]);
    await clock.advance(1);
    await until(() => engine?.printJobs.list()[0]?.state === 'printed', 10_000);
    expect(engine.printJobs.list()).toHaveLength(1);
    expect(zebra.labels()).toHaveLength(1);
  });
});
