// The label worker thread's entry (piscina calls the default export once per task): see rasterTask.ts.
import { drawRaster } from './rasterTask';

export default drawRaster;
