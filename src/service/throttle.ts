// Per-user rate limits as the real service applies them (the numbers and the window's rule: shared/api/rateLimits.ts).
// A refused request does not count.
import type { RateBucket } from '../shared/api/endpoints';
import { inWindow, limitOf, type RateLimits } from '../shared/api/rateLimits';

export interface Throttle {
  /** Counts the request in its buckets, or names the first bucket that is full. */
  take(userId: number, buckets: readonly RateBucket[]): RateBucket | undefined;
}

export const BUCKET_LABEL: Record<RateBucket, string> = {
  shipmentPost: 'creazioni di spedizioni',
  confirmPost: 'conferme',
  post: 'richieste POST',
  delete: 'cancellazioni',
  get: 'letture',
};

export function createThrottle(limits: RateLimits | false, now: () => number = Date.now): Throttle {
  if (limits === false) return { take: () => undefined };
  const hits = new Map<string, number[]>();
  const recent = (key: string, at: number): number[] => {
    const list = inWindow(hits.get(key) ?? [], at, limits.windowMs);
    hits.set(key, list);
    return list;
  };
  return {
    take(userId, buckets) {
      const at = now();
      for (const bucket of buckets) {
        if (recent(`${userId}:${bucket}`, at).length >= limitOf(limits, bucket)) return bucket;
      }
      for (const bucket of buckets) recent(`${userId}:${bucket}`, at).push(at);
      return undefined;
    },
  };
}
