// Waits for a station that has just started to finish starting: its threads (the label thread, the order files'
// reader, the hooks thread tsx gives each of them) load their modules from source for one to three seconds after the
// station is made, a core's worth of CPU. A bench that times what a click does waits for them as an operator's click
// comes seconds after the start. The desktop build loads the label thread from its bundle without tsx's hooks, its
// libraries still from node_modules: a first label in 0.47-0.60 s against 0.60-0.74 s from source, measured alone
// (docs/decisions.md, "The late morning's review (30 November)").
import { readdirSync, readFileSync } from 'node:fs';
import { taskStat } from './procStat';

/** A thread's stat line as read: its CPU ticks so far, and whether it is running or waiting for a core. */
export type TaskStat = ReturnType<typeof taskStat>;

/**
 * This process's threads other than the main one, by thread id, each as its stat line says. Undefined where /proc has
 * none.
 */
export function otherThreads(pid = process.pid): Map<string, TaskStat> | undefined {
  let tasks: string[];
  try {
    tasks = readdirSync(`/proc/${pid}/task`);
  } catch {
    return undefined;
  }
  const threads = new Map<string, TaskStat>();
  for (const tid of tasks) {
    if (Number(tid) === pid) continue;
    try {
      threads.set(tid, taskStat(readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8')));
    } catch {
      // The thread ended between the listing and the read: it uses nothing any more.
    }
  }
  return threads;
}

/**
 * What the threads did between two readings: the CPU ticks the threads of the second used since the first (all of
 * theirs for a thread started meanwhile), and how many of them are running or waiting for a core at the second (on a
 * loaded machine a thread with work may get no CPU for a whole window: its ticks alone would call it quiet). Thread by
 * thread: a sum over each reading would take the ticks of a thread that ended meanwhile off the others' work.
 */
export function usedBetween(
  before: ReadonlyMap<string, TaskStat>,
  after: ReadonlyMap<string, TaskStat>,
): { ticks: number; runnable: number } {
  let ticks = 0;
  let runnable = 0;
  for (const [tid, now] of after) {
    ticks += now.ticks - (before.get(tid)?.ticks ?? 0);
    if (now.runnable) runnable += 1;
  }
  return { ticks, runnable };
}

export interface QuietOptions {
  /** The window the other threads' CPU is summed over. */
  windowMs?: number;
  /** At most this many ticks (1/100 s each on Linux) in a window: quiet. */
  quietTicks?: number;
  /** Given up after this long (the caller goes on and says so). */
  timeoutMs?: number;
}

/**
 * Resolves, with how long it waited, once the other threads used at most `quietTicks` over a window and none of them
 * is running or waiting for a core at its end; never rejects.
 */
export async function untilThreadsQuiet(options: QuietOptions = {}): Promise<{ waitedMs: number; quiet: boolean }> {
  const { windowMs = 250, quietTicks = 2, timeoutMs = 15_000 } = options;
  const start = performance.now();
  const first = otherThreads();
  if (first === undefined) return { waitedMs: 0, quiet: false };
  let last = first;
  while (performance.now() - start < timeoutMs) {
    await new Promise((done) => setTimeout(done, windowMs));
    const now = otherThreads() ?? new Map<string, TaskStat>();
    const used = usedBetween(last, now);
    if (used.ticks <= quietTicks && used.runnable === 0) return { waitedMs: performance.now() - start, quiet: true };
    last = now;
  }
  return { waitedMs: performance.now() - start, quiet: false };
}
