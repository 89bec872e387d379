// The packing bench (issue 15). Import: a 10,000-row order file (7,500 orders, every third with two lines) read,
// checked and kept as orders waiting, against reading the file alone in the same run; with the preview's share, the
// station thread's CPU (how much of the time is work), its peak memory and its longest event-loop stall while
// importing (it must keep answering), into a station that has finished starting (its order-check thread ready). Scan
// to label: an order's reference scanned at the bench (looked up, weighed on the scale peer, saved through the command
// table as the screen does) to the last byte of its label at the Zebra peer and of its slip at the ESC/POS peer,
// against a typed shipment's save to its label in the same run, alternating. Reported: medians and 99th percentiles.
import { readFileSync } from 'node:fs';
import { readOrderTable } from '../../src/orderFiles/readFile';
import { createDispatcher } from '../../src/station/dispatch';
import { createStation } from '../../src/station/index';
import type { ImportPreview } from '../../src/shared/ipc/orderCommands';
import type { WaitingOrder } from '../../src/shared/domain/orders';
import { orderRef, ordersCsv } from '../fixtures/orderFiles';
import { receiptPrinter, tcpPrinter } from '../fixtures/printers';
import { removeTempDir, tempDir } from '../helpers/tmp';
import { startEscposPrinter } from '../peers/escposPrinter';
import { startScalePeer } from '../peers/scalePeer';
import { startZebraPrinter } from '../peers/zebraPrinter';
import { median, watched, type Row } from './stats';
import { taskStat } from './procStat';
import { commandValue } from '../helpers/stationCommands';

const ms = (from: bigint, to: bigint) => Number(to - from) / 1e6;
function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

/**
 * The CPU this process's main thread (the station's, in this bench) has used so far, ms; NaN without /proc. Beside the
 * import's wall time it says how much of it was the station's own work and how much waiting (the reading thread, the
 * disk).
 */
