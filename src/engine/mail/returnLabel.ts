// The return label e-mailed to the customer: what to do with it, in Italian or English as the bench chose, and the
// label as one PDF (a page per parcel) attached when it is sent. Queued once per return on the recipients' mail queue
// (parcel_notices, channel 'mail'), so it goes in both modes through the bench's mail server; a connected bench's
// label arrives from the remote later, and the e-mail waits for it.
import { randomBytes } from 'node:crypto';
import type { Caller } from '../auth/users';
import type { EngineContext } from '../context';
import { renderLabels } from '../labels';
import { labelDataFor } from '../shipments/labelData';
import { parseStoredData } from '../shipments/record';
import type { ShipmentRow } from '../shipments/repo';
import { madeHere } from '../shipments/store';
import { formats } from '../../shared/format';
import type { MailContent, MailMessage } from './repo';

/** The notice's event: one return-label e-mail per return. */
export const RETURN_LABEL_EVENT = 'return_label';

export type MailLanguage = 'it' | 'en';

export type ReturnMailOutcome =
  { kind: 'queued'; to: string } | { kind: 'already' } | { kind: 'not_found' } | { kind: 'refused'; error: string };

const WORDS: Record<MailLanguage, (v: Record<string, string>) => { subject: string; lines: string[] }> = {
  it: (v) => ({
    subject: `Etichetta per il reso – ordine ${v.order}`,
    lines: [
      `Buongiorno ${v.name},`,
      '',
      `in allegato l'etichetta per il reso del suo ordine ${v.order}.`,
      '',
      'Come fare:',
      `1. Stampi l'etichetta allegata (PDF, ${v.pages}) e la applichi ben visibile sul pacco, coprendo o togliendo ` +
        'le etichette della spedizione precedente.',
      '2. Chiuda il pacco con cura, se possibile nell’imballo originale.',
      `3. Consegni il pacco al corriere ${v.courier}, che lo riporta a ${v.shop}.`,
      '',
      `Numero di spedizione del reso: ${v.waybill}`,
      ...(v.tracking ? [`Tracciamento: ${v.tracking}`] : []),
      `Colli: ${v.colli}, peso ${v.kg}`,
    ],
  }),
  en: (v) => ({
    subject: `Your return label – order ${v.order}`,
    lines: [
      `Hello ${v.name},`,
      '',
      `attached is the return label for your order ${v.order}.`,
      '',
      'What to do:',
      `1. Print the attached label (PDF, ${v.pages}) and stick it where it can be seen on the parcel, covering or ` +
        'removing the labels of the earlier shipment.',
      '2. Close the parcel with care, in its original packaging if you can.',
      `3. Hand the parcel to the courier ${v.courier}, who brings it back to ${v.shop}.`,
      '',
      `Return waybill number: ${v.waybill}`,
      ...(v.tracking ? [`Tracking: ${v.tracking}`] : []),
      `Parcels: ${v.colli}, weight ${v.kg}`,
    ],
  }),
};

const PAGES: Record<MailLanguage, (n: number) => string> = {
  it: (n) => (n === 1 ? 'una pagina' : `${n} pagine, una per collo`),
  en: (n) => (n === 1 ? 'one page' : `${n} pages, one per parcel`),
};

const domainOf = (from: string) => /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? 'stazione-spedizioni.invalid';

/** The e-mail of a return with its waybill, as it will be sent (the label attached when it goes). */
export function returnLabelMail(
  row: ShipmentRow,
  language: MailLanguage,
  courier: string,
  from: string,
): Omit<MailMessage, 'attachments'> {
  const d = parseStoredData(row);
  const words = WORDS[language]({
    name: String(d.sender_name ?? '').trim(),
    order: row.ddt_alpha.replace(/-R\d+$/, ''),
    pages: PAGES[language](row.colli),
    courier,
    shop: String(d.rcpt_name ?? ''),
    waybill: row.num_spedizione,
    tracking: row.tracking_link,
    colli: String(row.colli),
    kg: formats(language).kg(row.peso),
  });
  const messageId = `<reso.${row.id}.${randomBytes(6).toString('hex')}@${domainOf(from)}>`;
  return {
    messageId,
    to: String(d.sender_email ?? '').trim(),
    subject: words.subject,
    text: `${words.lines.join('\n')}\n`,
  };
}

