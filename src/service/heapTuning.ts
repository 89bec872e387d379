// The service's garbage collector, tuned for what it does: each full create leaves about 1 MB of large strings and
// Buffers (the labels in base64, the 390 kB answer) that live one request. With V8's default growing factor the old
// generation, whose live data is only 35-40 MB here, was fully collected every 15-20 creates, and those collections'
// pauses (6-15 ms, more with their incremental steps) were what a plain GET waited behind at the 99th percentile.
// Growing the old generation five times its live size before collecting makes them a fifth as frequent (one in 300
// creates instead of seven, traced with --trace-gc), for some tens of MB more at the peak. STATION_HEAP_GROWING_PERCENT
// sets another factor; 0 leaves V8's own.
import { setFlagsFromString } from 'node:v8';

export const DEFAULT_HEAP_GROWING_PERCENT = 400;

/** Applies the factor to this process's heap; returns the one in force (0: V8's own). */
export function tuneHeap(env: NodeJS.ProcessEnv = process.env): number {
  const given = env.STATION_HEAP_GROWING_PERCENT;
  const percent = given === undefined || given.trim() === '' ? DEFAULT_HEAP_GROWING_PERCENT : Number(given);
  if (!Number.isInteger(percent) || percent <= 0 || percent > 1000) return 0;
  setFlagsFromString(`--heap-growing-percent=${percent}`);
  return percent;
}
