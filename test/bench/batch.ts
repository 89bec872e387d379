// A batch of 150 domestic one-parcel orders (issue 43): from the click (batches.create through the command table) to
// the last label out of the Zebra peer, beside the time the same peer takes to print those 150 labels sent back to
// back (one connection each, as a printer receives single jobs), both measured in this run. The peer prints at a real
// printer's pace (BENCH_PRINTER_IPS inches a second, 14 by default: a Zebra ZT411's top speed, the fastest a bench
// would have), as the goal's "the bench adds little beyond the wire" is about a printer, not a socket; the same batch
// at a peer that prints the instant a label is in gives what the bench adds in absolute terms. Meanwhile a screen's
// command is asked every 10 ms: the longest it waited for its answer, and the event loop's longest delay, say whether
// the station kept answering (goal: under 50 ms). The printer peers run in a process of their own (printerPeers.ts),
// so the event loop measured is the station's alone. The click comes once the station has finished starting (its
// threads' modules loaded: threadsQuiet.ts), as an operator's does: before that, the label thread loading the PDF and
// JPG renderers from source held a core for the batch's first second, and the first order's turn waited 10-25 ms on
// the run queue (docs/decisions.md, "the batch's stall: the click on a started station"). The station runs in a
// process of its own too (batchStation.ts), as a bench's station runs in its host's process: in this one it shared
// a heap with every bench's modules and the garbage of the imports before it (190 MB at the click in a whole run), and
// on the 2-core machine a young collection's pause after seconds of idle grows with the heap (docs/decisions.md, "the
// paced batch's longest stall").
import { fork, type ChildProcess } from 'node:child_process';
import { connect } from 'node:net';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createStation } from '../../src/station/index';
import { createDispatcher } from '../../src/station/dispatch';
import type { BatchView } from '../../src/shared/domain/batches';
import { receiptPrinter, tcpPrinter } from '../fixtures/printers';
import { benchWithBatchOrders } from '../helpers/batchBench';
import { commandValue } from '../helpers/stationCommands';
import { removeTempDir, tempDir } from '../helpers/tmp';
import type { ZebraOptions } from '../peers/zebraPrinter';
import type { PeersAnswer, PeersRequest } from './printerPeers';
import type { Row } from './stats';
import { untilThreadsQuiet } from './threadsQuiet';

const ORDERS = 150;
const IPS = Number(process.env.BENCH_PRINTER_IPS ?? 14);
/** 150 labels at 2 ips would take 7.5 minutes; the wait for them is bounded well beyond that. */
const LABELS_WAIT_MS = 15 * 60_000;

export type PrinterPace = Pick<ZebraOptions, 'printSpeedIps' | 'dpi'>;

/** The Zebra and ESC/POS peers in their own process: one request at a time, each answered. */
async function startPeers(pace: PrinterPace) {
  const child: ChildProcess = fork(join(import.meta.dirname, 'printerPeers.ts'), [], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const ask = <T extends PeersAnswer>(request: PeersRequest, timeoutMs = 30_000) =>
    new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('the printer peers did not answer')), timeoutMs);
      child.once('message', (message: PeersAnswer) => {
        clearTimeout(timer);
        if ('error' in message) reject(new Error(message.error));
        else resolve(message as T);
      });
      child.send(request);
    });
  const ports = await ask<{ zebraPort: number; escposPort: number }>({ start: pace });
  return {
    zebra: { host: '127.0.0.1', port: ports.zebraPort },
    escpos: { host: '127.0.0.1', port: ports.escposPort },
    waitForLabels: (count: number) =>
      ask<{ lastLabelAtNs: string; labels: string[] }>(
        { wait: count, timeoutMs: LABELS_WAIT_MS },
        LABELS_WAIT_MS + 5_000,
      ),
    close: async () => {
      if (child.exitCode === null) await ask({ close: true }).catch(() => child.kill());
    },
  };
}

/** ms for the peer to print `labels` sent one after another, each on its own connection. */
async function backToBack(labels: readonly string[], pace: PrinterPace): Promise<number> {
  const peers = await startPeers(pace);
  try {
    const start = process.hrtime.bigint();
    for (const label of labels)
      await new Promise<void>((done) => connect(peers.zebra.port, '127.0.0.1').end(label, () => done()));
    const { lastLabelAtNs } = await peers.waitForLabels(labels.length);
    return Number(BigInt(lastLabelAtNs) - start) / 1e6;
  } finally {
    await peers.close();
  }
}

export interface BatchRun {
  clickToLast: number;
  labels: string[];
  longestAnswer: number;
  longestGap: number;
  /** The V8 heap in use in the station's process at the click, MB (a young collection's pause here grows with it). */
  heapAtClickMb: number;
  /** How long after its orders were made the station's threads became quiet (and whether they did). */
  started: { waitedMs: number; quiet: boolean };
}

