// Labels for a shipment's parcels in the formats asked for: one model per parcel, drawn by each renderer.
import { buildLabelModel } from './layout';
import { renderJpg } from './jpg';
import { renderPdf } from './pdf';
import { renderZpl, type ZplDpi } from './zpl';
import type { LabelData, LabelFormat, RenderedLabels } from './types';
import type { Resources } from '../resources';

export { buildLabelModel } from './layout';
export { renderJpg } from './jpg';
export { renderPdf } from './pdf';
export { renderZpl, type ZplDpi } from './zpl';
export type * from './types';

export async function renderLabels(
  parcels: LabelData[],
  formats: ReadonlySet<LabelFormat>,
  opts: { resources: Resources; zplDpi?: ZplDpi; date?: Date },
): Promise<RenderedLabels> {
  const { resources } = opts;
  const out: RenderedLabels = { zpl: [], pdf: [], jpg: [] };
  // Parcels in order, so label i is always parcel i whichever formats were asked for.
  for (const data of parcels) {
    const model = buildLabelModel(resources, data);
    if (formats.has('ZPL')) out.zpl.push(renderZpl(resources, model, opts.zplDpi ?? 203));
    if (formats.has('PDF')) {
      const pdf = await renderPdf(resources, model, opts.date ? { date: opts.date } : {});
      out.pdf.push(Buffer.from(pdf).toString('base64'));
    }
    if (formats.has('JPG')) out.jpg.push((await renderJpg(resources, model)).toString('base64'));
  }
  return out;
}
