// The sync drain's goal is judged against the fastest drain the rate limits allow on this machine (sync.ts).
/**
 * The fastest the station could drain `count` shipments under a limit of `perWindow` creates per window when each
 * create takes `perShipmentMs` (the same run's unthrottled drain): a window's creates start when the window opens or
 * when the previous ones are done, whichever is later. With only the windows counted (the creates free) the floor
 * ignored that sending 285 creates takes about as long as a compressed 3 s window on this machine, so the ratio read
 * the machine's speed rather than the limiter's waiting.
 */
export function drainFloor(limits: {
  count: number;
  perWindow: number;
  windowMs: number;
  perShipmentMs: number;
}): number {
  const { count, perWindow, windowMs, perShipmentMs } = limits;
  let end = 0;
  for (let sent = 0, window = 0; sent < count; sent += perWindow, window += 1) {
    const creates = Math.min(perWindow, count - sent);
    end = Math.max(end, window * windowMs) + creates * perShipmentMs;
  }
  return end;
}
