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
  // The JPG first: it is drawn here and encoded on libuv's thread pool while this thread draws the PDF (a full create
  // 58-60/s instead of 47-51/s at 4 clients, the GET's 99th percentile unchanged: load bench, alternating runs).
  const jpg = task.jpg ? renderJpg(resources, task.model) : undefined;
  // Awaited below; if the PDF fails first, its failure is the task's and the JPG's must not go unobserved.
  jpg?.catch(() => undefined);
  if (task.pdf)
    out.pdf = await renderPdf(resources, task.model, task.dateMs === undefined ? {} : { date: new Date(task.dateMs) });
  if (jpg) out.jpg = new Uint8Array(await jpg);
  return out;
}
