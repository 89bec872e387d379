// Create to printer (issue 14): a shop program's POST to the bench's local API, to the last byte of that label's ZPL
// at the printer (the Zebra peer on port-9100 raw), with auto-print on, one shipment at a time as a packing bench
// sends them. Baseline in the same run: the create's own answer (POST to 200), so the figure shows what printing
// adds. Reported: median and 99th percentile; and the same to a printer that never answers ~HS beside it (issue 28).
import { createStation } from '../../src/station/index';
import { tcpPrinter } from '../fixtures/printers';
import { validShipment } from '../fixtures/shipments';
import { apiClient } from '../helpers/api';
import { removeTempDir, tempDir } from '../helpers/tmp';
import { startZebraPrinter } from '../peers/zebraPrinter';
import { median, type Row } from './stats';

function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

interface Timed {
  toPrinter: number[];
  answered: number[];
}

/** `count` creates one at a time, each timed to its answer and to its label's last byte at the Zebra peer. */
async function createToPrinter(count: number, silent: boolean): Promise<Timed> {
  const waiting = new Map<string, (atNs: bigint) => void>();
  const zebra = await startZebraPrinter({
    onLabel(format, atNs) {
      for (const [ref, done] of waiting) {
        if (!format.includes(ref)) continue;
        waiting.delete(ref);
        done(atNs);
        return;
      }
    },
  });
  zebra.setSilent(silent);
  const dataDir = tempDir('bench-printer-');
  const station = await createStation({
    dataDir,
    printing: { printers: [tcpPrinter(zebra)], autoPrint: true },
    localPort: 0,
  });
  try {
    const api = apiClient(station.localApiUrl ?? '', station.localApiKey ?? '');
    const timed: Timed = { toPrinter: [], answered: [] };
    for (let i = -10; i < count; i += 1) {
      const ref = `PRN-${String(i + 10).padStart(5, '0')}X`;
      const printed = new Promise<bigint>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`label ${ref} not printed in 10 s`)), 10_000);
        waiting.set(ref, (at) => {
          clearTimeout(timer);
          resolve(at);
        });
      });
      const start = process.hrtime.bigint();
      const answer = await api.request('POST', '/Shipment', validShipment({ ddt_alpha: ref, labelType: 'ZPL' }));
      const answeredAt = process.hrtime.bigint();
      if (answer.status !== 200) throw new Error(`create failed: ${JSON.stringify(answer.body)}`);
      const at = await printed;
      if (i < 0) continue; // warm-up (the silent printer's first label waits for the ask that finds it silent)
      timed.toPrinter.push(Number(at - start) / 1e6);
      timed.answered.push(Number(answeredAt - start) / 1e6);
    }
    return timed;
  } finally {
    await station.close();
    await zebra.close();
    removeTempDir(dataDir);
  }
}

export async function benchCreateToPrinter(count = Number(process.env.BENCH_PRINTS ?? 200)): Promise<Row[]> {
  const answering = await createToPrinter(count, false);
  // Print servers and ZPL-emulating printers often never answer ~HS (issue 28): each label used to wait 4 s for it.
  const silent = await createToPrinter(Math.min(count, 50), true);
  return [
    {
      name: `create (local API, ZPL) to the label's last byte at the printer, auto-print, ${count} one at a time`,
      medianMs: median(answering.toPrinter),
      baseline: 'the create answered (POST to 200)',
      baselineMs: median(answering.answered),
      extra:
        `99th percentile ${percentile(answering.toPrinter, 99).toFixed(1)} ms ` +
        `(answer ${percentile(answering.answered, 99).toFixed(1)} ms)`,
    },
    {
      name: `the same to a printer that never answers ~HS, ${Math.min(count, 50)} one at a time`,
      medianMs: median(silent.toPrinter),
      baseline: 'the same to a Zebra that answers',
      baselineMs: median(answering.toPrinter),
      extra: `99th percentile ${percentile(silent.toPrinter, 99).toFixed(1)} ms`,
    },
  ];
}
