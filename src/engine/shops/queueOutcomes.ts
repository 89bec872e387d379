// What happens to a row of a shop's queue once it was tried (its fulfilments, and the parcel states that follow
// them): counted, sent with the shop's id for it, tried again later, given up. Written once for both tables, which
// share these columns; the table name is one of two literals, never input. And which shops a due read leaves out.
import type { Db } from '../db/open';

/**
 * A due read's condition leaving out the shops whose sending is under way (`@skip`: their connection ids as a JSON
 * array), so that one slow shop's rows never stand in front of another's. `column` is a literal of the caller's SQL.
 */
export const notSkipped = (column: 'f.connection_id' | 'n.connection_id') =>
  `${column} NOT IN (SELECT value FROM json_each(@skip))`;

export interface QueueOutcomes {
  counted(id: number): void;
  /** False when the row was no longer pending (given up, or sent by an earlier try). */
  sent(id: number, at: number, remote: string): boolean;
  retry(id: number, at: number, error: string): void;
  failed(id: number, error: string): void;
}

export function queueOutcomes(db: Db, table: 'shop_fulfilments' | 'parcel_notices'): QueueOutcomes {
  const s = {
    counted: db.prepare<[number]>(`UPDATE ${table} SET attempts = attempts + 1 WHERE id = ?`),
    sent: db.prepare<{ id: number; at: number; remote: string }>(
      `UPDATE ${table} SET state = 'sent', sent_at = @at, remote_id = @remote, last_error = ''
       WHERE id = @id AND state = 'pending'`,
    ),
    retry: db.prepare<{ id: number; at: number; error: string }>(
      `UPDATE ${table} SET next_attempt_at = @at, last_error = @error WHERE id = @id AND state = 'pending'`,
    ),
    failed: db.prepare<{ id: number; error: string }>(
      `UPDATE ${table} SET state = 'failed', last_error = @error WHERE id = @id`,
    ),
  };
  return {
    counted: (id) => void s.counted.run(id),
    sent: (id, at, remote) => s.sent.run({ id, at, remote }).changes > 0,
    retry: (id, at, error) => void s.retry.run({ id, at, error }),
    failed: (id, error) => void s.failed.run({ id, error }),
  };
}