/** Queues a return's label e-mail to its sender (the customer), once; the bench needs a mail server for it. */
export function queueReturnLabelMail(
  ctx: EngineContext,
  caller: Caller,
  returnId: number,
  language: MailLanguage,
  /** The courier as the bench names it (a connected bench's catalog); the engine's own name otherwise. */
  courierName?: string,
): ReturnMailOutcome {
  const row = ctx.shipments.byId(caller.userId, returnId);
  if (!row) return { kind: 'not_found' };
  if (parseStoredData(row).flag_reso !== 1) return { kind: 'refused', error: 'La spedizione non è un reso' };
  if (!ctx.noticeMailFrom) return { kind: 'refused', error: 'Nessun server di posta configurato (Impostazioni)' };
  if (row.state === 'failed') return { kind: 'refused', error: `Reso in errore: ${row.error}` };
  const courier = courierName || (ctx.couriers.get(row.corriere)?.name ?? `Corriere ${row.corriere}`);
  const mail = returnLabelMail(row, language, courier, ctx.noticeMailFrom);
  if (!mail.to.includes('@')) return { kind: 'refused', error: 'Nessun indirizzo e-mail del cliente' };
  const queued = ctx.parcelNotices.queue({
    shipment_id: row.id,
    channel: 'mail',
    event: RETURN_LABEL_EVENT,
    connection_id: null,
    // Its words once the waybill is known: written when it is sent (mailContent), the language kept here.
    body: JSON.stringify({ messageId: mail.messageId, to: mail.to, language, courier }),
    created_at: ctx.clock.now().getTime(),
  });
  if (!queued) return { kind: 'already' };
  ctx.queued(['mail']);
  return { kind: 'queued', to: mail.to };
}

/** The PDF of a shipment's labels, a page per parcel: the stored ones, or drawn here for a local courier's. */
async function labelPdf(ctx: EngineContext, row: ShipmentRow): Promise<Uint8Array | undefined> {
  let pdfs: Uint8Array[] = ctx.shipments
    .labels(row.id)
    .filter((l) => l.format === 'PDF')
    .map((l) => new Uint8Array(l.content));
  const courier = ctx.couriers.get(row.corriere);
  if (pdfs.length === 0 && madeHere(row) && courier) {
    const data = labelDataFor(row, parseStoredData(row), ctx.shipments.parcels(row.id), courier);
    const rendered = await renderLabels(data, new Set(['PDF']), {
      resources: ctx.resources,
      date: new Date(row.created_at.replace(' ', 'T')),
      ...(ctx.labelPool ? { pool: ctx.labelPool } : {}),
    });
    pdfs = rendered.pdf;
  }
  if (pdfs.length === 0) return undefined;
  // pdf-lib loaded with the first e-mail, not with the engine (labels/lazy.ts says why).
  const { PDFDocument } = await import('pdf-lib');
  const merged = await PDFDocument.create();
  for (const pdf of pdfs) {
    const source = await PDFDocument.load(pdf);
    for (const page of await merged.copyPages(source, source.getPageIndices())) merged.addPage(page);
  }
  merged.setTitle(`Etichetta di reso ${row.num_spedizione}`);
  return merged.save();
}

/** The queued e-mail as it goes now: written with the waybill and the label, or to wait for them. */
export async function returnLabelContent(ctx: EngineContext, shipmentId: number, body: string): Promise<MailContent> {
  const row = ctx.shipments.byIdUnscoped(shipmentId);
  if (!row) return { kind: 'never', reason: 'Reso cancellato prima dell’invio' };
  if (row.state === 'failed') return { kind: 'never', reason: `Reso in errore: ${row.error}` };
  if (row.state !== 'ok' || row.num_spedizione === '') return { kind: 'wait' };
  const queued = JSON.parse(body) as { messageId: string; to: string; language: MailLanguage; courier: string };
  const pdf = await labelPdf(ctx, row);
  if (!pdf) return { kind: 'wait' };
  const words = returnLabelMail(row, queued.language, queued.courier, '');
  return {
    kind: 'ready',
    message: {
      messageId: queued.messageId,
      to: queued.to,
      subject: words.subject,
      text: words.text,
      attachments: [
        { filename: `reso-${row.num_spedizione}.pdf`, contentType: 'application/pdf', content: Buffer.from(pdf) },
      ],
    },
  };
}

export interface ReturnMailState {
  state: 'pending' | 'sending' | 'sent' | 'failed';
  attempts: number;
  error: string;
  to: string;
}

/** A return label's e-mail as the bench shows it (pending until the server took it); undefined when none. */
export function returnLabelMailState(
  ctx: EngineContext,
  caller: Caller,
  returnId: number,
): ReturnMailState | undefined {
  if (!ctx.shipments.byId(caller.userId, returnId)) return undefined;
  const row = ctx.parcelNotices.ofShipment(returnId).find((n) => n.event === RETURN_LABEL_EVENT);
  if (!row) return undefined;
  const { to } = JSON.parse(row.body) as { to: string };
  return { state: row.state, attempts: row.attempts, error: row.last_error, to };
}
