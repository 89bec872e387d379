// This bench's shop orders that another bench of a shared queue shipped (migration 33): which are still to be told to
// their shop (an order whose hub shipment had no waybill waits for its next read), the fulfilment each was told with,
// and the schedule and last state of each such parcel, followed for the shop. Statements made once per connection.
import type { TrackingState } from '../../shared/domain/tracking';
import type { Db } from '../db/open';
import { limitedStatement } from '../db/statementCache';
import type { ShopFulfilmentRow } from './repo';

/** A fulfilment `f` of a shop order for a shipment made at another bench, not withdrawn since. */
const HUB_FULFIL = `f.kind = 'fulfil' AND f.hub_shipment_id IS NOT NULL AND NOT EXISTS (SELECT 1
  FROM shop_fulfilments c WHERE c.connection_id = f.connection_id AND c.hub_shipment_id = f.hub_shipment_id
  AND c.kind = 'cancel' AND c.id > f.id)`;
/** The shop order (`so`) was told of a shipment made at another bench. */
const TOLD_OF_HUB = `EXISTS (SELECT 1 FROM shop_fulfilments f WHERE f.connection_id = so.connection_id
  AND f.shop_order_id = so.shop_order_id AND ${HUB_FULFIL})`;

interface HubParcelRow {
  fulfilment_id: number;
  next_at: number;
  final: number;
  code: number | null;
  words: string;
  seen_at: number | null;
}

export function createHubRepo(db: Db) {
  const s = {
    /**
     * This user's shop orders another bench of the shared queue shipped, whose shop has not been told yet, leaving out
     * those read lately whose hub shipment had no waybill (read again on their schedule).
     */
    owedElsewhere: limitedStatement<
      { user: number; bench: string; now: number },
      { id: number; client_id: number; order_ref: string }
    >(
      db,
      `SELECT o.id, o.client_id, o.order_ref FROM orders o
       JOIN shop_orders so ON so.client_id = o.client_id AND so.order_ref = o.order_ref
       JOIN shop_connections c ON c.id = so.connection_id AND c.user_id = o.user_id
       LEFT JOIN elsewhere_rereads r ON r.order_id = o.id
       WHERE o.user_id = @user AND o.shipment_id IS NULL AND o.claimed_by NOT IN ('', @bench)
         AND coalesce(r.next_at, 0) <= @now AND NOT ${TOLD_OF_HUB} ORDER BY o.id`,
    ),
    rereadOf: db.prepare<[number], { since: number }>('SELECT since FROM elsewhere_rereads WHERE order_id = ?'),
    reread: db.prepare<{ order: number; since: number; next: number }>(
      `INSERT INTO elsewhere_rereads (order_id, since, next_at) VALUES (@order, @since, @next)
       ON CONFLICT (order_id) DO UPDATE SET next_at = @next`,
    ),
    /** The fulfilment a shop order was told of a shipment made at another bench with, while not withdrawn. */
    hubFulfilment: db.prepare<[number, string], ShopFulfilmentRow>(
      `SELECT * FROM shop_fulfilments f WHERE f.connection_id = ? AND f.shop_order_id = ? AND ${HUB_FULFIL}
       ORDER BY f.id DESC LIMIT 1`,
    ),
    follow: db.prepare<{ id: number; now: number }>(
      'INSERT OR IGNORE INTO hub_parcels (fulfilment_id, next_at) VALUES (@id, @now)',
    ),
    due: limitedStatement<
      { user: number; now: number },
      { fulfilment_id: number; hub_shipment_id: number; body: string }
    >(
      db,
      `SELECT h.fulfilment_id, f.hub_shipment_id, f.body FROM hub_parcels h
       JOIN shop_fulfilments f ON f.id = h.fulfilment_id
       WHERE h.final = 0 AND h.next_at <= @now AND f.user_id = @user AND ${HUB_FULFIL}
       ORDER BY h.next_at, h.fulfilment_id`,
    ),
    row: db.prepare<[number], HubParcelRow>('SELECT * FROM hub_parcels WHERE fulfilment_id = ?'),
    kept: db.prepare<{ id: number; code: number; words: string; seen: number }>(
      'UPDATE hub_parcels SET code = @code, words = @words, seen_at = @seen WHERE fulfilment_id = @id',
    ),
    asked: db.prepare<{ id: number; next: number; checked: number | null; final: number; error: string }>(
      `UPDATE hub_parcels SET next_at = @next, checked_at = coalesce(@checked, checked_at), final = @final,
         last_error = @error WHERE fulfilment_id = @id`,
    ),
  };
  return {
    owedElsewhere: (user: number, bench: string, now: number, limit: number) =>
      s.owedElsewhere(limit).all({ user, bench, now }),
    /** An order shipped elsewhere read with no waybill yet: read again after `nextAfter(ms it has waited so far)`. */
    rereadLater(orderId: number, now: number, nextAfter: (waitedMs: number) => number) {
      const since = s.rereadOf.get(orderId)?.since ?? now;
      s.reread.run({ order: orderId, since, next: now + nextAfter(now - since) });
    },
    hubFulfilment: (connection: number, shopOrderId: string) => s.hubFulfilment.get(connection, shopOrderId),
    /** From now on, the fulfilment `id`'s parcel is asked about (at once, then on its schedule). */
    follow: (id: number, nowMs: number) => void s.follow.run({ id, now: nowMs }),
    due: (userId: number, nowMs: number, limit: number) => s.due(limit).all({ user: userId, now: nowMs }),
    row: (id: number) => s.row.get(id),
    kept: (id: number, state: TrackingState, seenMs: number) =>
      void s.kept.run({ id, code: state.code, words: state.words, seen: seenMs }),
    asked: (id: number, nextMs: number, checkedMs: number | null, final: boolean, error = '') =>
      void s.asked.run({ id, next: nextMs, checked: checkedMs, final: final ? 1 : 0, error }),
  };
}

export type HubRepo = ReturnType<typeof createHubRepo>;
