// Per-user rate limits as the real service applies them (per 5 minutes: 300 shipment POSTs, 300 confirm POSTs,
// 450 POSTs in all, 600 DELETEs, 1200 GETs). Sliding window; a refused request does not count.
import type { RateBucket } from '../shared/api/endpoints';
import type { ThrottleLimits } from './config';

export interface Throttle {
  /** Counts the request in its buckets, or names the first bucket that is full. */
  take(userId: number, buckets: readonly RateBucket[]): RateBucket | undefined;
}

const LIMIT_OF: Record<RateBucket, keyof ThrottleLimits> = {
  shipmentPost: 'shipment_posts',
  confirmPost: 'confirm_posts',
  post: 'posts',
  delete: 'deletes',
  get: 'gets',
};

export const BUCKET_LABEL: Record<RateBucket, string> = {
  shipmentPost: 'creazioni di spedizioni',
  confirmPost: 'conferme',
  post: 'richieste POST',
  delete: 'cancellazioni',
  get: 'letture',
};

export function createThrottle(limits: ThrottleLimits | false, now: () => number = Date.now): Throttle {
  if (limits === false) return { take: () => undefined };
  const windowMs = limits.window_seconds * 1000;
  const hits = new Map<string, number[]>();
  const recent = (key: string, at: number): number[] => {
    const list = hits.get(key) ?? [];
    let drop = 0;
    while (drop < list.length && (list[drop] ?? 0) <= at - windowMs) drop += 1;
    if (drop > 0) list.splice(0, drop);
    hits.set(key, list);
    return list;
  };
  return {
    take(userId, buckets) {
      const at = now();
      for (const bucket of buckets) {
        if (recent(`${userId}:${bucket}`, at).length >= limits[LIMIT_OF[bucket]]) return bucket;
      }
      for (const bucket of buckets) recent(`${userId}:${bucket}`, at).push(at);
      return undefined;
    },
  };
}
