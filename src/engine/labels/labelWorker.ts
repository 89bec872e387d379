// The label worker thread's entry (piscina calls the default export once per task): see rasterTask.ts. On Linux a
// thread has its own nice value: drawing labels yields the CPU to the thread that answers requests, so a request is
// never queued behind a label on a busy bench (elsewhere the call would lower the whole process, so it is not made).
import { setPriority } from 'node:os';
import { drawRaster } from './rasterTask';

const LABEL_THREAD_NICE = 10;
if (process.platform === 'linux') {
  try {
    setPriority(0, LABEL_THREAD_NICE);
  } catch {
    // Not allowed here (a container's limits): labels are drawn at normal priority.
  }
}

export default drawRaster;
