// Prepared statements over the outbox. An outbox row is written in the same transaction as
// the local change it describes; rows of one shipment are sent in id order, a parked row holding back the later ones.
import type { Db } from '../db/open';
import { limitedStatement } from '../db/statementCache';
import { OUTBOX_ROW_VERSION, type OutboxKind } from './rows';

export type { OutboxKind } from './rows';
export type OutboxState = 'pending' | 'done' | 'parked';

export interface OutboxRow {
  id: number;
  shipment_id: number;
  kind: OutboxKind;
  /** JSON written through outbox/rows.ts; `version` says which version of the kind's schema wrote it. */
  payload: string;
  version: number;
  state: OutboxState;
  attempts: number;
  maybe_sent: 0 | 1;
  next_attempt_at: number;
  last_error: string;
  created_at: number;
  done_at: number | null;
}

/**
 * The two reads the sync worker makes at every pass. Ready: pending, due, and the first open row of its shipment
 * (ordering per shipment). Both say `state != 'done'`, which `state = 'pending'` already implies, because SQLite
 * reads a partial index only for a query that repeats its condition: without it, every pass scanned the whole outbox,
 * done rows and their payloads included.
 */
export const OUTBOX_READS = {
  ready: `SELECT o.* FROM outbox o
      WHERE o.state = 'pending' AND o.state != 'done' AND o.next_attempt_at <= @now
        AND NOT EXISTS (SELECT 1 FROM outbox p WHERE p.shipment_id = o.shipment_id AND p.id < o.id AND p.state !=
        'done')
      ORDER BY o.id`,
  nextDue: "SELECT min(next_attempt_at) AS at FROM outbox WHERE state = 'pending' AND state != 'done'",
};

export function createOutboxRepo(db: Db) {
  const s = {
    insert: db.prepare<{ shipment_id: number; kind: OutboxKind; payload: string; version: number; created_at: number }>(
      `INSERT INTO outbox (shipment_id, kind, payload, version, created_at)
       VALUES (@shipment_id, @kind, @payload, @version, @created_at)`,
    ),
    byId: db.prepare<[number], OutboxRow>('SELECT * FROM outbox WHERE id = ?'),
    openOfShipment: db.prepare<[number], OutboxRow>(
      "SELECT * FROM outbox WHERE shipment_id = ? AND state != 'done' ORDER BY id",
    ),
    ready: limitedStatement<{ now: number }, OutboxRow>(db, OUTBOX_READS.ready),
    nextDue: db.prepare<[], { at: number | null }>(OUTBOX_READS.nextDue),
    setPayload: db.prepare<{ id: number; payload: string; version: number }>(
      'UPDATE outbox SET payload = @payload, version = @version WHERE id = @id',
    ),
    markAttempt: db.prepare<{ id: number; maybeSent: number }>(
      'UPDATE outbox SET attempts = attempts + 1, maybe_sent = max(maybe_sent, @maybeSent) WHERE id = @id',
    ),
    retryAt: db.prepare<{ id: number; at: number; error: string; maybeSent: number }>(
      'UPDATE outbox SET next_attempt_at = @at, last_error = @error, maybe_sent = @maybeSent WHERE id = @id',
    ),
    park: db.prepare<{ id: number; error: string }>(
      "UPDATE outbox SET state = 'parked', last_error = @error WHERE id = @id",
    ),
    done: db.prepare<{ id: number; at: number }>(
      "UPDATE outbox SET state = 'done', done_at = @at, last_error = '' WHERE id = @id",
    ),
    reopen: db.prepare<{ id: number; payload: string; version: number }>(`UPDATE outbox SET state = 'pending',
      payload = @payload, version = @version, attempts = 0, next_attempt_at = 0, last_error = '' WHERE id = @id`),
    deleteRow: db.prepare<[number]>('DELETE FROM outbox WHERE id = ?'),
    counts: db.prepare<[], { pending: number; parked: number; oldest: number | null }>(`SELECT
      sum(state = 'pending') AS pending, sum(state = 'parked') AS parked,
      min(CASE WHEN state = 'pending' THEN created_at END) AS oldest FROM outbox WHERE state != 'done'`),
  };
  return {
    /** `payload`: the text outbox/rows.ts writePayload made for this kind. */
    insert: (shipmentId: number, kind: OutboxKind, payload: string, now: number) =>
      Number(
        s.insert.run({ shipment_id: shipmentId, kind, payload, version: OUTBOX_ROW_VERSION, created_at: now })
          .lastInsertRowid,
      ),
    byId: (id: number) => s.byId.get(id),
    openOfShipment: (shipmentId: number) => s.openOfShipment.all(shipmentId),
    ready: (now: number, limit: number) => s.ready(limit).all({ now }),
    nextDue: () => s.nextDue.get()?.at ?? undefined,
    setPayload: (id: number, payload: string) => s.setPayload.run({ id, payload, version: OUTBOX_ROW_VERSION }),
    markAttempt: (id: number, maybeSent: boolean) => s.markAttempt.run({ id, maybeSent: maybeSent ? 1 : 0 }),
    retryAt: (id: number, at: number, error: string, maybeSent: boolean) =>
      s.retryAt.run({ id, at, error, maybeSent: maybeSent ? 1 : 0 }),
    park: (id: number, error: string) => s.park.run({ id, error }),
    done: (id: number, at: number) => s.done.run({ id, at }),
    reopen: (id: number, payload: string, version = OUTBOX_ROW_VERSION) => s.reopen.run({ id, payload, version }),
    deleteRow: (id: number) => s.deleteRow.run(id),
    counts: () => {
      const row = s.counts.get();
      return { pending: row?.pending ?? 0, parked: row?.parked ?? 0, oldestPendingAt: row?.oldest ?? undefined };
    },
  };
}

export type OutboxRepo = ReturnType<typeof createOutboxRepo>;
