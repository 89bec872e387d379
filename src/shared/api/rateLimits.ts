// The remote's rate limits, written once for both sides: the budgets per bucket over a sliding window (spec, Limits),
// and the window's counting rule. The service's throttle refuses past them; the sync client paces itself under them.
import type { RateBucket } from './endpoints';

/** Per-category request budgets over a sliding window, per user. */
export interface RateLimits {
  windowMs: number;
  shipmentPosts: number;
  confirmPosts: number;
  posts: number;
  deletes: number;
  gets: number;
}

/** The real service's limits: per user per 5 minutes. */
export const REAL_LIMITS: RateLimits = {
  windowMs: 300_000,
  shipmentPosts: 300,
  confirmPosts: 300,
  posts: 450,
  deletes: 600,
  gets: 1200,
};

const LIMIT_OF: Record<RateBucket, Exclude<keyof RateLimits, 'windowMs'>> = {
  shipmentPost: 'shipmentPosts',
  confirmPost: 'confirmPosts',
  post: 'posts',
  delete: 'deletes',
  get: 'gets',
};

/** The budget of one bucket. */
export function limitOf(limits: RateLimits, bucket: RateBucket): number {
  return limits[LIMIT_OF[bucket]];
}

/**
 * The times counted in one bucket, oldest first, pruned of those that left the window. The rule both sides share: a
 * time `t` still counts at `at` while `t > at - windowMs` (so at exactly one window later it has left).
 */
export function inWindow(times: number[], at: number, windowMs: number): number[] {
  let drop = 0;
  while (drop < times.length && (times[drop] ?? Infinity) <= at - windowMs) drop += 1;
  if (drop > 0) times.splice(0, drop);
  return times;
}
