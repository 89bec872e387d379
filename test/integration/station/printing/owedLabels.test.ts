// Labels owed to the bench's printer across a stop: a label made while another program held the database (so
// auto-print could not queue it) and the bench stopped before its retry is printed at the next start, once, and never
// again at a third; a label made before auto-print was switched on is not printed by a restart; and a connected
// bench's return asked to print while its remote was away is printed when the remote answers after a restart. Real
// SQLite files, a Zebra-like printer on raw TCP, our own service behind the fault proxy as the remote.
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { createEngine, type Caller, type Engine } from '../../../../src/engine/index';
import { createDispatcher } from '../../../../src/station/dispatch';
import { createStation, type Station, type StationOptions } from '../../../../src/station/index';
import { startPrinting, type StationPrinting } from '../../../../src/station/printing/autoPrint';
import { owedWindowStart } from '../../../../src/station/printing/owedLabels';
import { tcpPrinter } from '../../../fixtures/printers';
import { validShipment } from '../../../fixtures/shipments';
import { commandValue } from '../../../helpers/stationCommands';
import { connectedOptions, useRemote } from '../../../helpers/syncSetup';
import { recordingLog } from '../../../helpers/recordingLog';
import { tempDir } from '../../../helpers/tmp';
import { startZebraPrinter, type ZebraPrinter } from '../../../peers/zebraPrinter';

const KEY = 'owed-labels-key-0001';
/** The shop's phone and e-mail: a return's recipient, which the courier needs. */
const SHOP = { sender_phone: '051123456', sender_email: 'negozio@rossi.example' };
const peers = useRemote();

let engine: Engine | undefined;
let printing: StationPrinting | undefined;
let station: Station | undefined;
let zebra: ZebraPrinter | undefined;

afterEach(async () => {
  peers.proxy.setOffline(false);
  await printing?.stop();
  engine?.close();
  await station?.close();
  await zebra?.close();
  engine = printing = station = zebra = undefined;
});

/** One run of the bench's printing over the SQLite file: the engine opened, auto-print on, the day's window. */
function startRun(
  file: string,
  printer: ZebraPrinter,
  beforePrinting?: (opened: Engine) => void,
): { engine: Engine; caller: Caller; printing: StationPrinting } {
  const opened = createEngine({ file, config: { users: [{ api_key: KEY, client_ids: [1001] }] }, busyTimeoutMs: 50 });
  const caller = opened.authenticate(KEY) as Caller;
  engine = opened;
  beforePrinting?.(opened);
  printing = startPrinting(opened, caller, {
    printers: [tcpPrinter(printer, { id: 'banco-1', name: 'Banco 1' })],
    autoPrint: true,
    owedSinceMs: owedWindowStart(Date.now(), undefined),
    log: recordingLog(),
  });
  return { engine: opened, caller, printing };
}

async function stopRun(): Promise<void> {
  await printing?.stop();
  engine?.close();
  printing = engine = undefined;
}

const labelJobsOf = (e: Engine, shipmentId: number) =>
  e.printJobs.list().filter((job) => job.kind === 'label' && job.shipmentId === shipmentId);

describe('labels owed across a stop', () => {
  it('prints at the next start a label auto-print could not queue before the bench stopped, once', async () => {
    zebra = await startZebraPrinter();
    const file = join(tempDir(), 'station.sqlite');
    const holder = { db: undefined as Database.Database | undefined, lockOnLabels: false };
    // The first run: for the second shipment, another program takes the write lock the moment its labels are there
    // (its listener runs before printing's), and the bench stops with the label only in its retry's memory, as a
    // kill -9 between the label's commit and its queue leaves it.
    const first = startRun(file, zebra, (opened) =>
      opened.onShipmentSettled(() => {
        if (!holder.lockOnLabels) return;
        holder.db = new Database(file);
        holder.db.exec('BEGIN IMMEDIATE');
      }),
    );
    const printed = await first.engine.createShipment(first.caller, validShipment({ labelType: 'ZPL' }));
    if (printed.kind !== 'created') throw new Error(printed.kind);
    await zebra.waitForLabels(1, 10_000);
    holder.lockOnLabels = true;
    const lost = await first.engine.createShipment(first.caller, validShipment({ labelType: 'ZPL', ddt_alpha: 'P-2' }));
    if (lost.kind !== 'created') throw new Error(lost.kind);
    expect(labelJobsOf(first.engine, lost.record.id)).toEqual([]);
    await first.printing.stop();
    holder.db?.exec('COMMIT');
    holder.db?.close();
    await stopRun();
    expect(zebra.labels()).toHaveLength(1);

    // The next start finds the label never queued and prints it; the one printed before is not printed again.
    const second = startRun(file, zebra);
    await zebra.waitForLabels(2, 10_000);
    expect(zebra.labels()[1]).toContain(lost.record.num_spedizione);
    await second.printing.spooler.idle(10_000);
    expect(labelJobsOf(second.engine, lost.record.id)).toHaveLength(1);
    await stopRun();

    // A third start owes nothing: each label has its job, and each came out once.
    const third = startRun(file, zebra);
    await third.printing.spooler.idle(10_000);
    expect(labelJobsOf(third.engine, lost.record.id)).toHaveLength(1);
    expect(labelJobsOf(third.engine, printed.record.id)).toHaveLength(1);
    expect(zebra.labels()).toHaveLength(2);
  });
});