function mainThreadCpuMs(): number {
  try {
    return (taskStat(readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8')).ticks * 1000) / CLOCK_TICKS;
  } catch {
    return NaN;
  }
}
/** /proc's unit of CPU time: 100 a second on the Linux kernels this runs on. */
const CLOCK_TICKS = 100;

/**
 * Runs of the import row: the first only warms both sides up and is not counted (the CSV read's first call compiles the
 * reader on this thread; the first import starts the reading thread from source and compiles the checks, 2.5-5 s);
 * the medians are of the other four, read and import alternating as in every run.
 */
const IMPORT_RUNS = 5;
const WARM_UP_RUNS = 1;

export async function benchOrderImport(runs = IMPORT_RUNS): Promise<Row[]> {
  const file = Buffer.from(ordersCsv(7_500), 'utf8');
  const read: number[] = [];
  const imported: number[] = [];
  const previews: number[] = [];
  const stationCpu: number[] = [];
  const peaks: number[] = [];
  const stalls: number[] = [];
  for (let run = 0; run < runs; run += 1) {
    const start = process.hrtime.bigint();
    const table = await readOrderTable(file, 'ordini.csv');
    const readMs = ms(start, process.hrtime.bigint());
    if (table.rows.length !== 10_000) throw new Error(`expected 10,000 rows, read ${table.rows.length}`);

    const dataDir = tempDir('bench-orders-');
    // A station that has finished starting, as a bench's is when a file comes (it runs all day): its order-check
    // thread ready. A file imported into a station just started is checked by the station alone, as before.
    const station = await createStation({ dataDir, orderCheckThread: { startAfterMs: 0 } });
    if (!(await station.orderCheckThread?.ready())) throw new Error('the order-check thread did not start');
    const { dispatch } = createDispatcher(station);
    let done = { added: 0 };
    let previewed = 0;
    const cpuBefore = mainThreadCpuMs();
    const timed = await watched(async () => {
      const start = process.hrtime.bigint();
      const preview = commandValue<ImportPreview>(
        await dispatch('orders.preview', { fileName: 'ordini.csv', base64: file.toString('base64') }),
      );
      previewed = ms(start, process.hrtime.bigint());
      done = commandValue<{ added: number }>(await dispatch('orders.import', { importId: preview.importId }));
    });
    const cpu = mainThreadCpuMs() - cpuBefore;
    if (done.added !== 7_500) throw new Error(`expected 7,500 orders, kept ${done.added}`);
    await station.close();
    removeTempDir(dataDir);
    if (run < WARM_UP_RUNS) continue;
    read.push(readMs);
    stationCpu.push(cpu);
    imported.push(timed.ms);
    previews.push(previewed);
    peaks.push(timed.peakMb);
    stalls.push(timed.stallMs);
  }
  return [
    {
      name: 'import 10,000 rows (7,500 orders): read, check every order, keep (preview + confirm)',
      medianMs: median(imported),
      baseline: 'reading the CSV alone',
      baselineMs: median(read),
      extra:
        `preview ${median(previews).toFixed(0)} ms of it (the rest the confirm), the station thread's CPU ` +
        `${median(stationCpu).toFixed(0)} ms (the bench's sampler in it); peak RSS +${median(peaks).toFixed(0)} MB, ` +
        `longest event-loop stall ${median(stalls).toFixed(0)} ms`,
      goal: 'orderImport',
    },
  ];
}

export async function benchScanToLabel(count = Number(process.env.BENCH_SCANS ?? 60)): Promise<Row[]> {
  const labelAt = new Map<string, (atNs: bigint) => void>();
  const zebra = await startZebraPrinter({
    onLabel(format, atNs) {
      for (const [ref, done] of labelAt) {
        if (!format.includes(ref)) continue;
        labelAt.delete(ref);
        done(atNs);
        return;
      }
    },
  });
  const receipts = await startEscposPrinter();
  const scale = await startScalePeer({ protocol: 'continuous', dir: tempDir('bench-scale-') });
  scale.setWeight(1.25, { stable: true });
  const dataDir = tempDir('bench-scan-');
  const station = await createStation({
    dataDir,
    printing: { printers: [tcpPrinter(zebra), receiptPrinter(receipts)], autoPrint: true },
    bench: { scale: { path: scale.path, baudRate: 9600, protocol: 'continuous' } },
  });
  const { dispatch } = createDispatcher(station);
  try {
    const warmUp = 5;
    const preview = commandValue<ImportPreview>(
      await dispatch('orders.preview', {
        fileName: 'ordini.csv',
        base64: Buffer.from(ordersCsv(count + warmUp)).toString('base64'),
      }),
    );
    commandValue(await dispatch('orders.import', { importId: preview.importId }));
    for (let i = 0; i < 100 && station.scale.stableWeightKg() === undefined; i += 1)
      await new Promise((done) => setTimeout(done, 50));
    if (station.scale.stableWeightKg() === undefined) throw new Error('the scale peer gave no stable weight');

    const sticky = { corriere: 70, servizio: 1, merce: 'Caffè', origine: 'IT', volume: 0, labelType: 'ZPL' };
    const bodyOf = (order: WaitingOrder, ref: string, kg: number) => ({
      rcpt_country_code: 'IT',
      ...order.values,
      client_id: order.clientId,
      ddt_alpha: ref,
      colli: 1,
      peso: kg,
      ...sticky,
    });
    const labelled = (ref: string) =>
      new Promise<bigint>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`label ${ref} not printed in 10 s`)), 10_000);
        labelAt.set(ref, (at) => {
          clearTimeout(timer);
          resolve(at);
        });
      });
    const slipped = async (jobs: number) => {
      for (let i = 0; i < 10_000 && receipts.jobs().length < jobs; i += 1)
        await new Promise((done) => setImmediate(done));
      return process.hrtime.bigint();
    };

    const scanToLabel: number[] = [];
    const scanToSlip: number[] = [];
    const typed: number[] = [];
    let template: WaitingOrder | undefined;
    for (let i = 0; i < count + warmUp; i += 1) {
      // The scanned order: looked up, weighed, saved with its order (slip and label follow).
      // The shop's order number is the shipment's reference, printed as "Rif. ORD-1001" (matched whole).
      const ref = orderRef(1001 + i);
      const label = labelled(`Rif. ${ref}^FS`);
      const start = process.hrtime.bigint();
      const order = commandValue<{ order: WaitingOrder | null }>(
        await dispatch('orders.find', { reference: ref }),
      ).order;
      const kg = station.scale.stableWeightKg();
      if (!order || kg === undefined) throw new Error('order or weight missing');
      template ??= order;
      commandValue(await dispatch('shipments.create', { body: bodyOf(order, order.orderRef, kg), orderId: order.id }));
      const labelAtNs = await label;
      const slipAtNs = await slipped(i + 1);
      // The baseline: the same shipment typed in the form (no lookup, no weighing, no slip).
      const typedRef = `TYPE-${String(i).padStart(5, '0')}X`;
      const typedLabel = labelled(typedRef);
      const typedStart = process.hrtime.bigint();
      commandValue(await dispatch('shipments.create', { body: bodyOf(template, typedRef, 1.25) }));
      const typedAt = await typedLabel;
      if (i < warmUp) continue;
      scanToLabel.push(ms(start, labelAtNs));
      scanToSlip.push(ms(start, slipAtNs));
      typed.push(ms(typedStart, typedAt));
    }
    return [
      {
        name: `scan an order to its label's last byte at the Zebra peer (lookup, scale, save, auto-print), ${count}`,
        medianMs: median(scanToLabel),
        baseline: 'a typed shipment saved to its label',
        baselineMs: median(typed),
        extra:
          `99th percentile ${percentile(scanToLabel, 99).toFixed(1)} ms (typed ${percentile(typed, 99).toFixed(1)}` +
          ` ms); label and slip both in (ESC/POS peer): median ${median(scanToSlip).toFixed(1)} ms, 99th percentile ` +
          `${percentile(scanToSlip, 99).toFixed(1)} ms`,
        goal: 'scanToLabel',
      },
    ];
  } finally {
    await station.close();
    await scale.close();
    await receipts.close();
    await zebra.close();
    removeTempDir(dataDir);
  }
}
