// A WooCommerce site as the shop worker asks it (ShopClient). Orders: the processing ones on the first read, then
// every order modified since the last one read, those moved to the trash first (a cancelled, completed or trashed
// one leaves the bench). Fulfilment: the order
// completed, with the courier, tracking number and link in an order note (to the customer when the shop asked), or as
// a tracking item where the Shipment Tracking extension is installed. An attempt first reads the order's notes and
// tracking items: one carrying our number was made by an earlier attempt whose answer was lost. The parcel's delivery
// and what goes wrong after it: order notes (notes.ts).
import type { ShopFulfilmentDue } from '../../engine/index';
import { later, type ShopClient } from '../client';
import { refusedFor, type ShopFailure } from '../types';
import type { WooCommerceNote, WooCommerceOrder, WooCommerceTracking } from './types';
import { tellWooCommerce } from './notes';
import { woocommerceOrdersIn } from './orders';
import { notTheApi, noRoute, unreadable, woocommerceApi, type WooCommerceCall, type WooCommerceOptions } from './api';
import { CLOSED, NEVER_MODIFIED, PER_PAGE, cursorOf, gmt } from './requests';

export type { WooCommerceOptions } from './api';

/** A deleted shipment: its tracking item removed, the order back to processing, a note for the shop. */
async function withdraw(
  calls: { call: WooCommerceCall; trackingCall: WooCommerceCall },
  order: { id: string; item: ShopFulfilmentDue; trackingId: string | undefined; status: string },
) {
  const { call, trackingCall } = calls;
  const { id, item, trackingId, status } = order;
  if (trackingId) {
    const removed = await trackingCall('delete', `orders/${id}/shipment-trackings/${trackingId}`);
    if (!removed.ok && removed.failure.status !== 404) return removed.failure;
  }
  if (status === 'completed') {
    const back = await call('put', `orders/${id}`, { status: 'processing' });
    if (!back.ok) return back.failure;
    const note = `Spedizione ${item.body.number} annullata alla postazione: ordine di nuovo da spedire`;
    const told = await call('post', `orders/${id}/notes`, { note, customer_note: false });
    if (!told.ok) return told.failure;
  }
  return { ok: true as const, id: trackingId ?? '' };
}

