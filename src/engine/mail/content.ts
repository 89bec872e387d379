// What a dropshipping e-mail says, built when it is sent from the shipment as stored then: Italian text with the
// references, the recipient, the waybill number and tracking link, and the labels drawn as one PDF, a page per parcel.
import { outsideEuCustoms } from '../../shared/domain/customs';
import type { EngineContext } from '../context';
import { customsDocumentOf } from '../customs/store';
import { renderLabels } from '../labels';
import { labelDataFor } from '../shipments/labelData';
import { parseStoredData } from '../shipments/record';
import { formats } from '../../shared/format';
import type { MailContent, MailRow } from './repo';
import { printedProvince } from '../../shared/domain/subdivisions';

const IT = formats('it');

/** The e-mail of one row, from the shipment as it is stored now. */
export async function mailContent(ctx: EngineContext, row: MailRow): Promise<MailContent> {
  const shipment = ctx.shipments.byIdUnscoped(row.shipment_id);
  if (!shipment) return { kind: 'never', reason: 'Spedizione cancellata prima dell’invio' };
  if (shipment.state === 'processing') return { kind: 'wait' };
  if (shipment.state !== 'ok') return { kind: 'never', reason: `Spedizione in errore: ${shipment.error}` };
  const d = parseStoredData(shipment);
  const courier = ctx.couriers.get(shipment.corriere);
  if (!courier) return { kind: 'never', reason: `Corriere ${shipment.corriere} non più disponibile` };
  if (!d.sender_email) return { kind: 'never', reason: 'Nessun indirizzo e-mail del mittente (sender_email)' };
  const parcels = ctx.shipments.parcels(shipment.id);
  const rendered = await renderLabels(labelDataFor(shipment, d, parcels, courier), new Set(['PDF']), {
    resources: ctx.resources,
    date: new Date(shipment.created_at.replace(' ', 'T')),
    ...(ctx.labelPool ? { pool: ctx.labelPool } : {}),
  });
  // pdf-lib loaded with the first e-mail, not with the engine (labels/lazy.ts says why).
  const { PDFDocument } = await import('pdf-lib');
  const merged = await PDFDocument.create();
  for (const pdf of rendered.pdf) {
    const source = await PDFDocument.load(pdf);
    for (const page of await merged.copyPages(source, source.getPageIndices())) merged.addPage(page);
  }
  merged.setTitle(`Lettera di vettura ${shipment.num_spedizione}`);
  const service = courier.services.find((s) => s.id === shipment.servizio);
  const prov = printedProvince(d.rcpt_country_code, d.rcpt_prov);
  const place = [d.rcpt_cap, d.rcpt_city, prov ? `(${prov})` : '', d.rcpt_country_code].filter(Boolean).join(' ');
  const lines = [
    'Buongiorno,',
    '',
    `in allegato la lettera di vettura della spedizione per ${d.rcpt_name}: ` +
      `${parcels.length === 1 ? 'una pagina' : `${parcels.length} pagine, una per collo`}, da stampare e applicare.`,
    '',
    `Riferimento ordine: ${shipment.ddt_alpha}`,
    `Riferimento numerico: ${shipment.ddt_num}`,
    `Corriere: ${courier.name}${service ? ` — ${service.name}` : ''}`,
    `Numero di spedizione: ${shipment.num_spedizione}`,
    `Tracking: ${shipment.tracking_link}`,
    '',
    `Destinatario: ${d.rcpt_name}`,
    ...(d.rcpt_contact ? [`Referente: ${d.rcpt_contact}`] : []),
    `Indirizzo: ${[d.rcpt_addr, d.rcpt_addr2 ?? '', place].filter(Boolean).join(', ')}`,
    `Colli: ${shipment.colli}, peso ${IT.kg(shipment.peso)}`,
  ];
  // Leaving the EU customs territory: the invoice (and a postal courier's CN23) beside the label, for the pouch.
  const papers = outsideEuCustoms(d.rcpt_country_code, d.rcpt_cap)
    ? await Promise.all([customsDocumentOf(ctx, shipment, 'invoice'), customsDocumentOf(ctx, shipment, 'cn23')])
    : [];
  const customs = papers.flatMap((p) =>
    p.ok ? [{ filename: p.name, contentType: 'application/pdf' as const, content: p.pdf }] : [],
  );
  const names = customs.map((c) => c.filename).join(' e ');
  if (customs.length > 0)
    lines.splice(3, 0, '', `In allegato anche ${names}: da stampare e inserire nella busta porta documenti.`);
  return {
    kind: 'ready',
    message: {
      messageId: row.message_id,
      to: d.sender_email,
      subject: `Lettera di vettura ${shipment.num_spedizione} – ordine ${shipment.ddt_alpha}`,
      text: `${lines.join('\n')}\n`,
      attachments: [
        {
          filename: `lettera-di-vettura-${shipment.num_spedizione}.pdf`,
          contentType: 'application/pdf',
          content: Buffer.from(await merged.save()),
        },
        ...customs,
      ],
    },
  };
}
