// The e-mails a standalone engine owes (dropshipping 1: the waybill to the sender): one row per shipment, written
// with the waybill in its transaction (localCourier.ts), read by the mail worker (src/mail) through the engine's
// MailPort. What each e-mail says is made when it is sent (content.ts).
import { randomBytes } from 'node:crypto';
import type { Db } from '../db/open';
import { limitedStatement } from '../db/statementCache';

export interface MailItem {
  id: number;
  shipmentId: number;
  messageId: string;
  attempts: number;
}

export interface MailMessage {
  messageId: string;
  to: string;
  subject: string;
  text: string;
  attachments: { filename: string; contentType: 'application/pdf'; content: Buffer }[];
}

/** What a row's message is now: ready to send, not yet (labels still being made), or never (why). */
export type MailContent =
  { kind: 'ready'; message: MailMessage } | { kind: 'wait' } | { kind: 'never'; reason: string };

export interface MailRow {
  id: number;
  shipment_id: number;
  message_id: string;
  state: 'pending' | 'sending' | 'sent' | 'failed';
  attempts: number;
  next_attempt_at: number;
  last_error: string;
  created_at: number;
  sent_at: number | null;
}

export function createMailRepo(db: Db) {
  const s = {
    insert: db.prepare<{ shipment_id: number; message_id: string; created_at: number }>(
      `INSERT INTO mail_outbox (shipment_id, message_id, created_at) VALUES (@shipment_id, @message_id, @created_at)
       ON CONFLICT(shipment_id) DO NOTHING`,
    ),
    due: limitedStatement<{ now: number }, MailRow>(
      db,
      `SELECT * FROM mail_outbox WHERE state IN ('pending', 'sending') AND next_attempt_at <= @now
       ORDER BY id`,
    ),
    nextDue: db.prepare<[], { at: number | null }>(
      "SELECT min(next_attempt_at) AS at FROM mail_outbox WHERE state IN ('pending', 'sending')",
    ),
    byId: db.prepare<[number], MailRow>('SELECT * FROM mail_outbox WHERE id = ?'),
    byShipment: db.prepare<[number], MailRow>('SELECT * FROM mail_outbox WHERE shipment_id = ?'),
    sending: db.prepare<[number]>(
      `UPDATE mail_outbox SET state = 'sending', attempts = attempts + 1
       WHERE id = ? AND state IN ('pending', 'sending')`,
    ),
    sent: db.prepare<{ id: number; at: number }>(
      "UPDATE mail_outbox SET state = 'sent', sent_at = @at, last_error = '' WHERE id = @id",
    ),
    retry: db.prepare<{ id: number; at: number; error: string }>(
      "UPDATE mail_outbox SET state = 'pending', next_attempt_at = @at, last_error = @error WHERE id = @id",
    ),
    failed: db.prepare<{ id: number; error: string }>(
      "UPDATE mail_outbox SET state = 'failed', last_error = @error WHERE id = @id",
    ),
  };
  return {
    /** Once per shipment: a second call for the same shipment changes nothing. */
    insert: (shipmentId: number, messageId: string, nowMs: number) =>
      s.insert.run({ shipment_id: shipmentId, message_id: messageId, created_at: nowMs }),
    due: (nowMs: number, limit: number) => s.due(limit).all({ now: nowMs }),
    nextDueAt: () => s.nextDue.get()?.at ?? undefined,
    byId: (id: number) => s.byId.get(id),
    byShipment: (shipmentId: number) => s.byShipment.get(shipmentId),
    sending: (id: number) => s.sending.run(id),
    sent: (id: number, atMs: number) => s.sent.run({ id, at: atMs }),
    retry: (id: number, atMs: number, error: string) => s.retry.run({ id, at: atMs, error }),
    failed: (id: number, error: string) => s.failed.run({ id, error }),
  };
}
export type MailRepo = ReturnType<typeof createMailRepo>;

/** A Message-ID fixed for the shipment when its e-mail is queued: every attempt sends the very same message. */
export function newMessageId(shipmentId: number, domain: string): string {
  return `<lettera-di-vettura.${shipmentId}.${randomBytes(6).toString('hex')}@${domain}>`;
}
