// The partner events a standalone engine owes: written with the change that causes them (events.ts), read
// by the partner worker (src/partners) through the engine's PartnerPort. Per shipment they go out in order: an event
// is due only when every earlier event of its shipment was delivered. Every attempt is kept for the delivery log.
import type { Db } from '../db/open';
import { limitedStatement } from '../db/statementCache';

export interface PartnerEventRow {
  id: number;
  event_id: string;
  user_id: number;
  client_id: number;
  shipment_id: number;
  order_id: string;
  type: string;
  body: string;
  state: 'pending' | 'delivered' | 'failed';
  attempts: number;
  next_attempt_at: number;
  last_error: string;
  created_at: number;
  delivered_at: number | null;
}

export interface PartnerAttemptRow {
  id: number;
  event_row: number;
  at: number;
  /** The receiver's HTTP status; 0 when it gave none (refused, timed out, unreachable). */
  status: number;
  duration_ms: number;
  /** The first characters of the answer, or what went wrong. */
  answer: string;
}

export interface NewPartnerEvent {
  event_id: string;
  user_id: number;
  client_id: number;
  shipment_id: number;
  order_id: string;
  type: string;
  body: string;
  created_at: number;
}

/** Due, and first in line for its shipment. */
const HEAD_OF_SHIPMENT = `NOT EXISTS (SELECT 1 FROM partner_events p
  WHERE p.shipment_id = e.shipment_id AND p.id < e.id AND p.state <> 'delivered')`;

export function createPartnerRepo(db: Db) {
  const s = {
    insert: db.prepare<NewPartnerEvent>(
      `INSERT INTO partner_events (event_id, user_id, client_id, shipment_id, order_id, type, body, created_at)
       VALUES (@event_id, @user_id, @client_id, @shipment_id, @order_id, @type, @body, @created_at)`,
    ),
    due: limitedStatement<{ now: number }, PartnerEventRow>(
      db,
      `SELECT * FROM partner_events e WHERE e.state = 'pending' AND e.next_attempt_at <= @now AND ${HEAD_OF_SHIPMENT}
       ORDER BY e.id`,
    ),
    nextDue: db.prepare<[], { at: number | null }>(
      `SELECT min(e.next_attempt_at) AS at FROM partner_events e WHERE e.state = 'pending' AND ${HEAD_OF_SHIPMENT}`,
    ),
    byId: db.prepare<[number], PartnerEventRow>('SELECT * FROM partner_events WHERE id = ?'),
    attempt: db.prepare<Omit<PartnerAttemptRow, 'id'>>(
      `INSERT INTO partner_attempts (event_row, at, status, duration_ms, answer)
       VALUES (@event_row, @at, @status, @duration_ms, @answer)`,
    ),
    counted: db.prepare<[number]>('UPDATE partner_events SET attempts = attempts + 1 WHERE id = ?'),
    delivered: db.prepare<{ id: number; at: number }>(
      "UPDATE partner_events SET state = 'delivered', delivered_at = @at, last_error = '' WHERE id = @id",
    ),
    retry: db.prepare<{ id: number; at: number; error: string }>(
      'UPDATE partner_events SET next_attempt_at = @at, last_error = @error WHERE id = @id',
    ),
    failed: db.prepare<{ id: number; error: string }>(
      "UPDATE partner_events SET state = 'failed', last_error = @error WHERE id = @id",
    ),
    /** What waits behind a given-up event goes with it (order per shipment is kept, never skipped). */
    failLater: db.prepare<{ id: number; shipment: number; error: string }>(
      `UPDATE partner_events SET state = 'failed', last_error = @error
       WHERE shipment_id = @shipment AND id > @id AND state = 'pending'`,
    ),
    /** Send again: every event of the shipment that was given up, in their order, from now. */
    resend: db.prepare<{ shipment: number }>(
      `UPDATE partner_events SET state = 'pending', next_attempt_at = 0, last_error = ''
       WHERE shipment_id = @shipment AND state = 'failed'`,
    ),
    ofClients: db.prepare<{ clients: string; limit: number; before: number }, PartnerEventRow>(
      `SELECT * FROM partner_events WHERE client_id IN (SELECT value FROM json_each(@clients)) AND id < @before
       ORDER BY id DESC LIMIT @limit`,
    ),
    attemptsOf: db.prepare<[number], PartnerAttemptRow>(
      'SELECT * FROM partner_attempts WHERE event_row = ? ORDER BY id',
    ),
    counts: db.prepare<[], { state: string; n: number }>(
      'SELECT state, count(*) AS n FROM partner_events GROUP BY state',
    ),
  };
  const failed = db.transaction((id: number, error: string) => {
    const row = s.byId.get(id);
    if (!row) return;
    s.failed.run({ id, error });
    s.failLater.run({
      id,
      shipment: row.shipment_id,
      error: 'Non inviato: un evento precedente non è stato consegnato',
    });
  });
  const resend = db.transaction((id: number): boolean => {
    const row = s.byId.get(id);
    if (!row || row.state !== 'failed') return false;
    return s.resend.run({ shipment: row.shipment_id }).changes > 0;
  });
  return {
    insert: (event: NewPartnerEvent) => Number(s.insert.run(event).lastInsertRowid),
    due: (nowMs: number, limit: number) => s.due(limit).all({ now: nowMs }),
    nextDueAt: () => s.nextDue.get()?.at ?? undefined,
    byId: (id: number) => s.byId.get(id),
    /** One attempt: logged and counted together. */
    attempted: db.transaction((attempt: Omit<PartnerAttemptRow, 'id'>) => {
      s.attempt.run(attempt);
      s.counted.run(attempt.event_row);
    }),
    delivered: (id: number, atMs: number) => s.delivered.run({ id, at: atMs }),
    retry: (id: number, atMs: number, error: string) => s.retry.run({ id, at: atMs, error }),
    // Each reads, then writes: immediate, so another connection's commit (the service's writer thread) is waited for
    // (the busy timeout) rather than failing at once with SQLITE_BUSY.
    failed: (id: number, error: string) => failed.immediate(id, error),
    resend: (id: number): boolean => resend.immediate(id),
    ofClients: (clientIds: readonly number[], limit: number, beforeId = Number.MAX_SAFE_INTEGER) =>
      s.ofClients.all({ clients: JSON.stringify(clientIds), limit, before: beforeId }),
    attemptsOf: (id: number) => s.attemptsOf.all(id),
    counts: () => Object.fromEntries(s.counts.all().map((r) => [r.state, r.n])) as Partial<Record<string, number>>,
  };
}
export type PartnerRepo = ReturnType<typeof createPartnerRepo>;
