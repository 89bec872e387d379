// The label worker thread's entry (piscina calls the default export once per task): see rasterTask.ts. On Linux a
// thread has its own nice value: drawing labels yields the CPU to the thread that answers requests, so a request is
// never queued behind a label on a busy bench (elsewhere the call would lower the whole process, so it is not made).
// The JPG is encoded on this thread too (jpegEncoder.ts): no other thread of the label's to lower. The encoder is
// compiled as the thread starts (encoderWarmUp.ts), not during the first labels the operator waits for.
import { setPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';
import { warmUpJpegEncoder } from './encoderWarmUp';
import { JPEG_QUALITY } from './jpg';
import { LABEL_THREAD_LOADED } from './pool';
import { drawRaster, type RasterResult, type RasterTask } from './rasterTask';

const LABEL_THREAD_NICE = 10;
const linux = process.platform === 'linux';
if (linux) {
  try {
    setPriority(0, LABEL_THREAD_NICE);
  } catch {
    // Not allowed here (a container's limits): labels are drawn at normal priority.
  }
}
warmUpJpegEncoder(JPEG_QUALITY);
// Loaded: the pool now knows its threads can start (a failure from here on is a label's, or a thread's death).
parentPort?.postMessage(LABEL_THREAD_LOADED);

export default function draw(task: RasterTask): Promise<RasterResult> {
  return drawRaster(task);
}
