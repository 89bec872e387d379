// Medians, timing with the event loop's longest stall and peak memory, and the printed comparison lines every
// benchmark uses.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { GoalKey } from './goals';

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

export async function timeOnce(fn: () => Promise<unknown> | unknown): Promise<number> {
  const start = process.hrtime.bigint();
  await fn();
  return Number(process.hrtime.bigint() - start) / 1e6;
}

export interface Row {
  name: string;
  medianMs: number;
  baseline: string;
  baselineMs: number;
  extra?: string;
  /** What the two figures count, when not milliseconds (memory: MB). */
  unit?: string;
  /** What the first figure is, when not a median (a rate, a percentile). */
  kind?: string;
  /** The goal of goals.ts this row measures: its figure ÷ its baseline. */
  goal?: GoalKey;
}

export function printRows(title: string, rows: readonly Row[]): void {
  console.log(`\n${title}`);
  for (const row of rows) {
    const ratio = row.baselineMs > 0 ? (row.medianMs / row.baselineMs).toFixed(1) : 'n/a';
    const unit = row.unit ?? 'ms';
    console.log(
      `  ${row.name}: ${row.kind ?? 'median'} ${row.medianMs.toFixed(2)} ${unit} | baseline (${row.baseline}): ` +
        `${row.baselineMs.toFixed(3)} ${unit} | ratio ${ratio}x${row.extra ? ` | ${row.extra}` : ''}`,
    );
  }
}

export interface Watched {
  ms: number;
  stallMs: number;
  peakMb: number;
}

/**
 * `work` timed, with the longest stall of this thread and the peak RSS above the start while it ran. The stall is the
 * longer of monitorEventLoopDelay's and the longest gap between two turns of a 1 ms timer, the last gap running to the
 * end of `work`: work that never yields to the loop (a file read in one go) gives the histogram no sample at all.
 */
export async function watched(work: () => Promise<void>): Promise<Watched> {
  global.gc?.();
  const before = process.memoryUsage.rss();
  let peak = before;
  let lastTurn = performance.now();
  let longestGap = 0;
  const sampler = setInterval(() => {
    const now = performance.now();
    longestGap = Math.max(longestGap, now - lastTurn);
    lastTurn = now;
    // rss() alone: the whole memoryUsage() costs about 30 µs, 3 % of the watched thread at one sample a millisecond.
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 1);
  const loop = monitorEventLoopDelay({ resolution: 1 });
  loop.enable();
  const start = process.hrtime.bigint();
  try {
    await work();
  } finally {
    loop.disable();
    clearInterval(sampler);
  }
  longestGap = Math.max(longestGap, performance.now() - lastTurn);
  peak = Math.max(peak, process.memoryUsage.rss());
  const stallMs = Math.max(loop.max / 1e6, longestGap);
  return { ms: Number(process.hrtime.bigint() - start) / 1e6, stallMs, peakMb: (peak - before) / 1e6 };
}
