// Big product lists at a station (issue 39): a 90,000-line .xlsx (about 4 MB) and a 90,000-line CSV (about 7.5 MB)
// imported through the command the Settings page uses, as it sends them (base64, encoded before the clock starts:
// encoding is the screen's work), each beside a 1,000-line CSV's import in the same run; for
// each, the station thread's longest event-loop stall (monitorEventLoopDelay) and the process's peak RSS above where
// it started (the reading thread's memory is the process's).
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import ExcelJS from 'exceljs';
import { createDispatcher } from '../../src/station/dispatch';
import { createStation } from '../../src/station/index';
import { commandValue } from '../helpers/stationCommands';
import { removeTempDir, tempDir } from '../helpers/tmp';
import { median, watched, type Row, type Watched } from './stats';

const HEADERS = [
  'SKU',
  'Descrizione doganale (EN)',
  'Codice HS',
  'Origine',
  'Peso netto (kg)',
  'Valore unitario',
  'Valuta',
];
const line = (i: number) => [
  `SKU-${String(i).padStart(6, '0')}`,
  `Porcelain mug with handle, glaze ${i % 97}, 350 ml`,
  '691110',
  'IT',
  '0,35',
  `${(i % 50) + 1},50`,
  'EUR',
];

const productsCsv = (lines: number) =>
  [HEADERS, ...Array.from({ length: lines }, (_, i) => line(i + 1))].map((cells) => cells.join(';')).join('\r\n');

async function productsXlsx(lines: number): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Prodotti');
  sheet.addRow(HEADERS);
  for (let i = 1; i <= lines; i++) {
    const cells = line(i);
    sheet.addRow([cells[0], cells[1], cells[2], cells[3], 0.35, (i % 50) + 1.5, cells[6]]);
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/**
 * A full collection before each import: the garbage of building the next file (a 10 MB string) is the bench's, and
 * collected during an import it would be counted as the import's stall.
 */
setFlagsFromString('--expose_gc');
const collect = runInNewContext('gc') as () => void;

const summary = (all: readonly Watched[]) => ({
  ms: median(all.map((w) => w.ms)),
  stallMs: median(all.map((w) => w.stallMs)),
  peakMb: median(all.map((w) => w.peakMb)),
});

export async function benchProductFiles(runs = Number(process.env.BENCH_PRODUCT_RUNS ?? 3)): Promise<Row[]> {
  const LINES = 90_000;
  const base64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');
  const small = base64(productsCsv(1_000));
  const csv = base64(productsCsv(LINES));
  const xlsx = (await productsXlsx(LINES)).toString('base64');
  const results = { small: [] as Watched[], csv: [] as Watched[], xlsx: [] as Watched[] };
  for (let run = 0; run < runs; run += 1) {
    const dataDir = tempDir('bench-products-');
    const station = await createStation({ dataDir });
    const { dispatch } = createDispatcher(station);
    const importFile = async (input: { base64: string; fileName: string }, added: number) => {
      const done = commandValue<{ added: number; updated: number; unchanged: number }>(
        await dispatch('products.import', input),
      );
      if (done.added + done.updated + done.unchanged !== added)
        throw new Error(`${input.fileName}: ${JSON.stringify(done)}`);
    };
    try {
      // The reading thread started and warm, as at a bench that has read a file today.
      await importFile({ base64: base64(productsCsv(2)), fileName: 'prova.csv' }, 2);
      collect();
      results.small.push(await watched(() => importFile({ base64: small, fileName: 'prodotti.csv' }, 1_000)));
      collect();
      results.csv.push(await watched(() => importFile({ base64: csv, fileName: 'prodotti.csv' }, LINES)));
      collect();
      results.xlsx.push(await watched(() => importFile({ base64: xlsx, fileName: 'prodotti.xlsx' }, LINES)));
    } finally {
      await station.close();
      removeTempDir(dataDir);
    }
  }
  const s = summary(results.small);
  const beside = `1,000 lines: longest stall ${s.stallMs.toFixed(0)} ms, peak RSS +${s.peakMb.toFixed(0)} MB`;
  const row = (name: string, w: Watched[]): Row => {
    const m = summary(w);
    return {
      name,
      medianMs: m.ms,
      baseline: 'a 1,000-line CSV imported',
      baselineMs: s.ms,
      extra: `longest event-loop stall ${m.stallMs.toFixed(0)} ms, peak RSS +${m.peakMb.toFixed(0)} MB; ${beside}`,
    };
  };
  return [
    row(
      `import a 90,000-line product CSV (${((csv.length * 3) / 4 / 1e6).toFixed(1)} MB): read, check, keep`,
      results.csv,
    ),
    row(`import a 90,000-line product .xlsx (${((xlsx.length * 3) / 4 / 1e6).toFixed(1)} MB)`, results.xlsx),
  ];
}
