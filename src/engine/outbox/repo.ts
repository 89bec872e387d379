// Prepared statements over the outbox and the settings table. An outbox row is written in the same transaction as
// the local change it describes; rows of one shipment are sent in id order, a parked row holding back the later ones.
import type { Db } from '../db/open';

export type OutboxKind = 'create' | 'amend' | 'delete' | 'confirm';
export type OutboxState = 'pending' | 'done' | 'parked';

export interface OutboxRow {
  id: number;
  shipment_id: number;
  kind: OutboxKind;
  payload: string;
  state: OutboxState;
  attempts: number;
  maybe_sent: 0 | 1;
  next_attempt_at: number;
  last_error: string;
  created_at: number;
  done_at: number | null;
}

export function createOutboxRepo(db: Db) {
  const s = {
    insert: db.prepare<{ shipment_id: number; kind: OutboxKind; payload: string; created_at: number }>(
      'INSERT INTO outbox (shipment_id, kind, payload, created_at) VALUES (@shipment_id, @kind, @payload, @created_at)'),
    byId: db.prepare<[number], OutboxRow>('SELECT * FROM outbox WHERE id = ?'),
    openOfShipment: db.prepare<[number], OutboxRow>("SELECT * FROM outbox WHERE shipment_id = ? AND state != 'done' ORDER BY id"),
    // Ready: pending, due, and the first open row of its shipment (ordering per shipment).
    ready: db.prepare<{ now: number; limit: number }, OutboxRow>(`SELECT o.* FROM outbox o
      WHERE o.state = 'pending' AND o.next_attempt_at <= @now
        AND NOT EXISTS (SELECT 1 FROM outbox p WHERE p.shipment_id = o.shipment_id AND p.id < o.id AND p.state != 'done')
      ORDER BY o.id LIMIT @limit`),
    nextDue: db.prepare<[], { at: number | null }>("SELECT min(next_attempt_at) AS at FROM outbox WHERE state = 'pending'"),
    setPayload: db.prepare<{ id: number; payload: string }>('UPDATE outbox SET payload = @payload WHERE id = @id'),
    markAttempt: db.prepare<{ id: number; maybeSent: number }>(
      'UPDATE outbox SET attempts = attempts + 1, maybe_sent = max(maybe_sent, @maybeSent) WHERE id = @id'),
    retryAt: db.prepare<{ id: number; at: number; error: string; maybeSent: number }>(
      'UPDATE outbox SET next_attempt_at = @at, last_error = @error, maybe_sent = @maybeSent WHERE id = @id'),
    park: db.prepare<{ id: number; error: string }>("UPDATE outbox SET state = 'parked', last_error = @error WHERE id = @id"),
    done: db.prepare<{ id: number; at: number }>("UPDATE outbox SET state = 'done', done_at = @at, last_error = '' WHERE id = @id"),
    reopen: db.prepare<{ id: number; payload: string }>(
      "UPDATE outbox SET state = 'pending', payload = @payload, attempts = 0, next_attempt_at = 0, last_error = '' WHERE id = @id"),
    deleteRow: db.prepare<[number]>('DELETE FROM outbox WHERE id = ?'),
    counts: db.prepare<[], { pending: number; parked: number; oldest: number | null }>(`SELECT
      sum(state = 'pending') AS pending, sum(state = 'parked') AS parked,
      min(CASE WHEN state = 'pending' THEN created_at END) AS oldest FROM outbox WHERE state != 'done'`),
    getSetting: db.prepare<[string], { value: string }>('SELECT value FROM settings WHERE key = ?'),
    setSetting: db.prepare<{ key: string; value: string }>(
      'INSERT INTO settings (key, value) VALUES (@key, @value) ON CONFLICT(key) DO UPDATE SET value = excluded.value'),
  };
  return {
    insert: (shipmentId: number, kind: OutboxKind, payload: unknown, now: number) =>
      Number(s.insert.run({ shipment_id: shipmentId, kind, payload: JSON.stringify(payload), created_at: now }).lastInsertRowid),
    byId: (id: number) => s.byId.get(id),
    openOfShipment: (shipmentId: number) => s.openOfShipment.all(shipmentId),
    ready: (now: number, limit: number) => s.ready.all({ now, limit }),
    nextDue: () => s.nextDue.get()?.at ?? undefined,
    setPayload: (id: number, payload: unknown) => s.setPayload.run({ id, payload: JSON.stringify(payload) }),
    markAttempt: (id: number, maybeSent: boolean) => s.markAttempt.run({ id, maybeSent: maybeSent ? 1 : 0 }),
    retryAt: (id: number, at: number, error: string, maybeSent: boolean) => s.retryAt.run({ id, at, error, maybeSent: maybeSent ? 1 : 0 }),
    park: (id: number, error: string) => s.park.run({ id, error }),
    done: (id: number, at: number) => s.done.run({ id, at }),
    reopen: (id: number, payload: unknown) => s.reopen.run({ id, payload: JSON.stringify(payload) }),
    deleteRow: (id: number) => s.deleteRow.run(id),
    counts: () => {
      const row = s.counts.get();
      return { pending: row?.pending ?? 0, parked: row?.parked ?? 0, oldestPendingAt: row?.oldest ?? undefined };
    },
    getSetting: (key: string) => s.getSetting.get(key)?.value,
    setSetting: (key: string, value: string) => s.setSetting.run({ key, value }),
  };
}

export type OutboxRepo = ReturnType<typeof createOutboxRepo>;
