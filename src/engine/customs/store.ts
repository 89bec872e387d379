// A shipment's customs documents, made once and kept: the invoice number is the shipment's own (`invoice_number`), or
// the station's next one, taken and written back to the shipment in one transaction so it never changes; the PDF is
// kept as one of the shipment's trade_documents, named after the number, and read back from there afterwards.
import type { Caller } from '../auth/users';
import type { EngineContext } from '../context';
import { lazily } from '../lazily';
import { parseStoredData } from '../shipments/record';
import type { ShipmentRow } from '../shipments/repo';
import { customsDocData, invoiceKindOf, storedCustomsLines } from './data';
import { benchDay, stationInvoiceNumber } from './numbering';
import type { CustomsDocKind } from './types';

/** pdf-lib and fontkit, under the documents' renderer, loaded with the first document drawn (../lazily.ts). */
const customsRenderer = lazily(() => import('./pdf'));

export type CustomsDocument = 'invoice' | 'cn23';
export type CustomsDocResult =
  | { ok: true; pdf: Buffer; name: string; kind: CustomsDocKind; number: string }
  | { ok: false; reason: 'notFound' | 'noLines' | 'noCn23' };

/** A file name from the invoice number: letters, digits, dot, dash and underscore (a "/" in "12/A" would be a path). */
export const invoiceFileName = (stem: string) => `${stem.replace(/[^A-Za-z0-9._-]+/g, '_')}.pdf`;

/**
 * The shipment's invoice number and date: its own, or the station's next number (dated today), written back to the
 * shipment. One transaction, so two benches' invoices never take the same number.
 */
function numbering(ctx: EngineContext, shipmentId: number): { invoiceNumber: string; invoiceDate: string } {
  return ctx.db
    .transaction(() => {
      const row = ctx.shipments.byIdUnscoped(shipmentId);
      if (!row) throw new Error(`shipment ${shipmentId} not found`);
      const data = parseStoredData(row);
      const own = String(data.invoice_number ?? '').trim();
      const invoiceDate = String(data.invoice_date ?? '') || benchDay(ctx.clock);
      if (own && data.invoice_date) return { invoiceNumber: own, invoiceDate };
      const invoiceNumber = own || stationInvoiceNumber(ctx, invoiceDate, true);
      // date_upd stays: the number is the station's paperwork, not a change of the record.
      const written = { ...data, invoice_number: invoiceNumber, invoice_date: invoiceDate };
      ctx.shipments.setData(shipmentId, JSON.stringify(written), row.date_upd);
      return { invoiceNumber, invoiceDate };
    })
    .immediate();
}

/** The shipment's invoice (commercial or proforma) or CN23: the stored one, else drawn now and stored. */
export async function customsDocument(
  ctx: EngineContext,
  caller: Caller,
  shipmentId: number,
  which: CustomsDocument,
): Promise<CustomsDocResult> {
  const first = ctx.shipments.byId(caller.userId, shipmentId);
  return first ? customsDocumentOf(ctx, first, which) : { ok: false, reason: 'notFound' };
}

/** customsDocument for a row already found (the e-mail worker's, which reads shipments unscoped). */
export async function customsDocumentOf(
  ctx: EngineContext,
  first: ShipmentRow,
  which: CustomsDocument,
): Promise<CustomsDocResult> {
  const shipmentId = first.id;
  if (storedCustomsLines(parseStoredData(first)).length === 0) return { ok: false, reason: 'noLines' };
  const courier = ctx.couriers.get(first.corriere);
  if (which === 'cn23' && courier?.capabilities.customsForm !== 'CN23') return { ok: false, reason: 'noCn23' };
  const numbers = numbering(ctx, shipmentId);
  const row = ctx.shipments.byIdUnscoped(shipmentId) ?? first;
  const data = parseStoredData(row);
  const kind: CustomsDocKind = which === 'cn23' ? 'cn23' : invoiceKindOf(data);
  const name = invoiceFileName(which === 'cn23' ? `CN23-${numbers.invoiceNumber}` : numbers.invoiceNumber);
  const stored = ctx.shipments.documents(shipmentId).find((d) => d.nome === name);
  if (stored)
    return { ok: true, pdf: Buffer.from(stored.contenuto, 'base64'), name, kind, number: numbers.invoiceNumber };
  const docData = customsDocData(row, data, numbers, kind, {
    courierName: courier?.name ?? '',
    profile: ctx.senders.get(row.client_id)?.profile,
  });
  const { renderCustomsPdf } = await customsRenderer();
  const pdf = Buffer.from(await renderCustomsPdf(ctx.resources, docData));
  // Drawn twice at once (two clicks): the first stored wins, and both answer with it.
  const again = ctx.db
    .transaction(() => {
      const existing = ctx.shipments.documents(shipmentId).find((d) => d.nome === name);
      if (existing) return Buffer.from(existing.contenuto, 'base64');
      ctx.shipments.appendDocument(shipmentId, { nome: name, contenuto: pdf.toString('base64') });
      return pdf;
    })
    .immediate();
  return { ok: true, pdf: again, name, kind, number: numbers.invoiceNumber };
}
