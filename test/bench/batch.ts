// A batch of 150 domestic one-parcel orders (issue 43): from the click (batches.create through the command table) to
// the last label's last byte at the Zebra peer, beside the time the same peer takes to receive those 150 labels sent
// back to back (one connection each, as a printer receives single jobs), both measured in this run. Meanwhile a
// screen's command is asked every 10 ms: the longest it waited for its answer, and the event loop's longest delay,
// say whether the station kept answering (goal: under 50 ms).
import { connect } from 'node:net';
import { performance } from 'node:perf_hooks';
import { createStation } from '../../src/station/index';
import { createDispatcher } from '../../src/station/dispatch';
import type { BatchView } from '../../src/shared/domain/batches';
import { receiptPrinter, tcpPrinter } from '../fixtures/printers';
import { benchWithBatchOrders } from '../helpers/batchBench';
import { commandValue } from '../helpers/stationCommands';
import { removeTempDir, tempDir } from '../helpers/tmp';
import { startEscposPrinter } from '../peers/escposPrinter';
import { startZebraPrinter } from '../peers/zebraPrinter';
import type { Row } from './stats';

const ORDERS = 150;

/** ms for the peer to take `labels` sent one after another, each on its own connection. */
async function backToBack(labels: readonly string[]): Promise<number> {
  const zebra = await startZebraPrinter();
  try {
    const start = process.hrtime.bigint();
    for (const label of labels)
      await new Promise<void>((done) => connect(zebra.port, '127.0.0.1').end(label, () => done()));
    await zebra.waitForLabels(labels.length, 60_000);
    return Number(process.hrtime.bigint() - start) / 1e6;
  } finally {
    await zebra.close();
  }
}

export async function benchBatch(): Promise<Row[]> {
  let lastLabelAt = 0n;
  const zebra = await startZebraPrinter({ onLabel: (_format, atNs) => (lastLabelAt = atNs) });
  const receipts = await startEscposPrinter();
  const dataDir = tempDir('bench-batch-');
  const station = await createStation({
    dataDir,
    printing: { printers: [tcpPrinter(zebra), receiptPrinter(receipts)], autoPrint: true },
  });
  try {
    const { dispatch } = createDispatcher(station);
    const orders = await benchWithBatchOrders(dispatch, ORDERS);
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
    const start = process.hrtime.bigint();
    const created = commandValue<BatchView>(
      await dispatch('batches.create', { orderIds: [...orders.values()].map((o) => o.id) }),
    );
    await zebra.waitForLabels(ORDERS, 120_000);
    const clickToLast = Number(lastLabelAt - start) / 1e6;
    clearInterval(ticker);
    asking = false;
    await ask;
    if (created.total !== ORDERS) throw new Error(`batch of ${created.total} orders`);
    const receiving = await backToBack(zebra.labels());
    return [
      {
        name: `a batch of ${ORDERS} domestic one-parcel orders, from the click to the last label at the Zebra peer`,
        medianMs: clickToLast,
        baseline: `the peer receiving the ${ORDERS} labels back to back`,
        baselineMs: receiving,
        kind: 'one run',
        goal: 'batchToPrinter',
        extra:
          `longest answer to a screen's command meanwhile ${longestAnswer.toFixed(1)} ms, ` +
          `longest stall of the event loop ${longestGap.toFixed(1)} ms (goal: under 50 ms)`,
      },
    ];
  } finally {
    await station.close();
    await zebra.close();
    await receipts.close();
    removeTempDir(dataDir);
  }
}
