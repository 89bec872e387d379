// Per-user rate limits (300 shipment POSTs, 300 confirm POSTs, 450 POSTs in all per 5 minutes) over a sliding
// window, driven by an injected clock so the window can be walked through without waiting.
import { describe, expect, it } from 'vitest';
import { ThrottleSchema } from '../../../src/service/config';
import { BUCKET_LABEL, createThrottle, type Throttle } from '../../../src/service/throttle';
import { ENDPOINTS, type RateBucket } from '../../../src/shared/api/endpoints';

const WINDOW_MS = 300_000;
const SHIPMENT_POST = ENDPOINTS.createShipment.limits;
const CONFIRM_POST = ENDPOINTS.confirmById.limits;
const USER = 1;

function fakeClock(start = 1_000_000) {
  let now = start;
  return {
    now: () => now,
    set: (at: number) => {
      now = at;
    },
    start,
  };
}

/** Takes `count` requests and returns how many were let through. */
function send(throttle: Throttle, buckets: readonly RateBucket[], count: number, user = USER): number {
  let allowed = 0;
  for (let i = 0; i < count; i += 1) if (throttle.take(user, buckets) === undefined) allowed += 1;
  return allowed;
}

describe('request throttling', () => {
  it('uses the real service limits by default', () => {
    expect(ThrottleSchema.parse({})).toEqual({
      windowMs: 300_000,
      shipmentPosts: 300,
      confirmPosts: 300,
      posts: 450,
      deletes: 600,
      gets: 1200,
    });
  });

  it('refuses the 301st shipment POST in five minutes, naming the shipment bucket', () => {
    const clock = fakeClock();
    const throttle = createThrottle(ThrottleSchema.parse({}), clock.now);

    expect(send(throttle, SHIPMENT_POST, 300)).toBe(300);
    const refused = throttle.take(USER, SHIPMENT_POST);
    expect(refused).toBe('shipmentPost');
    expect(BUCKET_LABEL[refused ?? 'get']).toBe('creazioni di spedizioni');
  });

  it('lets requests through again as soon as the oldest leave the window', () => {
    const clock = fakeClock();
    const throttle = createThrottle(ThrottleSchema.parse({}), clock.now);
    expect(send(throttle, SHIPMENT_POST, 150)).toBe(150);
    clock.set(clock.start + 60_000);
    expect(send(throttle, SHIPMENT_POST, 150)).toBe(150);

    clock.set(clock.start + WINDOW_MS - 1);
    expect(throttle.take(USER, SHIPMENT_POST)).toBe('shipmentPost');

    clock.set(clock.start + WINDOW_MS);
    expect(send(throttle, SHIPMENT_POST, 151)).toBe(150);

    clock.set(clock.start + 60_000 + WINDOW_MS);
    expect(send(throttle, SHIPMENT_POST, 151)).toBe(150);
  });

  it('does not count a refused request against the user', () => {
    const clock = fakeClock();
    const throttle = createThrottle(ThrottleSchema.parse({}), clock.now);
    expect(send(throttle, SHIPMENT_POST, 300)).toBe(300);

    clock.set(clock.start + 1_000);
    expect(send(throttle, SHIPMENT_POST, 50)).toBe(0);

    clock.set(clock.start + WINDOW_MS);
    expect(send(throttle, SHIPMENT_POST, 300)).toBe(300);
  });

  it('counts shipment and confirm POSTs together against the 450 POSTs in all', () => {
    const clock = fakeClock();
    const throttle = createThrottle(ThrottleSchema.parse({}), clock.now);
    expect(send(throttle, SHIPMENT_POST, 250)).toBe(250);
    expect(send(throttle, CONFIRM_POST, 200)).toBe(200);

    expect(throttle.take(USER, CONFIRM_POST)).toBe('post');
    expect(throttle.take(USER, SHIPMENT_POST)).toBe('post');
    expect(BUCKET_LABEL.post).toBe('richieste POST');
  });

  it('keeps each user to their own allowance', () => {
    const clock = fakeClock();
    const throttle = createThrottle(ThrottleSchema.parse({}), clock.now);
    expect(send(throttle, SHIPMENT_POST, 301, 1)).toBe(300);
    expect(send(throttle, SHIPMENT_POST, 300, 2)).toBe(300);
  });

  it('lets everything through when throttling is turned off with false', () => {
    const clock = fakeClock();
    const throttle = createThrottle(false, clock.now);
    expect(send(throttle, SHIPMENT_POST, 2_000)).toBe(2_000);
    expect(send(throttle, CONFIRM_POST, 2_000)).toBe(2_000);
  });
});