/** A station with the orders waiting makes the batch; the click to the last label out of the Zebra peer. */
export async function runBatch(pace: PrinterPace): Promise<BatchRun> {
  const peers = await startPeers(pace);
  const dataDir = tempDir('bench-batch-');
  const station = await createStation({
    dataDir,
    printing: { printers: [tcpPrinter(peers.zebra), receiptPrinter(peers.escpos)], autoPrint: true },
  });
  try {
    const { dispatch } = createDispatcher(station);
    const orders = await benchWithBatchOrders(dispatch, ORDERS);
    const started = await untilThreadsQuiet();
    // A screen's command every 10 ms, timed from when it was due (its timer waits for the event loop like a socket
    // would); and the longest gap between two ticks of a 5 ms timer, less the 5 ms.
    let longestAnswer = 0;
    let longestGap = 0;
    let asking = true;
    let lastTick = performance.now();
    const ticker = setInterval(() => {
      const now = performance.now();
      longestGap = Math.max(longestGap, now - lastTick - 5);
      lastTick = now;
    }, 5);
    const ask = (async () => {
      while (asking) {
        const due = performance.now() + 10;
        await new Promise((done) => setTimeout(done, 10));
        await dispatch('orders.list', { state: 'waiting', limit: 1 });
        longestAnswer = Math.max(longestAnswer, performance.now() - due);
      }
    })();
    const heapAtClickMb = process.memoryUsage().heapUsed / 1e6;
    const start = process.hrtime.bigint();
    const created = commandValue<BatchView>(
      await dispatch('batches.create', { orderIds: [...orders.values()].map((o) => o.id) }),
    );
    const { lastLabelAtNs, labels } = await peers.waitForLabels(ORDERS);
    const clickToLast = Number(BigInt(lastLabelAtNs) - start) / 1e6;
    clearInterval(ticker);
    asking = false;
    await ask;
    if (created.total !== ORDERS) throw new Error(`batch of ${created.total} orders`);
    return { clickToLast, labels, longestAnswer, longestGap, heapAtClickMb, started };
  } finally {
    await station.close();
    await peers.close();
    removeTempDir(dataDir);
  }
}

const stalls = (run: BatchRun) =>
  `longest answer to a screen's command meanwhile ${run.longestAnswer.toFixed(1)} ms, ` +
  `longest stall of the event loop ${run.longestGap.toFixed(1)} ms (goal: under 50 ms); ` +
  `the station's heap ${run.heapAtClickMb.toFixed(0)} MB at the click, clicked ` +
  (run.started.quiet
    ? `once the station's threads were quiet (${run.started.waitedMs.toFixed(0)} ms after its orders were in)`
    : `with the station's threads still busy after ${run.started.waitedMs.toFixed(0)} ms`);

/** `runBatch` in a process of its own (batchStation.ts), its outcome sent back; bounded as its labels are. */
function runBatchApart(pace: PrinterPace): Promise<BatchRun> {
  const child = fork(join(import.meta.dirname, 'batchStation.ts'), [], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise<BatchRun>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill();
      reject(new Error('the batch station did not answer'));
    }, LABELS_WAIT_MS + 60_000);
    child.once('message', (message: BatchRun | { error: string }) => {
      clearTimeout(timer);
      if ('error' in message) reject(new Error(message.error));
      else resolve(message);
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the batch station exited (${code}) before its outcome`));
    });
    child.send(pace);
  });
}

export async function benchBatch(): Promise<Row[]> {
  const paced = { printSpeedIps: IPS, dpi: 203 };
  const atPace = await runBatchApart(paced);
  const printing = await backToBack(atPace.labels, paced);
  const instant = await runBatchApart({});
  const receiving = await backToBack(instant.labels, {});
  return [
    {
      name: `a batch of ${ORDERS} domestic one-parcel orders, the click to the last label out of a Zebra at ${IPS} ips`,
      medianMs: atPace.clickToLast,
      baseline: `the same peer printing the ${ORDERS} labels sent back to back`,
      baselineMs: printing,
      kind: 'one run',
      goal: 'batchToPrinter',
      extra: stalls(atPace),
    },
    {
      name: `the same batch at a peer that prints the instant a label is in (what the bench adds beyond the wire)`,
      medianMs: instant.clickToLast,
      baseline: `that peer taking the ${ORDERS} labels back to back`,
      baselineMs: receiving,
      kind: 'one run',
      extra: `${((instant.clickToLast - receiving) / ORDERS).toFixed(1)} ms a label over the wire, ${stalls(instant)}`,
    },
    {
      name: "the longest a screen's command or the event loop waited during either batch",
      medianMs: Math.max(atPace.longestAnswer, atPace.longestGap, instant.longestAnswer, instant.longestGap),
      baseline: "the issue's budget",
      baselineMs: 50,
      kind: 'longest',
      goal: 'batchStall',
    },
  ];
}
