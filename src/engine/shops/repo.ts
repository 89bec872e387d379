// The shops connected to the bench and what the bench owes them: statements made once per connection. A fulfilment
// is due when every earlier one of its shipment was sent (a cancel never overtakes the fulfilment it withdraws), and
// every attempt is kept for the shop's log. Connections are scoped by their user; the worker reads them unscoped.
import type { ShopError } from '../../shared/api/shopFailures';
import type { Db } from '../db/open';
import { limitedStatement } from '../db/statementCache';
import { notSkipped, queueOutcomes, SAID, said } from './queueOutcomes';

export type { ShopPlatform } from '../../shared/domain/shopPlatforms';
import type { ShopPlatform } from '../../shared/domain/shopPlatforms';

export interface ShopConnectionRow {
  id: number;
  user_id: number;
  client_id: number;
  platform: ShopPlatform;
  address: string;
  name: string;
  notify_customer: number;
  watermark: string;
  last_poll_at: number | null;
  last_error: string;
  /** The failure's code (shared/api/shopFailures.ts; '' for none, and for rows from before migration 24). */
  last_error_code: string;
  last_error_detail: string;
  created_at: number;
}

/** Columns a new connection has no value for yet. */
type Unpolled = 'id' | 'watermark' | 'last_poll_at' | 'last_error' | 'last_error_code' | 'last_error_detail';

export interface ShopFulfilmentRow {
  id: number;
  connection_id: number;
  user_id: number;
  /** The shipment here; null for one made at another bench of the shared queue (hub_shipment_id). */
  shipment_id: number | null;
  /** The hub's shipment, made at another bench of the shared queue (not held here); null for one made here. */
  hub_shipment_id: number | null;
  shop_order_id: string;
  order_ref: string;
  kind: 'fulfil' | 'cancel';
  body: string;
  state: 'pending' | 'sent' | 'failed';
  attempts: number;
  next_attempt_at: number;
  last_error: string;
  last_error_code: string;
  last_error_detail: string;
  remote_id: string;
  created_at: number;
  sent_at: number | null;
}

export interface ShopAttemptRow {
  id: number;
  fulfilment_id: number;
  at: number;
  /** The shop's HTTP status; 0 when it gave none (refused, timed out, unreachable). */
  status: number;
  duration_ms: number;
  answer: string;
}

export interface ShopOrderLink {
  connection_id: number;
  shop_order_id: string;
  client_id: number;
  order_ref: string;
  updated_at: string;
}

/**
 * First in line for its shop order: no earlier row of the same order still pending. Per shop order, not per shipment:
 * a shipment deleted and made again queues the first one's withdrawal before the second one's fulfilment. A row given
 * up blocks nothing (what follows reads the shop's state first anyway).
 */
const HEAD_OF_ORDER = `NOT EXISTS (SELECT 1 FROM shop_fulfilments p WHERE p.connection_id = f.connection_id
  AND p.shop_order_id = f.shop_order_id AND p.id < f.id AND p.state = 'pending')`;
const NOT_SKIPPED = notSkipped('f.connection_id');
/**
 * A fulfilment waits for its shipment's labels: a shipment whose labels failed never reaches the shop. One made at
 * another bench of a shared queue (the hub's shipment, not held here) had its labels there.
 */
const READY = `(f.kind = 'cancel' OR f.hub_shipment_id IS NOT NULL
  OR EXISTS (SELECT 1 FROM shipments s WHERE s.id = f.shipment_id AND s.state = 'ok'))`;

