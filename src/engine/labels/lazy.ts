// The label renderers whose libraries are slow to load, loaded when a label first needs them rather than with the
// engine: pdf-lib with fontkit (PDF) and the canvas (JPG), about 0.8 s of a plain process's start (the
// bundled engine entry loaded in 1.08 s before, 0.28 s after, median of 7 on the 2-core machine). A process that only
// makes ZPL labels, or none (a station that syncs), never loads them. Label threads load both when they start
// instead (rasterTask.ts imports them): drawing is all those threads do.
import { lazily } from '../lazily';

export const pdfRenderer = lazily(() => import('./pdf'));
export const jpgRenderer = lazily(() => import('./jpg'));
