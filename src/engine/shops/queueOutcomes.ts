// What happens to a row of a shop's queue once it was tried (its fulfilments, and the parcel states that follow
// them): counted, sent with the shop's id for it, tried again later, given up. Written once for both tables, which
// share these columns; the table name is one of two literals, never input. And which shops a due read leaves out.
import type { ShopError } from '../../shared/api/shopFailures';
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
  retry(id: number, at: number, error: ShopError): void;
  failed(id: number, error: ShopError): void;
}

/** A failure's columns: the shop's words and their code with its detail (migration 24). */
export const SAID = 'last_error = @text, last_error_code = @code, last_error_detail = @detail';
type Said = { text: string; code: string; detail: string };
export const said = ({ text, code, detail }: ShopError): Said => ({ text, code, detail });

export function queueOutcomes(db: Db, table: 'shop_fulfilments' | 'parcel_notices'): QueueOutcomes {
  const s = {
    counted: db.prepare<[number]>(`UPDATE ${table} SET attempts = attempts + 1 WHERE id = ?`),
    sent: db.prepare<{ id: number; at: number; remote: string }>(
      `UPDATE ${table} SET state = 'sent', sent_at = @at, remote_id = @remote, last_error = '', last_error_code = '',
         last_error_detail = '' WHERE id = @id AND state = 'pending'`,
    ),
    retry: db.prepare<{ id: number; at: number } & Said>(
      `UPDATE ${table} SET next_attempt_at = @at, ${SAID} WHERE id = @id AND state = 'pending'`,
    ),
    failed: db.prepare<{ id: number } & Said>(`UPDATE ${table} SET state = 'failed', ${SAID} WHERE id = @id`),
  };
  return {
    counted: (id) => void s.counted.run(id),
    sent: (id, at, remote) => s.sent.run({ id, at, remote }).changes > 0,
    retry: (id, at, error) => void s.retry.run({ id, at, ...said(error) }),
    failed: (id, error) => void s.failed.run({ id, ...said(error) }),
  };
}
