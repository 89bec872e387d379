// The requests the PrestaShop client makes of a shop: a page of orders by state (the first read) or by date_upd range
// (every later one), where the next page starts, and what the shop's order states mean to the bench.
import type { Query } from './api';
import { flag, str, type PrestaShopOrderState } from './types';

export const PER_PAGE = 50;
/** PrestaShop's dates are the shop's local time to the second: the far end of an open range. */
const END_OF_TIME = '9999-12-31 23:59:59';

/** Where a read goes on: the date_upd it reads from (inclusive), and the offset within it. */
export function cursorOf(cursor: string | null, watermark: string): { after: string; offset: number } {
  if (cursor) {
    try {
      const parsed = JSON.parse(cursor) as { after?: unknown; offset?: unknown };
      if (typeof parsed.after === 'string' && typeof parsed.offset === 'number')
        return { after: parsed.after, offset: parsed.offset };
    } catch {
      // Not ours: read again from the watermark.
    }
  }
  return { after: watermark, offset: 0 };
}

/** A page of orders: the open states' on the first read, every order modified since `after` on a later one. */
export function ordersQuery(at: { after: string; offset: number }, openStates: readonly string[], first: boolean) {
  const query: Query = {
    display: 'full',
    sort: '[date_upd_ASC]',
    limit: `${at.offset},${PER_PAGE}`,
  };
  if (first) query['filter[current_state]'] = `[${openStates.join('|')}]`;
  if (at.after) {
    query['filter[date_upd]'] = `[${at.after},${END_OF_TIME}]`;
    query.date = '1';
  }
  return query;
}

/** The next page, or null: on by date_upd when the page moved it, by offset within one second otherwise. */
export function nextCursor(at: { after: string; offset: number }, read: number, latest: string): string | null {
  if (read < PER_PAGE) return null;
  return JSON.stringify(
    latest > at.after ? { after: latest, offset: 0 } : { after: at.after, offset: at.offset + read },
  );
}

/** What the shop's states mean to the bench. */
export interface StateMeanings {
  /** Paid and not yet shipped, or awaiting cash on delivery: the bench ships them. */
  open: Set<string>;
  /** The state whose e-mail tells the customer the parcel left ("Spedito"), or '' when the shop has none. */
  shipped: string;
  /** Any shipped or delivered state: an order in one was shipped already. */
  gone: Set<string>;
}

const templateOf = (state: PrestaShopOrderState): string[] =>
  Array.isArray(state.template) ? state.template.map((t) => str(t.value)) : [str(state.template)];

export function stateMeanings(states: readonly PrestaShopOrderState[]): StateMeanings {
  const live = states.filter((s) => !flag(s.deleted));
  const cod = (s: PrestaShopOrderState) => /cashondelivery/i.test(str(s.module_name));
  // Paid and validated (Refunded is paid but not logable), or waiting for its cash on delivery.
  const sale = (s: PrestaShopOrderState) => flag(s.paid) && flag(s.logable);
  const open = live.filter((s) => !flag(s.shipped) && !flag(s.delivery) && (sale(s) || cod(s)));
  const shippedOnes = live.filter((s) => flag(s.shipped)).sort((a, b) => Number(str(a.id)) - Number(str(b.id)));
  // PrestaShop's own "Spedito" sends the `shipped` e-mail; a shop without it: its first shipped state that e-mails.
  const shipped =
    shippedOnes.find((s) => templateOf(s).includes('shipped')) ??
    shippedOnes.find((s) => flag(s.send_email)) ??
    shippedOnes[0];
  return {
    open: new Set(open.map((s) => str(s.id))),
    shipped: shipped ? str(shipped.id) : '',
    gone: new Set(live.filter((s) => flag(s.shipped) || flag(s.delivery)).map((s) => str(s.id))),
  };
}
