// The label worker thread's entry (piscina calls the default export once per task): see rasterTask.ts. On Linux a
// thread has its own nice value: drawing labels yields the CPU to the thread that answers requests, so a request is
// never queued behind a label on a busy bench (elsewhere the call would lower the whole process, so it is not made).
// libvips encodes the JPG on threads of its own, started from libuv's pool at normal priority: they are lowered too,
// once each, when a label finds new ones.
import { readdirSync, readFileSync } from 'node:fs';
import { setPriority } from 'node:os';
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

/** The process's threads already looked at (lowered when libvips', left alone otherwise). */
const seen = new Set<string>();

/** Lowers libvips' encoder threads that appeared since the last label: a readdir, and a name read per new thread. */
function lowerEncoders(): void {
  let tasks: string[];
  try {
    tasks = readdirSync('/proc/self/task');
  } catch {
    return;
  }
  for (const tid of tasks) {
    if (seen.has(tid)) continue;
    seen.add(tid);
    try {
      if (readFileSync(`/proc/self/task/${tid}/comm`, 'utf8').startsWith('libvips')) {
        setPriority(Number(tid), LABEL_THREAD_NICE);
      }
    } catch {
      // Gone meanwhile, or not allowed: left as it is.
    }
  }
}

export default async function draw(task: RasterTask): Promise<RasterResult> {
  const result = await drawRaster(task);
  if (linux && task.jpg) lowerEncoders();
  return result;
}