export function createShopRepo(db: Db) {
  const outcomes = queueOutcomes(db, 'shop_fulfilments');
  const s = {
    connect: db.prepare<Omit<ShopConnectionRow, Unpolled>>(
      `INSERT INTO shop_connections (user_id, client_id, platform, address, name, notify_customer, created_at)
       VALUES (@user_id, @client_id, @platform, @address, @name, @notify_customer, @created_at)
       ON CONFLICT (user_id, platform, address) DO UPDATE SET client_id = excluded.client_id, name = excluded.name,
         notify_customer = excluded.notify_customer, last_error = '', last_error_code = '', last_error_detail = ''`,
    ),
    byAddress: db.prepare<[number, string, string], ShopConnectionRow>(
      'SELECT * FROM shop_connections WHERE user_id = ? AND platform = ? AND address = ?',
    ),
    connection: db.prepare<[number], ShopConnectionRow>('SELECT * FROM shop_connections WHERE id = ?'),
    connections: db.prepare<[], ShopConnectionRow>('SELECT * FROM shop_connections ORDER BY id'),
    ofUser: db.prepare<[number], ShopConnectionRow>('SELECT * FROM shop_connections WHERE user_id = ? ORDER BY id'),
    remove: db.prepare<[number, number]>('DELETE FROM shop_connections WHERE user_id = ? AND id = ?'),
    polled: db.prepare<{ id: number; at: number; watermark: string | null } & ReturnType<typeof said>>(
      `UPDATE shop_connections SET last_poll_at = @at, ${SAID}, watermark = coalesce(@watermark, watermark)
       WHERE id = @id`,
    ),
    link: db.prepare<ShopOrderLink>(
      `INSERT INTO shop_orders (connection_id, shop_order_id, client_id, order_ref, updated_at)
       VALUES (@connection_id, @shop_order_id, @client_id, @order_ref, @updated_at)
       ON CONFLICT (connection_id, shop_order_id) DO UPDATE SET client_id = excluded.client_id,
         order_ref = excluded.order_ref, updated_at = excluded.updated_at`,
    ),
    linkOf: db.prepare<[number, string], ShopOrderLink>(
      'SELECT * FROM shop_orders WHERE connection_id = ? AND shop_order_id = ?',
    ),
    /** The shop order a shipment ships: through the waiting order linked to it in the creating transaction. */
    ofShipment: db.prepare<[number], ShopOrderLink & { user_id: number; notify_customer: number }>(
      `SELECT so.*, c.user_id, c.notify_customer FROM orders o
       JOIN shop_orders so ON so.client_id = o.client_id AND so.order_ref = o.order_ref
       JOIN shop_connections c ON c.id = so.connection_id AND c.user_id = o.user_id
       WHERE o.shipment_id = ? ORDER BY so.updated_at DESC LIMIT 1`,
    ),
    /** The shop order of a user's order, by its reference (the latest link, as ofShipment reads it). */
    ofOrder: db.prepare<[number, number, string], ShopOrderLink & { user_id: number; notify_customer: number }>(
      `SELECT so.*, c.user_id, c.notify_customer FROM shop_orders so
       JOIN shop_connections c ON c.id = so.connection_id AND c.user_id = ?
       WHERE so.client_id = ? AND so.order_ref = ? ORDER BY so.updated_at DESC LIMIT 1`,
    ),
    queue: db.prepare<
      Omit<
        ShopFulfilmentRow,
        'id' | 'state' | 'attempts' | 'next_attempt_at' | `last_error${string}` | 'remote_id' | 'sent_at'
      >
    >(
      `INSERT INTO shop_fulfilments (connection_id, user_id, shipment_id, hub_shipment_id, shop_order_id, order_ref,
         kind, body, created_at) VALUES (@connection_id, @user_id, @shipment_id, @hub_shipment_id, @shop_order_id,
         @order_ref, @kind, @body, @created_at)`,
    ),
    ofShipmentRows: db.prepare<[number], ShopFulfilmentRow>(
      'SELECT * FROM shop_fulfilments WHERE shipment_id = ? ORDER BY id',
    ),
    ofHubRows: db.prepare<[number, number], ShopFulfilmentRow>(
      'SELECT * FROM shop_fulfilments WHERE connection_id = ? AND hub_shipment_id = ? ORDER BY id',
    ),
    due: limitedStatement<{ now: number; skip: string }, ShopFulfilmentRow>(
      db,
      `SELECT * FROM shop_fulfilments f WHERE f.state = 'pending' AND f.next_attempt_at <= @now
         AND ${HEAD_OF_ORDER} AND ${READY} AND ${NOT_SKIPPED} ORDER BY f.id`,
    ),
    nextDue: db.prepare<{ skip: string }, { at: number | null }>(
      `SELECT min(f.next_attempt_at) AS at FROM shop_fulfilments f WHERE f.state = 'pending' AND ${HEAD_OF_ORDER}
         AND ${READY} AND ${NOT_SKIPPED}`,
    ),
    byId: db.prepare<[number], ShopFulfilmentRow>('SELECT * FROM shop_fulfilments WHERE id = ?'),
    attempt: db.prepare<Omit<ShopAttemptRow, 'id'>>(
      `INSERT INTO shop_attempts (fulfilment_id, at, status, duration_ms, answer)
       VALUES (@fulfilment_id, @at, @status, @duration_ms, @answer)`,
    ),
    /**
     * Sent again from now (its give-up age counts from the resend); never a fulfilment whose shipment was deleted
     * since (a withdrawal follows it): the customer would get the tracking and then lose it.
     */
    resend: db.prepare<{ id: number; now: number }>(
      `UPDATE shop_fulfilments SET state = 'pending', next_attempt_at = 0, created_at = @now
       WHERE id = @id AND state = 'failed' AND NOT (kind = 'fulfil' AND EXISTS (SELECT 1 FROM shop_fulfilments c
         WHERE (c.shipment_id = shop_fulfilments.shipment_id OR (c.connection_id = shop_fulfilments.connection_id
           AND c.hub_shipment_id = shop_fulfilments.hub_shipment_id))
         AND c.kind = 'cancel' AND c.id > shop_fulfilments.id))`,
    ),
    /** Labels that could not be drawn: the shipment is refused, its fulfilment never goes to the shop. */
    drop: db.prepare<{ shipment: number; error: string }>(
      `UPDATE shop_fulfilments SET state = 'failed', last_error = @error
       WHERE shipment_id = @shipment AND kind = 'fulfil' AND state = 'pending'`,
    ),
    dropHub: db.prepare<{ id: number; error: string }>(
      `UPDATE shop_fulfilments SET state = 'failed', last_error = @error
       WHERE id = @id AND kind = 'fulfil' AND state = 'pending'`,
    ),
    log: db.prepare<{ connection: number; limit: number }, ShopFulfilmentRow>(
      'SELECT * FROM shop_fulfilments WHERE connection_id = @connection ORDER BY id DESC LIMIT @limit',
    ),
    attemptsOf: db.prepare<[number], ShopAttemptRow>('SELECT * FROM shop_attempts WHERE fulfilment_id = ? ORDER BY id'),
    counts: db.prepare<[number], { state: string; n: number }>(
      'SELECT state, count(*) AS n FROM shop_fulfilments WHERE connection_id = ? GROUP BY state',
    ),
  };
  return {
    connect(row: Omit<ShopConnectionRow, Unpolled>): ShopConnectionRow {
      s.connect.run(row);
      const kept = s.byAddress.get(row.user_id, row.platform, row.address);
      if (!kept) throw new Error('the shop connection just kept is missing');
      return kept;
    },
    connection: (id: number) => s.connection.get(id),
    connections: () => s.connections.all(),
    ofUser: (userId: number) => s.ofUser.all(userId),
    remove: (userId: number, id: number) => s.remove.run(userId, id).changes > 0,
    polled: (id: number, at: number, error: ShopError, watermark?: string) =>
      void s.polled.run({ id, at, ...said(error), watermark: watermark ?? null }),
    link: (link: ShopOrderLink) => void s.link.run(link),
    linkOf: (connectionId: number, shopOrderId: string) => s.linkOf.get(connectionId, shopOrderId),
    ofShipment: (shipmentId: number) => s.ofShipment.get(shipmentId),
    ofOrder: (user: number, clientId: number, orderRef: string) => s.ofOrder.get(user, clientId, orderRef),
    /** The new row's id. */
    queue: (row: Parameters<typeof s.queue.run>[0]) => Number(s.queue.run(row).lastInsertRowid),
    fulfilmentsOf: (shipmentId: number) => s.ofShipmentRows.all(shipmentId),
    /** The rows of one of a shop's fulfilments for a hub shipment (a hub's id names it only within that shop). */
    hubFulfilmentsOf: (connectionId: number, hubId: number) => s.ofHubRows.all(connectionId, hubId),
    due: (now: number, limit: number, skip: readonly number[] = []) =>
      s.due(limit).all({ now, skip: JSON.stringify(skip) }),
    nextDueAt: (skip: readonly number[] = []) => s.nextDue.get({ skip: JSON.stringify(skip) })?.at ?? undefined,
    byId: (id: number) => s.byId.get(id),
    attempted: db.transaction((attempt: Omit<ShopAttemptRow, 'id'>) => {
      s.attempt.run(attempt);
      outcomes.counted(attempt.fulfilment_id);
    }),
    sent: outcomes.sent,
    retry: outcomes.retry,
    failed: outcomes.failed,
    resend: (id: number, now: number) => s.resend.run({ id, now }).changes > 0,
    drop: (shipmentId: number, error: string) => void s.drop.run({ shipment: shipmentId, error }),
    /** A hub shipment's fulfilment `id` not sent yet never will be (its shipment is gone). */
    dropHub: (id: number, error: string) => void s.dropHub.run({ id, error }),
    log: (connectionId: number, limit: number) => s.log.all({ connection: connectionId, limit }),
    attemptsOf: (id: number) => s.attemptsOf.all(id),
    counts(connectionId: number): Record<'pending' | 'sent' | 'failed', number> {
      const counts = { pending: 0, sent: 0, failed: 0 };
      for (const row of s.counts.all(connectionId)) counts[row.state as keyof typeof counts] = row.n;
      return counts;
    },
  };
}

export type ShopRepo = ReturnType<typeof createShopRepo>;
