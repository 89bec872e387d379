// What a label worker thread does (pool.ts): draws one parcel's PDF and/or JPG from its model, with the resources of
// the folder named in the task (opened once per thread and folder: sharedResources). The model is plain data, built
// on the engine's thread; the ZPL, cheap, is never sent here.
import { sharedResources } from '../resources';
import { renderJpg } from './jpg';
import { renderPdf } from './pdf';
import type { LabelModel } from './types';

export interface RasterTask {
  resourcesDir: string;
  model: LabelModel;
  pdf: boolean;
  jpg: boolean;
  /** The PDF's creation date (ms); absent: the fixed date. */
  dateMs?: number;
}

export interface RasterResult {
  pdf?: Uint8Array;
  jpg?: Uint8Array;
}

export async function drawRaster(task: RasterTask): Promise<RasterResult> {
  const resources = sharedResources(task.resourcesDir);
  const out: RasterResult = {};
  if (task.pdf)
    out.pdf = await renderPdf(resources, task.model, task.dateMs === undefined ? {} : { date: new Date(task.dateMs) });
  if (task.jpg) out.jpg = new Uint8Array(await renderJpg(resources, task.model));
  return out;
}
