// The e-mails an engine owes, as the mail worker (src/mail) and the bench see them: the port's type, its adapter over
// the dropshipping e-mails (a standalone engine's), and one over the recipients' e-mails on their parcels' states
// (mail/recipient.ts: in either mode), so the same mail worker sends both, each message as fixed when queued.
import type { Caller } from '../auth/users';
import type { EngineContext } from '../context';
import { mailContent } from './content';
import type { RecipientMail } from './recipient';
import { RETURN_LABEL_EVENT, returnLabelContent } from './returnLabel';
import type { MailContent, MailItem, MailRow } from './repo';
import { errorOf } from '../../shared/api/shopFailures';

export { RECIPIENT_MAIL_SETTING } from './recipient';

/** The e-mails owed, as the mail worker sees them (present on a standalone engine with a mail server). */
export interface MailPort {
  due(nowMs: number, limit: number): MailItem[];
  nextDueAt(): number | undefined;
  /** The message as it is to be sent now (built from the stored shipment), or why not (yet). */
  content(id: number): Promise<MailContent>;
  /** Before handing the message to the server: counts the attempt. */
  sending(id: number): void;
  sent(id: number): void;
  retryLater(id: number, atMs: number, error: string): void;
  /** Refused for good (a 5xx, no address): the bench and the log see it with the server's words. */
  failed(id: number, error: string): void;
  /** Told after a transaction queued an e-mail; returns the unsubscribe. */
  onQueued(listener: () => void): () => void;
  /** A shipment's e-mail as the bench shows it; undefined when it owes none. */
  stateOf(caller: Caller, shipmentId: number): { state: MailRow['state']; attempts: number; error: string } | undefined;
}

export function mailPort(ctx: EngineContext, onQueued: (listener: () => void) => () => void): MailPort {
  const now = () => ctx.clock.now().getTime();
  return {
    onQueued,
    due: (nowMs, limit) =>
      ctx.mail.due(nowMs, limit).map((r) => ({
        id: r.id,
        shipmentId: r.shipment_id,
        messageId: r.message_id,
        attempts: r.attempts,
      })),
    nextDueAt: () => ctx.mail.nextDueAt(),
    async content(id) {
      const row = ctx.mail.byId(id);
      return row ? mailContent(ctx, row) : { kind: 'never', reason: 'E-mail non più in coda' };
    },
    sending: (id) => void ctx.mail.sending(id),
    sent: (id) => void ctx.mail.sent(id, now()),
    retryLater: (id, atMs, error) => void ctx.mail.retry(id, atMs, error),
    failed: (id, error) => void ctx.mail.failed(id, error),
    stateOf(caller, shipmentId) {
      if (!ctx.shipments.byId(caller.userId, shipmentId)) return undefined;
      const row = ctx.mail.byShipment(shipmentId);
      return row && { state: row.state, attempts: row.attempts, error: row.last_error };
    },
  };
}

/** The recipients' e-mails, due in the order their states came. */
export function recipientMailPort(ctx: EngineContext, onQueued: (listener: () => void) => () => void): MailPort {
  const notices = ctx.parcelNotices;
  const now = () => ctx.clock.now().getTime();
  return {
    onQueued,
    due: (nowMs, limit) =>
      notices.mailDue(nowMs, limit).map((row) => ({
        id: row.id,
        shipmentId: row.shipment_id,
        messageId: (JSON.parse(row.body) as RecipientMail).messageId,
        attempts: row.attempts,
      })),
    nextDueAt: () => notices.mailNextDueAt(),
    content(id) {
      const row = notices.byId(id);
      if (!row || row.channel !== 'mail' || row.shipment_id === null)
        return Promise.resolve({ kind: 'never', reason: 'E-mail non più in coda' });
      // A return's label: written when it goes, with its PDF (returnLabel.ts); a state's notice as queued.
      if (row.event === RETURN_LABEL_EVENT) return returnLabelContent(ctx, row.shipment_id, row.body);
      const mail = JSON.parse(row.body) as RecipientMail;
      return Promise.resolve({ kind: 'ready', message: { ...mail, attachments: [] } });
    },
    sending: (id) => notices.attempted(id),
    sent: (id) => void notices.sent(id, now(), ''),
    retryLater: (id, atMs, error) => notices.retry(id, atMs, errorOf(error)),
    failed: (id, error) => notices.failed(id, errorOf(error)),
    stateOf(caller, shipmentId) {
      if (!ctx.shipments.byId(caller.userId, shipmentId)) return undefined;
      const row = notices
        .ofShipment(shipmentId)
        .filter((n) => n.channel === 'mail')
        .at(-1);
      return row && { state: row.state, attempts: row.attempts, error: row.last_error };
    },
  };
}
