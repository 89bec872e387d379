// How a partner event is signed, the way payment and shipping platforms sign their webhooks: HMAC-SHA256 with the
// endpoint's secret over "<unix seconds>.<raw body>", sent as `x-shipping-signature: t=<seconds>,v1=<hex>`. The
// receiver recomputes it over the bytes it got, compares in constant time and refuses a timestamp too far from now
// (a replayed delivery). docs/partner-events.md shows a receiver's check.
import { createHmac } from 'node:crypto';

export function partnerSignature(secret: string, body: string, atSeconds: number): string {
  const mac = createHmac('sha256', secret).update(`${atSeconds}.${body}`, 'utf8').digest('hex');
  return `t=${atSeconds},v1=${mac}`;
}
