// What the shop worker asks of a shop, whichever platform it is: the check before a connection is kept, a page of
// the orders updated since the last read (already read as the bench takes them in), and one attempt at a fulfilment,
// its withdrawal or a parcel state after it. Each platform's client answers in its own words; the worker does the
// rest alike.
import type { ShopEventDue, ShopFulfilmentDue, ShopOrderIn } from '../engine/index';
import type { ShopFailure } from './types';

export type Answer<T> = { ok: true; data: T } | { ok: false; failure: ShopFailure };

export interface OrdersRead {
  taken: ShopOrderIn[];
  /** The latest modification time among the orders read ('' when none): where the next read starts. */
  latest: string;
  /** The next page's cursor, or null on the last page. */
  next: string | null;
}

export interface ShopClient {
  /** The shop's name, or the platform's words for why not (a wrong token or key). */
  check(): Promise<Answer<{ name: string }>>;
  /** A page of orders updated since `watermark` ('' on the first read: the open ones). */
  orders(
    watermark: string,
    cursor: string | null,
    read: { clientId: number; codWords: readonly string[] },
  ): Promise<Answer<OrdersRead>>;
  /** One attempt; `id` is the shop's id of what was made or withdrawn ('' when there was nothing to withdraw). */
  deliver(item: ShopFulfilmentDue): Promise<{ ok: true; id: string } | ShopFailure>;
  /** One attempt at a parcel state after the fulfilment; `id` is the shop's id of the event or note (found or made). */
  tell(item: ShopEventDue): Promise<{ ok: true; id: string } | ShopFailure>;
  close(): Promise<void>;
}

/** The later of two ISO times ('' counts as none). */
export function later(a: string, b: string): string {
  if (!a) return b;
  if (!b) return a;
  return Date.parse(b) > Date.parse(a) ? b : a;
}
