// The parcel states owed to connected shops (shops/events.ts queues them), as the shop worker sends them: due once
// the shipment's fulfilment reached the shop, in the order the states came, with the shop's id of that fulfilment.
import type { Caller } from '../auth/users';
import type { EngineContext } from '../context';
import type { ShopEventBody } from './events';
import { isShopRow } from '../tracking/notices';

export type { ShopEventBody } from './events';
import type { ShopConnectionRow } from './repo';
import { errorOf, shopFailureCodeOf, type ShopError, type ShopFailureCode } from '../../shared/api/shopFailures';

/** A row's failure as the screens read it: the words, and the code this version knows ('' for one it does not). */
export const errorView = (row: { last_error: string; last_error_code: string; last_error_detail: string }) => ({
  error: row.last_error,
  errorCode: shopFailureCodeOf(row.last_error_code),
  errorDetail: row.last_error_detail,
});

/** An event as the worker sends it. */
export interface ShopEventDue {
  id: number;
  connection: ShopConnectionRow;
  /** The shipment here; null for the parcel of a hub shipment made at another bench. */
  shipmentId: number | null;
  /** The shop's id of the fulfilment the bench made (Shopify's Fulfillment gid; WooCommerce's note or tracking). */
  fulfilmentId: string;
  body: ShopEventBody;
  attempts: number;
  /** Since when it is due (the state kept, or its fulfilment sent if later): what its give-up age counts from. */
  createdAt: number;
}

/** One state told (or being told) to the shop, as the bench shows it. */
export interface ShopEventView {
  kind: ShopEventBody['kind'];
  state: 'pending' | 'sent' | 'failed';
  attempts: number;
  error: string;
  /** Why, by a code the screens say in their language ('' for a text alone: shown as `error` says it). */
  errorCode: ShopFailureCode | '';
  errorDetail: string;
}

/** A state in the shop's log: which order and parcel, what the courier said, and how telling the shop went. */
export interface ShopEventLogEntry extends ShopEventView {
  id: number;
  /** The shipment here; null for the parcel of a hub shipment made at another bench. */
  shipmentId: number | null;
  orderRef: string;
  number: string;
  words: string;
  createdAt: number;
  sentAt: number | null;
}

export interface ShopEventsPort {
  /** The first `limit` due, leaving out the shops in `skip` (connection ids whose sending is under way). */
  due(nowMs: number, limit: number, skip?: readonly number[]): ShopEventDue[];
  nextDueAt(skip?: readonly number[]): number | undefined;
  /** Before the shop is asked: counts the attempt. */
  attempted(id: number): void;
  sent(id: number, remoteId: string): void;
  /** The shop's words, with their code where the worker read one (a text alone for the bench's own words). */
  retryLater(id: number, atMs: number, error: string | ShopError): void;
  failed(id: number, error: string | ShopError): void;
  /** The states one of the caller's shipments owes or owed its shop, oldest first. */
  ofShipment(caller: Caller, shipmentId: number): ShopEventView[];
  /** One of the caller's shops' states, newest first. */
  log(caller: Caller, connectionId: number, limit?: number): ShopEventLogEntry[];
  /** "Invia di nuovo": a given-up state goes again; false when it is not the caller's or not given up. */
  resend(caller: Caller, id: number): boolean;
}

export function shopEventsPort(ctx: EngineContext): ShopEventsPort {
  const notices = ctx.parcelNotices;
  return {
    due: (nowMs, limit, skip) =>
      notices.shopDue(nowMs, limit, skip).flatMap((row) => {
        const connection = row.connection_id === null ? undefined : ctx.shops.connection(row.connection_id);
        if (!connection) return [];
        const body = JSON.parse(row.body) as ShopEventBody;
        const { id, shipment_id: shipmentId, fulfilment_id: fulfilmentId, attempts } = row;
        // Due since its fulfilment reached the shop, if that came later: a state that waited days behind a shop
        // that was down is not given up at its first failed attempt.
        const createdAt = Math.max(row.created_at, row.fulfilled_at ?? 0);
        return [{ id, connection, shipmentId, fulfilmentId, body, attempts, createdAt }];
      }),
    nextDueAt: (skip) => notices.shopNextDueAt(skip),
    attempted: (id) => notices.attempted(id),
    sent: (id, remoteId) => void notices.sent(id, ctx.clock.now().getTime(), remoteId),
    retryLater: (id, atMs, error) => notices.retry(id, atMs, errorOf(error)),
    failed: (id, error) => notices.failed(id, errorOf(error)),
    ofShipment(caller, shipmentId) {
      if (!ctx.shipments.byId(caller.userId, shipmentId)) return [];
      return notices
        .ofShipment(shipmentId)
        .filter(isShopRow)
        .map((row) => ({ kind: row.event, state: row.state, attempts: row.attempts, ...errorView(row) }));
    },
    log(caller, connectionId, limit = 100) {
      const connection = ctx.shops.connection(connectionId);
      if (!connection || connection.user_id !== caller.userId) return [];
      return notices.shopLog(connectionId, Math.min(Math.max(1, limit), 500)).map((row) => {
        const body = JSON.parse(row.body) as ShopEventBody;
        return {
          id: row.id,
          shipmentId: row.shipment_id,
          orderRef: body.orderRef,
          number: body.number,
          kind: row.event,
          words: body.words,
          state: row.state,
          attempts: row.attempts,
          ...errorView(row),
          createdAt: row.created_at,
          sentAt: row.sent_at,
        };
      });
    },
    resend(caller, id) {
      const row = notices.byId(id);
      const connection = row?.connection_id ? ctx.shops.connection(row.connection_id) : undefined;
      if (!row || connection?.user_id !== caller.userId || !notices.resend(id, ctx.clock.now().getTime())) return false;
      ctx.queued(['shop']);
      return true;
    },
  };
}
