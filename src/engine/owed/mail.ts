// The dropshipping e-mail: the waybill goes to the sender by e-mail when the request asked for it (`dropshipping` 1,
// kept in the stored data). Owed only by a standalone engine with a mail server (a connected station's remote sends
// its own), queued with the waybill: owed exactly when the waybill exists. And the recipient's e-mail when their
// parcel needs them (mail/recipient.ts), in both modes, when the bench asks for it.
import { queueRecipientMail } from '../mail/recipient';
import { newMessageId } from '../mail/repo';
import { parseStoredData } from '../shipments/record';
import type { Notice } from './notice';

/** The domain of the From address, for Message-IDs that look like the sender's own. */
const domainOf = (from: string) => /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? 'stazione-spedizioni.invalid';

export const mailNotice: Notice = {
  kind: 'mail',
  onWaybill(ctx, row) {
    if (ctx.connected || !ctx.mailFrom || parseStoredData(row).dropshipping !== 1) return false;
    ctx.mail.insert(row.id, newMessageId(row.id, domainOf(ctx.mailFrom)), ctx.clock.now().getTime());
    return true;
  },
  onParcelState: (ctx, row, state) => queueRecipientMail(ctx, row, state),
};
