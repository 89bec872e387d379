// The statements of a bench on a shared order queue: its own orders not yet posted to the hub, the claims it asked for
// and has not resolved (kept before the request leaves, so a claim whose answer was lost is read back, never asked
// twice), and the bench the hub names as an order's claimant. Every statement is scoped by the caller's user id.
import type { Db } from '../db/open';
import { limitedStatement } from '../db/statementCache';
import { SHIPPED_NOW } from '../orders/repo';

export interface ClaimRow {
  id: number;
  client_id: number;
  order_ref: string;
  packages: number;
  weight: number;
  state: 'pending' | 'done' | 'dropped';
  shipment_id: number | null;
  created_at: number;
}

type NewClaim = { user: number; client: number; ref: string; packages: number; weight: number; at: number };

export interface UnpostedRow {
  id: number;
  client_id: number;
  order_ref: string;
  data: string;
  lines: string;
}

export function createSharedQueueRepo(db: Db) {
  const s = {
    unposted: limitedStatement<{ user: number; source: string }, UnpostedRow>(
      db,
      `SELECT o.id, o.client_id, o.order_ref, o.data, o.lines FROM orders o
       WHERE o.user_id = @user AND o.source != @source AND o.claimed_by = '' AND o.shipment_id IS NULL
         AND NOT EXISTS (SELECT 1 FROM queue_posts p WHERE p.order_id = o.id)
       ORDER BY o.id`,
    ),
    posted: db.prepare<{ user: number; order: number; remote: number | null; at: number }>(
      `INSERT OR REPLACE INTO queue_posts (order_id, user_id, remote_id, posted_at)
       SELECT id, user_id, @remote, @at FROM orders WHERE id = @order AND user_id = @user`,
    ),
    isPosted: db.prepare<[number, number], { n: number }>(
      'SELECT count(*) AS n FROM queue_posts WHERE user_id = ? AND order_id = ?',
    ),
    claimedBy: db.prepare<{ user: number; client: number; ref: string; bench: string }>(
      `UPDATE orders SET claimed_by = @bench
       WHERE user_id = @user AND client_id = @client AND order_ref = @ref AND claimed_by != @bench`,
    ),
    insertClaim: db.prepare<NewClaim>(
      `INSERT INTO queue_claims (user_id, client_id, order_ref, packages, weight, state, created_at)
       VALUES (@user, @client, @ref, @packages, @weight, 'pending', @at)`,
    ),
    openClaim: db.prepare<[number, number, string], ClaimRow>(
      `SELECT * FROM queue_claims WHERE user_id = ? AND client_id = ? AND order_ref = ? AND state = 'pending'`,
    ),
    claim: db.prepare<[number, number], ClaimRow>('SELECT * FROM queue_claims WHERE user_id = ? AND id = ?'),
    pending: db.prepare<[number], ClaimRow>(
      `SELECT * FROM queue_claims WHERE user_id = ? AND state = 'pending' ORDER BY id`,
    ),
    dropWaiting: db.prepare<[number, string]>(
      `DELETE FROM orders WHERE user_id = ? AND source = ? AND NOT ${SHIPPED_NOW}`,
    ),
    settle: db.prepare<{ user: number; id: number; state: 'done' | 'dropped'; shipment: number | null }>(
      `UPDATE queue_claims SET state = @state, shipment_id = @shipment
       WHERE user_id = @user AND id = @id AND state = 'pending'`,
    ),
  };
  return {
    unposted: (user: number, source: string, limit: number) => s.unposted(limit).all({ user, source }),
    posted: (user: number, order: number, remote: number | null, at: number) =>
      s.posted.run({ user, order, remote, at }),
    isPosted: (user: number, order: number) => (s.isPosted.get(user, order)?.n ?? 0) > 0,
    /** True when the order was not yet known as that bench's. */
    claimedBy: (user: number, client: number, ref: string, bench: string) =>
      s.claimedBy.run({ user, client, ref, bench }).changes > 0,
    insertClaim: (user: number, client: number, ref: string, packages: number, weight: number, at: number) =>
      Number(s.insertClaim.run({ user, client, ref, packages, weight, at }).lastInsertRowid),
    openClaim: (user: number, client: number, ref: string) => s.openClaim.get(user, client, ref),
    claim: (user: number, id: number) => s.claim.get(user, id),
    pending: (user: number) => s.pending.all(user),
    /** One statement, so all or none: the orders learnt from the queue that still wait here. How many. */
    dropWaiting: (user: number, source: string) => s.dropWaiting.run(user, source).changes,
    settle: (user: number, id: number, state: 'done' | 'dropped', shipment: number | null) =>
      s.settle.run({ user, id, state, shipment }).changes > 0,
  };
}

export type SharedQueueRepo = ReturnType<typeof createSharedQueueRepo>;
