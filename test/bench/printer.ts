// Create to printer (issue 14): a shop program's POST to the bench's local API, to the last byte of that label's ZPL
// at the printer (the Zebra peer on port-9100 raw), with auto-print on, one shipment at a time as a packing bench
// sends them. Baseline in the same run: the create's own answer (POST to 200), so the figure shows what printing
// adds. Reported: median and 99th percentile.
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

export async function benchCreateToPrinter(count = Number(process.env.BENCH_PRINTS ?? 200)): Promise<Row[]> {
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
  const dataDir = tempDir('bench-printer-');
  const station = await createStation({
    dataDir,
    printing: { printers: [tcpPrinter(zebra)], autoPrint: true },
    localPort: 0,
  });
  try {
    const api = apiClient(station.localApiUrl ?? '', station.localApiKey ?? '');
    const toPrinter: number[] = [];
    const answered: number[] = [];
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
      if (i < 0) continue; // warm-up
      toPrinter.push(Number(at - start) / 1e6);
      answered.push(Number(answeredAt - start) / 1e6);
    }
    return [
      {
        name: `create (local API, ZPL) to the label's last byte at the printer, auto-print, ${count} one at a time`,
        medianMs: median(toPrinter),
        baseline: 'the create answered (POST to 200)',
        baselineMs: median(answered),
        extra:
          `99th percentile ${percentile(toPrinter, 99).toFixed(1)} ms ` +
          `(answer ${percentile(answered, 99).toFixed(1)} ms)`,
      },
    ];
  } finally {
    await station.close();
    await zebra.close();
    removeTempDir(dataDir);
  }
}
