// A departed parcel's state as a Shopify fulfilment event on the fulfilment the bench made (fulfillmentEventCreate):
// the status by what the state means (the table below; docs/decisions.md says why), the courier's own words as its
// message, and when the bench saw it. Sent once: the fulfilment's events are read first, and one of the same status,
// message and time is the one an earlier attempt made before its answer was lost.
import type { ShopEventDue } from '../../engine/index';
import type { TrackingKind } from '../../shared/domain/tracking';
import { refusedFor, type ShopFailure } from '../types';
import type { ShopifyShop, UserError } from './api';
import { EVENT_MUTATION, FULFILLMENT_EVENTS_QUERY } from './requests';

/** Shopify's FulfillmentEventStatus values the bench sends (the published schema's spelling). */
export type FulfillmentEventStatus =
  'CARRIER_PICKED_UP' | 'IN_TRANSIT' | 'OUT_FOR_DELIVERY' | 'DELIVERED' | 'ATTEMPTED_DELIVERY' | 'FAILURE';

/**
 * The event each state the shop follows (shopPlatforms.ts parcelStates) becomes. Held at the depot, refused and
 * address not found are each a failed delivery the customer or the shop must act on: FAILURE, with the courier's
 * words saying which (READY_FOR_PICKUP would tell the customer a pickup order is waiting, which it is not).
 */
export const EVENT_STATUS: Readonly<Partial<Record<TrackingKind, FulfillmentEventStatus>>> = {
  picked_up: 'CARRIER_PICKED_UP',
  in_transit: 'IN_TRANSIT',
  at_depot: 'IN_TRANSIT',
  out_for_delivery: 'OUT_FOR_DELIVERY',
  delivered: 'DELIVERED',
  attempted: 'ATTEMPTED_DELIVERY',
  held: 'FAILURE',
  refused: 'FAILURE',
  address_not_found: 'FAILURE',
};

/** The mutation's variables for one event: exactly what is sent, and what the schema test validates. */
export function eventVariables(item: Pick<ShopEventDue, 'fulfilmentId' | 'body'>) {
  const status = EVENT_STATUS[item.body.kind];
  if (!status) return undefined;
  const { words, happenedAt } = item.body;
  return { event: { fulfillmentId: item.fulfilmentId, status, message: words, happenedAt } };
}

interface EventsFound {
  fulfillment?: {
    id: string;
    status: string;
    events?: { nodes?: { id: string; status: string; message?: string | null; happenedAt?: string | null }[] };
  } | null;
}
type Made = { fulfillmentEventCreate?: { fulfillmentEvent?: { id: string } | null; userErrors?: UserError[] } };

const sameSecond = (a: string | null | undefined, b: string) =>
  Math.floor(Date.parse(a ?? '') / 1000) === Math.floor(Date.parse(b) / 1000);

/** One attempt at one event: the shop's id of it (made now or found made), or why not. */
export async function tellShopify(
  shop: ShopifyShop,
  item: ShopEventDue,
): Promise<{ ok: true; id: string } | ShopFailure> {
  const variables = eventVariables(item);
  if (!variables) return refusedFor('stateUnsupported', `Stato ${item.body.kind} non inviato a Shopify`, 0);
  const { event } = variables;
  const read = await shop.request<EventsFound>(FULFILLMENT_EVENTS_QUERY, { id: item.fulfilmentId }, 'events');
  if (!read.ok) return read.failure;
  const fulfilment = read.data.fulfillment;
  if (!fulfilment || fulfilment.status === 'CANCELLED')
    return refusedFor('fulfilmentGone', `Evasione ${item.fulfilmentId} non più nel negozio`);
  const mine = (fulfilment.events?.nodes ?? []).find(
    (e) =>
      e.status === event.status && (e.message ?? '') === event.message && sameSecond(e.happenedAt, event.happenedAt),
  );
  if (mine) return { ok: true, id: mine.id };
  const made = await shop.request<Made>(EVENT_MUTATION, variables, 'mutation');
  if (!made.ok) return made.failure;
  const result = made.data.fulfillmentEventCreate;
  const userErrors = result?.userErrors ?? [];
  if (userErrors.length > 0 || !result?.fulfillmentEvent) {
    const message = userErrors.map((e) => e.message).join('; ') || 'Risposta di Shopify senza evento';
    return { kind: 'refused', status: 200, message };
  }
  return { ok: true, id: result.fulfillmentEvent.id };
}
