// A connected bench sends the invoice with the shipment, as the real clients do (`trade_documents`: the PDF in base64,
// named after the invoice number): it is drawn from the request before the create is queued, so the outbox's payload
// carries it and the shipment keeps the same file. The waybill is not known yet; the courier pouches it with its own.
import type { CreateShipmentRequest } from '../../shared/api/shipmentRequest';
import { outsideEuCustoms } from '../../shared/domain/customs';
import type { EngineContext } from '../context';
import { lazily } from '../lazily';
import type { ShipmentRow } from '../shipments/repo';
import { customsDocData, invoiceKindOf } from './data';
import { invoiceFileName } from './store';

const customsRenderer = lazily(() => import('./pdf'));
/** The most documents a request may carry (shipmentRequest.ts). */
const MAX_DOCUMENTS = 10;

export async function withInvoiceDocument(
  ctx: Pick<EngineContext, 'resources' | 'senders' | 'couriers'>,
  input: CreateShipmentRequest,
): Promise<CreateShipmentRequest> {
  const number = input.invoice_number.trim();
  if (!number || input.documenti === 1 || input.dettagli_ordine.length === 0) return input;
  if (!outsideEuCustoms(input.rcpt_country_code, input.rcpt_cap)) return input;
  const name = invoiceFileName(number);
  if (input.trade_documents.some((d) => d.nome === name) || input.trade_documents.length >= MAX_DOCUMENTS) return input;
  // What the invoice reads of the stored row, before there is one: no waybill yet, the parcels as sent.
  const row = { num_spedizione: '', peso: input.peso, colli: input.colli } as ShipmentRow;
  const data = customsDocData(
    row,
    input,
    { invoiceNumber: number, invoiceDate: input.invoice_date },
    invoiceKindOf(input),
    { courierName: ctx.couriers.get(input.corriere)?.name ?? '', profile: ctx.senders.get(input.client_id)?.profile },
  );
  const { renderCustomsPdf } = await customsRenderer();
  const pdf = Buffer.from(await renderCustomsPdf(ctx.resources, data));
  return { ...input, trade_documents: [...input.trade_documents, { nome: name, contenuto: pdf.toString('base64') }] };
}
