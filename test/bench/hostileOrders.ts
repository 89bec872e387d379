// Hostile and big order files at a station (issue 27): a 100,000-row CSV (14 MB) imported (read on the order-file
// thread, every order checked, kept) and a 1.2 MB zip-bomb .xlsx (1.2 GB once inflated) refused, each beside a clean
// 10,000-row file's import in the same run; for each, the station thread's longest event-loop stall
// (monitorEventLoopDelay) and the process's peak RSS above where it started (the thread's memory is the process's).
import { createDispatcher } from '../../src/station/dispatch';
import { createStation } from '../../src/station/index';
import type { ImportPreview } from '../../src/shared/ipc/orderCommands';
import type { Result } from '../../src/shared/ipc/result';
import { ordersCsv } from '../fixtures/orderFiles';
import { zipBombXlsx } from '../fixtures/zipBomb';
import { commandValue } from '../helpers/stationCommands';
import { removeTempDir, tempDir } from '../helpers/tmp';
import { median, watched, type Row, type Watched } from './stats';

const summary = (all: readonly Watched[]) => ({
  ms: median(all.map((w) => w.ms)),
  stallMs: median(all.map((w) => w.stallMs)),
  peakMb: median(all.map((w) => w.peakMb)),
});

export async function benchHostileOrders(runs = Number(process.env.BENCH_HOSTILE_RUNS ?? 3)): Promise<Row[]> {
  const clean = Buffer.from(ordersCsv(7_500), 'utf8').toString('base64');
  const big = Buffer.from(ordersCsv(75_000), 'utf8').toString('base64');
  const bomb = zipBombXlsx(1_200).toString('base64');
  const results = { clean: [] as Watched[], big: [] as Watched[], bomb: [] as Watched[] };
  for (let run = 0; run < runs; run += 1) {
    const dataDir = tempDir('bench-hostile-');
    const station = await createStation({ dataDir });
    const { dispatch } = createDispatcher(station);
    // The file as the screen sends it, encoded before the clock starts: encoding is the screen's work.
    const importFile = async (base64: string, fileName: string, orders: number) => {
      const preview = commandValue<ImportPreview>(await dispatch('orders.preview', { fileName, base64 }));
      const done = commandValue<{ added: number }>(await dispatch('orders.import', { importId: preview.importId }));
      if (done.added !== orders) throw new Error(`${fileName}: expected ${orders} orders, kept ${done.added}`);
    };
    try {
      // The order-file thread started and warm, as at a bench that has read a file today.
      await importFile(Buffer.from(ordersCsv(2, { first: 1 }), 'utf8').toString('base64'), 'prova.csv', 2);
      results.clean.push(await watched(() => importFile(clean, 'ordini.csv', 7_500)));
      results.big.push(await watched(() => importFile(big, 'grande.csv', 75_000 - 7_500)));
      results.bomb.push(
        await watched(async () => {
          const refused: Result<unknown> = await dispatch('orders.preview', {
            fileName: 'bomba.xlsx',
            base64: bomb,
          });
          if (refused.ok) throw new Error('the zip bomb was not refused');
        }),
      );
    } finally {
      await station.close();
      removeTempDir(dataDir);
    }
  }
  const c = summary(results.clean);
  const b = summary(results.big);
  const z = summary(results.bomb);
  const beside = `clean file: longest stall ${c.stallMs.toFixed(0)} ms, peak RSS +${c.peakMb.toFixed(0)} MB`;
  return [
    {
      name: 'import 100,000 rows (75,000 orders, 14 MB CSV; the first 7,500 already waiting): read, check, keep',
      medianMs: b.ms,
      baseline: 'a clean 10,000-row file imported',
      baselineMs: c.ms,
      extra: `longest event-loop stall ${b.stallMs.toFixed(0)} ms, peak RSS +${b.peakMb.toFixed(0)} MB; ${beside}`,
    },
    {
      name: 'a 1.2 MB zip-bomb .xlsx (1.2 GB inflated) previewed and refused',
      medianMs: z.ms,
      baseline: 'a clean 10,000-row file imported',
      baselineMs: c.ms,
      extra: `longest event-loop stall ${z.stallMs.toFixed(0)} ms, peak RSS +${z.peakMb.toFixed(0)} MB; ${beside}`,
    },
  ];
}
