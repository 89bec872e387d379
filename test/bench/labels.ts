// Label rendering per format (ZPL 203 and 300 dpi, PDF, JPG): median time and labels per second for a label that
// carries everything (badges, courier lines, QR, COD and insurance), each beside building the label model alone.
import { buildLabelModel, renderJpg, renderPdf, renderZpl, type LabelModel } from '../../src/engine/labels';
import type { LabelData } from '../../src/engine/labels/types';
import { worstCaseLabelData } from '../fixtures/labelData';
import { median, timeOnce, type Row } from './stats';
import { resources } from '../helpers/resources';

const WARM_UP = 10;

const FORMATS: ReadonlyArray<[string, (model: LabelModel) => unknown]> = [
  ['ZPL 203 dpi', (model) => renderZpl(resources, model, 203)],
  ['ZPL 300 dpi', (model) => renderZpl(resources, model, 300)],
  ['PDF', (model) => renderPdf(resources, model)],
  ['JPG 203 dpi', (model) => renderJpg(resources, model)],
];

/**
 * Label i of a run: its own barcode and tracking link, as consecutive parcels of different shipments have, so the
 * barcode and QR caches do not make the figures look better than a day at the bench.
 */
function parcel(i: number): LabelData {
  const data = worstCaseLabelData();
  const n = String(i).padStart(6, '0');
  return { ...data, parcel: { ...data.parcel, barcode: `SPED24${n}` }, qr: `${data.qr}&n=${n}` };
}

export async function benchLabels(count = Number(process.env.BENCH_LABELS ?? 100)): Promise<Row[]> {
  const rows: Row[] = [];
  let next = 0;
  for (const [format, render] of FORMATS) {
    for (let i = 0; i < WARM_UP; i += 1) await render(buildLabelModel(resources, parcel(next++))); // fonts, JIT, wasm
    const labels: number[] = [];
    const models: number[] = [];
    // Interleaved, so the baseline sees the same machine load as the renders it is compared with.
    for (let i = 0; i < count; i += 1) {
      const data = parcel(next++);
      models.push(await timeOnce(() => buildLabelModel(resources, data)));
      labels.push(await timeOnce(() => render(buildLabelModel(resources, data))));
    }
    const ms = median(labels);
    rows.push({
      name: `label ${format}, model + render (${count} labels)`,
      medianMs: ms,
      baseline: 'buildLabelModel only',
      baselineMs: median(models),
      extra: `${(1000 / ms).toFixed(0)} labels/s`,
    });
  }
  return rows;
}
