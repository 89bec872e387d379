// Waits for a station that has just started to finish starting: its threads (the label thread, the order files'
// reader, the hooks thread tsx gives each of them) load their modules from source for one to three seconds after the
// station is made, a core's worth of CPU. A bench that times what a click does waits for them as an operator's click
// comes seconds after the start; the desktop build loads the same threads from bundles in a fraction of that.
import { readdirSync, readFileSync } from 'node:fs';

/** What a /proc/<pid>/task/<tid>/stat line says: utime + stime in clock ticks (fields 14 and 15), and whether the
 * thread is running or waiting for a core (state R, field 3). The name, field 2, may hold spaces and brackets. */
export function taskStat(statLine: string): { ticks: number; runnable: boolean } {
  const afterName = statLine.slice(statLine.lastIndexOf(')') + 2).split(' ');
  // afterName[0] is field 3: fields 14 and 15 are at 11 and 12.
  return { ticks: Number(afterName[11]) + Number(afterName[12]), runnable: afterName[0] === 'R' };
}

/**
 * This process's threads other than the main one: the CPU ticks they have used, and how many are running or waiting
 * for a core now (on a loaded machine a thread with work may get no CPU for a whole window: its ticks alone would call
 * it quiet). Undefined where /proc has none.
 */
export function otherThreads(pid = process.pid): { ticks: number; runnable: number } | undefined {
  let tasks: string[];
  try {
    tasks = readdirSync(`/proc/${pid}/task`);
  } catch {
    return undefined;
  }
  let ticks = 0;
  let runnable = 0;
  for (const tid of tasks) {
    if (Number(tid) === pid) continue;
    try {
      const stat = taskStat(readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8'));
      ticks += stat.ticks;
      if (stat.runnable) runnable += 1;
    } catch {
      // The thread ended between the listing and the read: it uses nothing any more.
    }
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
  let last: number = first.ticks;
  while (performance.now() - start < timeoutMs) {
    await new Promise((done) => setTimeout(done, windowMs));
    const now = otherThreads() ?? { ticks: last, runnable: 0 };
    if (now.ticks - last <= quietTicks && now.runnable === 0)
      return { waitedMs: performance.now() - start, quiet: true };
    last = now.ticks;
  }
  return { waitedMs: performance.now() - start, quiet: false };
}