describe('labels not owed, and asked for', () => {
  it('does not print at a restart a label made before auto-print was switched on in Settings', async () => {
    zebra = await startZebraPrinter();
    const options: StationOptions = {
      dataDir: tempDir(),
      printing: { printers: [tcpPrinter(zebra, { id: 'banco-1', name: 'Banco 1' })], retryMs: 40 },
    };
    station = await createStation(options);
    const { dispatch } = createDispatcher(station);
    commandValue(await dispatch('settings.update', { autoPrint: false }));
    const before = await station.engine.createShipment(station.caller, validShipment({ labelType: 'ZPL' }));
    if (before.kind !== 'created') throw new Error(before.kind);
    commandValue(await dispatch('settings.update', { autoPrint: true }));
    await station.close();

    station = await createStation(options);
    // What is owed is queued as the station starts: nothing for the label made while auto-print was off.
    expect(labelJobsOf(station.engine, before.record.id)).toEqual([]);
    const after = await station.engine.createShipment(station.caller, validShipment({ labelType: 'ZPL' }));
    if (after.kind !== 'created') throw new Error(after.kind);
    await zebra.waitForLabels(1, 10_000);
    await station.printing?.spooler.idle(10_000);
    expect(zebra.labels()).toHaveLength(1);
    expect(zebra.labels()[0]).toContain(after.record.num_spedizione);
  });

  it("prints a connected bench's return asked while the remote was away, after a restart, once", async () => {
    zebra = await startZebraPrinter();
    const options = connectedOptions(peers.proxy.url, {
      printing: { printers: [tcpPrinter(zebra, { dpi: 203 })], autoPrint: false, retryMs: 40 },
    });
    station = await createStation(options);
    const { dispatch } = createDispatcher(station);
    const outward = await station.engine.createShipment(
      station.caller,
      validShipment({ ddt_alpha: 'ORD-901', ...SHOP }),
    );
    if (outward.kind !== 'created') throw new Error(outward.kind);
    await station.sync?.drained(15_000);
    expect(await station.engine.confirmByIds(station.caller, [outward.record.id], false)).toMatchObject({
      kind: 'done',
      errors: [],
    });

    // The remote is away: the return is kept and queued for it, its print asked; the bench then stops.
    peers.proxy.setOffline(true);
    const asked = { id: outward.record.id, servizio: 1, colli: 1, peso: 2, print: true, mail: null };
    const made = commandValue<{ id: number }>(await dispatch('returns.make', asked));
    expect(station.engine.getShipment(station.caller, made.id)?.num_spedizione).toBe('');
    await station.close();
    expect(zebra.labels()).toEqual([]);

    // Started again with the remote back: its answer brings the label, which prints once.
    peers.proxy.setOffline(false);
    station = await createStation(options);
    await station.sync?.drained(20_000);
    await zebra.waitForLabels(1, 10_000);
    const back = station.engine.getShipment(station.caller, made.id);
    expect(zebra.labels()[0]).toContain(back?.num_spedizione);
    expect(station.engine.labelPrints.asked(station.caller)).toEqual([]);
    await station.close();

    // A third start prints nothing more.
    station = await createStation(options);
    await station.printing?.spooler.idle(10_000);
    expect(labelJobsOf(station.engine, made.id)).toHaveLength(1);
    expect(zebra.labels()).toHaveLength(1);
  });
});
