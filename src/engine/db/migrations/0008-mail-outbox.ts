// The e-mails the engine owes: one row per shipment whose waybill goes to the sender by e-mail (dropshipping 1),
// written in the transaction that stores the waybill, sent by the mail worker with retries. Its Message-ID is fixed
// when the row is written, so every attempt is the same message.
import type { Migration } from '../migration';

export const migration0008: Migration = {
  version: 8,
  name: 'mail-outbox',
  up(db) {
    db.exec(`
      CREATE TABLE mail_outbox (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        shipment_id INTEGER NOT NULL UNIQUE REFERENCES shipments(id) ON DELETE CASCADE,
        message_id TEXT NOT NULL,
        state TEXT NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'sending', 'sent', 'failed')),
        attempts INTEGER NOT NULL DEFAULT 0,
        next_attempt_at INTEGER NOT NULL DEFAULT 0,
        last_error TEXT NOT NULL DEFAULT '',
        created_at INTEGER NOT NULL,
        sent_at INTEGER
      );
      CREATE INDEX mail_outbox_due ON mail_outbox(state, next_attempt_at);
    `);
  },
};
