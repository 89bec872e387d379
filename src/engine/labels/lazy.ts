// The label renderers whose libraries are slow to load, loaded when a label first needs them rather than with the
// engine: pdf-lib with fontkit (PDF, about 1 s in a plain process) and sharp with the canvas (JPG, about 0.3 s). A
// process that only makes ZPL labels, or none (a station that syncs), never loads them. Label threads load both
// when they start instead (rasterTask.ts imports them): drawing is all those threads do.
import { lazily } from '../lazily';

export const pdfRenderer = lazily(() => import('./pdf'));
export const jpgRenderer = lazily(() => import('./jpg'));
