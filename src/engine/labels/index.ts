// Labels for a shipment's parcels in the formats asked for: one model per parcel, drawn by each renderer.
import { buildLabelModel } from './layout';
import { jpgRenderer, pdfRenderer } from './lazy';
import { renderZpl, type ZplDpi } from './zpl';
import type { LabelData, LabelFormat, LabelModel, RenderedLabels } from './types';
import type { Resources } from '../resources';
import type { LabelPool } from './pool';

export { buildLabelModel } from './layout';
export { renderZpl, type ZplDpi } from './zpl';
export type * from './types';

/** The label as a PDF (pdf.ts), its renderer loaded on the first one (lazy.ts). */
export async function renderPdf(
  resources: Resources,
  model: LabelModel,
  opts: { date?: Date } = {},
): Promise<Uint8Array> {
  return (await pdfRenderer()).renderPdf(resources, model, opts);
}

/** The label as a JPEG (jpg.ts), its renderer loaded on the first one (lazy.ts). */
export async function renderJpg(resources: Resources, model: LabelModel, dpi?: number): Promise<Buffer> {
  return (await jpgRenderer()).renderJpg(resources, model, dpi);
}

/** ZPL labels only, one per parcel, on this thread: half a millisecond each, no I/O (the single-write path). */
export function renderZplLabels(parcels: LabelData[], resources: Resources, zplDpi: ZplDpi = 203): string[] {
  return parcels.map((data) => renderZpl(resources, buildLabelModel(resources, data), zplDpi));
}

export async function renderLabels(
  parcels: LabelData[],
  formats: ReadonlySet<LabelFormat>,
  opts: { resources: Resources; zplDpi?: ZplDpi; date?: Date; pool?: LabelPool },
): Promise<RenderedLabels> {
  const { resources, pool } = opts;
  const out: RenderedLabels = { zpl: [], pdf: [], jpg: [] };
  const raster = formats.has('PDF') || formats.has('JPG');
  if (pool && raster) {
    // ZPL here (half a millisecond); PDF and JPG on the pool's threads, the parcels at once, kept in parcel order.
    const models = parcels.map((data) => buildLabelModel(resources, data));
    const drawn = await Promise.all(
      models.map((model) =>
        pool.draw({
          resourcesDir: resources.dir,
          model,
          pdf: formats.has('PDF'),
          jpg: formats.has('JPG'),
          ...(opts.date ? { dateMs: opts.date.getTime() } : {}),
        }),
      ),
    );
    models.forEach((model, i) => {
      if (formats.has('ZPL')) out.zpl.push(renderZpl(resources, model, opts.zplDpi ?? 203));
      const d = drawn[i];
      if (d?.pdf) out.pdf.push(d.pdf);
      if (d?.jpg) out.jpg.push(d.jpg);
    });
    return out;
  }
  // Parcels in order, so label i is always parcel i whichever formats were asked for.
  for (const data of parcels) {
    const model = buildLabelModel(resources, data);
    if (formats.has('ZPL')) out.zpl.push(renderZpl(resources, model, opts.zplDpi ?? 203));
    if (formats.has('PDF')) out.pdf.push(await renderPdf(resources, model, opts.date ? { date: opts.date } : {}));
    if (formats.has('JPG')) out.jpg.push(await renderJpg(resources, model));
  }
  return out;
}