export function woocommerceClient(options: WooCommerceOptions): ShopClient {
  const { where, call, trackingCall, close } = woocommerceApi(options);

  async function deliver(item: ShopFulfilmentDue): Promise<{ ok: true; id: string } | ShopFailure> {
    const id = item.shopOrderId;
    const { company, number, url } = item.body;
    const order = await call('get', `orders/${id}`);
    if (!order.ok) return order.failure;
    const status = (order.data.data as WooCommerceOrder | undefined)?.status ?? '';
    // Cancelled or refunded in the shop after the bench shipped it: completing it would tell the customer otherwise.
    if (item.kind === 'fulfil' && CLOSED.has(status))
      return refusedFor('orderClosed', `Ordine ${item.orderRef} ${status} nel negozio: non completato`);
    const notes = await call('get', `orders/${id}/notes`);
    if (!notes.ok) return notes.failure;
    if (!Array.isArray(notes.data.data)) return unreadable('note');
    const ourNote = (notes.data.data as WooCommerceNote[]).find((n) => (n.note ?? '').includes(number));
    const trackings = await trackingCall('get', `orders/${id}/shipment-trackings`);
    if (!trackings.ok && !noRoute(trackings.failure)) return trackings.failure;
    if (trackings.ok && !Array.isArray(trackings.data.data)) return unreadable('tracking');
    const tracked = trackings.ok
      ? (trackings.data.data as WooCommerceTracking[]).find((t) => t.tracking_number === number)
      : undefined;
    if (item.kind === 'cancel')
      return withdraw({ call, trackingCall }, { id, item, trackingId: tracked?.tracking_id, status });
    // The extension present: its tracking item (it shows in the shop's e-mails), the note only for the shop.
    if (trackings.ok && !tracked) {
      const made = await trackingCall('post', `orders/${id}/shipment-trackings`, {
        custom_tracking_provider: company,
        tracking_number: number,
        // Required with a custom provider by the extension's REST reference, even when the courier has no page.
        custom_tracking_link: url,
      });
      if (!made.ok) return made.failure;
    }
    let noteId = ourNote ? String(ourNote.id) : '';
    if (!ourNote) {
      const note = await call('post', `orders/${id}/notes`, {
        note: `Spedito con ${company}, numero di spedizione ${number}${url ? `: ${url}` : ''}`,
        customer_note: item.body.notifyCustomer && !trackings.ok,
      });
      if (!note.ok) return note.failure;
      noteId = String((note.data.data as Partial<WooCommerceNote>).id ?? '');
    }
    if (status !== 'completed') {
      const done = await call('put', `orders/${id}`, { status: 'completed' });
      if (!done.ok) return done.failure;
    }
    return { ok: true, id: tracked?.tracking_id ?? noteId };
  }

  return {
    async check() {
      // Asked as the reads ask (by modification time), for orders modified after a time no order can have: a
      // WooCommerce before 5.8 refuses `orderby=modified` or ignores `modified_after`, and every read would fail or
      // read the whole shop again.
      const answer = await call('get', 'orders', undefined, { per_page: 1, ...NEVER_MODIFIED });
      if (!answer.ok)
        return answer.failure.code === 'rest_invalid_param'
          ? { ok: false, failure: { ...answer.failure, reason: 'tooOld' } }
          : answer;
      // A web page, a maintenance notice, a plugin's text: not WooCommerce's API, whatever the status says.
      if (!Array.isArray(answer.data.data)) return { ok: false, failure: notTheApi(answer.data) };
      if (answer.data.data.length > 0)
        return { ok: false, failure: refusedFor('tooOld', 'Il sito non filtra gli ordini per data di modifica') };
      return { ok: true, data: { name: where.host } };
    },
    async orders(watermark, cursor, read) {
      // Paged by moving `modified_after` on, never by page number alone: an order modified between two pages moves
      // to the end of the list, and page N + 1 would skip the one that took its place. A page wholly within one
      // second (more orders than a page modified in it) goes on by page number within that second.
      const at = cursorOf(cursor, watermark);
      const since = Date.parse(gmt(at.after));
      const params: Record<string, string | number> = {
        status: at.trash ? 'trash' : watermark ? 'any' : 'processing',
        orderby: 'modified',
        order: 'asc',
        per_page: PER_PAGE,
        page: at.page,
        ...(Number.isNaN(since)
          ? {}
          : {
              modified_after: new Date(since - 1000).toISOString().replace(/\.\d{3}Z$/, ''),
              dates_are_gmt: 'true',
            }),
      };
      const answer = await call('get', 'orders', undefined, params);
      if (!answer.ok) return answer;
      // Never read as "no orders": the next poll asks again.
      if (!Array.isArray(answer.data.data)) return { ok: false, failure: unreadable('ordini') };
      const orders = answer.data.data as WooCommerceOrder[];
      const taken = woocommerceOrdersIn(orders, read);
      const full = orders.length >= PER_PAGE;
      // The trash read by page number, leaving the watermark where it is (read again until the other orders move it
      // on), then the orders of every other status from the same time.
      if (at.trash) {
        const next = full ? { ...at, page: at.page + 1 } : { after: at.after, page: 1 };
        return { ok: true, data: { taken, latest: '', next: JSON.stringify(next) } };
      }
      const latest = orders.reduce((max, order) => later(max, gmt(order.date_modified_gmt ?? '')), '');
      const moved = latest !== '' && Date.parse(latest) > (Number.isNaN(since) ? -Infinity : since);
      const next = !full
        ? null
        : JSON.stringify(moved ? { after: latest, page: 1 } : { after: at.after, page: at.page + 1 });
      return { ok: true, data: { taken, latest, next } };
    },
    deliver,
    tell: (item) => tellWooCommerce(call, item),
    close: async () => close(),
  };
}
