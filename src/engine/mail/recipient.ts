// The recipient's e-mail when their parcel needs them (held at the depot, a delivery missed, the address not found):
// what happened, what to do, the tracking link and the waybill, in Italian for a parcel to Italy, San Marino or the
// Vatican and in English elsewhere. Optional (a bench setting, off until the operator turns it on), sent in both
// modes through the bench's mail server (a connected bench's remote does not tell recipients of tracking states),
// queued once per state in the transaction that keeps it; the message is fixed then, Message-ID included.
import { randomBytes } from 'node:crypto';
import type { TrackingKind, TrackingState } from '../../shared/domain/tracking';
import type { EngineContext } from '../context';
import { parseStoredData } from '../shipments/record';
import type { ShipmentRow } from '../shipments/repo';
import type { MailMessage } from './repo';

/** The bench setting (Settings › Banco): '1' to e-mail recipients; anything else, or never set, none. */
export const RECIPIENT_MAIL_SETTING = 'notices.recipient_mail';

type RecipientContext = Pick<EngineContext, 'settings' | 'parcelNotices' | 'couriers' | 'clock' | 'noticeMailFrom'>;
type Language = 'it' | 'en';
type Told = 'held' | 'attempted' | 'address_not_found';

/** The countries whose recipients are written to in Italian. */
const ITALIAN = new Set(['IT', 'SM', 'VA']);

/** What the recipient is told, by language and state: the subject, what happened, what to do. */
const WORDS: Record<Language, Record<Told, { subject: string; what: string; todo: string }> & { hello: string }> = {
  it: {
    hello: 'Buongiorno',
    held: {
      subject: 'La sua spedizione è in giacenza',
      what: 'il corriere non ha potuto consegnare la spedizione e la tiene in giacenza presso la sua filiale.',
      todo:
        'Cosa fare: dal link di tracciamento, o chiamando il corriere con il numero di spedizione, chieda una nuova ' +
        'consegna o il ritiro in filiale. Se nessuno dà istruzioni entro pochi giorni, il pacco torna al mittente.',
    },
    attempted: {
      subject: 'Consegna non riuscita',
      what: 'il corriere è passato per consegnare la spedizione ma non ha trovato nessuno.',
      todo:
        'Cosa fare: il corriere ripasserà o lascerà un avviso; dal link di tracciamento può scegliere un altro ' +
        'giorno o un altro indirizzo di consegna.',
    },
    address_not_found: {
      subject: 'Indirizzo di consegna da completare',
      what: 'il corriere non ha trovato l’indirizzo della spedizione: risulta errato o incompleto.',
      todo:
        'Cosa fare: risponda a questa e-mail con l’indirizzo completo (via, numero civico, scala o citofono, CAP e ' +
        'città) e un numero di telefono, così possiamo passarlo al corriere.',
    },
  },
  en: {
    hello: 'Hello',
    held: {
      subject: 'Your parcel is held at the depot',
      what: 'the courier could not deliver your parcel and is holding it at their depot.',
      todo:
        'What to do: through the tracking link, or by calling the courier with the waybill number, ask for a new ' +
        'delivery or collect it at the depot. If no one does within a few days, the parcel goes back to the sender.',
    },
    attempted: {
      subject: 'Delivery attempted',
      what: 'the courier came to deliver your parcel but found no one in.',
      todo:
        'What to do: the courier will come again or leave a notice; through the tracking link you can choose ' +
        'another day or address.',
    },
    address_not_found: {
      subject: 'Delivery address to complete',
      what: 'the courier could not find the delivery address: it is wrong or incomplete.',
      todo:
        'What to do: reply to this e-mail with the full address (street, number, staircase or doorbell name, ' +
        'postcode and town) and a phone number, so we can pass it on to the courier.',
    },
  },
};

const TOLD: ReadonlySet<TrackingKind> = new Set<Told>(['held', 'attempted', 'address_not_found']);
const isTold = (kind: TrackingKind): kind is Told => TOLD.has(kind);

/** The message as queued: sent as it is, every attempt the same. */
export type RecipientMail = Omit<MailMessage, 'attachments'>;

const domainOf = (from: string) => /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? 'stazione-spedizioni.invalid';

/** The recipient's e-mail for a state (undefined: this state owes none), as it will be sent. */
export function recipientMail(
  row: Pick<ShipmentRow, 'id' | 'data' | 'num_spedizione' | 'tracking_link'>,
  state: TrackingState,
  courier: string,
  from: string,
): RecipientMail | undefined {
  const d = parseStoredData(row);
  const to = String(d.rcpt_email ?? '').trim();
  if (!isTold(state.kind) || !to.includes('@') || !row.num_spedizione) return undefined;
  const language: Language = ITALIAN.has(String(d.rcpt_country_code ?? '').toUpperCase()) ? 'it' : 'en';
  const words = WORDS[language];
  const told = words[state.kind];
  const labels =
    language === 'it'
      ? {
          courier: 'Corriere',
          said: 'Stato indicato dal corriere',
          link: 'Tracciamento',
          number: 'Numero di spedizione',
        }
      : { courier: 'Courier', said: 'Status given by the courier', link: 'Tracking', number: 'Waybill number' };
  const lines = [
    `${words.hello} ${String(d.rcpt_name ?? '').trim()},`.replace(' ,', ','),
    '',
    `${language === 'it' ? 'la informiamo che' : 'we are writing to let you know that'} ${told.what}`,
    '',
    told.todo,
    '',
    `${labels.number}: ${row.num_spedizione}`,
    ...(row.tracking_link ? [`${labels.link}: ${row.tracking_link}`] : []),
    `${labels.courier}: ${courier}`,
    `${labels.said}: ${state.words}`,
  ];
  const messageId = `<notizia.${row.id}.${state.kind}.${randomBytes(6).toString('hex')}@${domainOf(from)}>`;
  return { messageId, to, subject: `${told.subject} – ${row.num_spedizione}`, text: `${lines.join('\n')}\n` };
}

/** Inside the transaction that kept `state`: queues the recipient's e-mail when the bench sends them; false if not. */
export function queueRecipientMail(ctx: RecipientContext, row: ShipmentRow, state: TrackingState): boolean {
  if (!ctx.noticeMailFrom || ctx.settings.get(RECIPIENT_MAIL_SETTING) !== '1') return false;
  const courier = ctx.couriers.get(row.corriere)?.name ?? `Corriere ${row.corriere}`;
  const mail = recipientMail(row, state, courier, ctx.noticeMailFrom);
  if (!mail) return false;
  return ctx.parcelNotices.queue({
    shipment_id: row.id,
    channel: 'mail',
    event: state.kind,
    connection_id: null,
    body: JSON.stringify(mail),
    created_at: ctx.clock.now().getTime(),
  });
}
