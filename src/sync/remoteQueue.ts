// A hub's shared order queue as a bench uses it (aggregator-facts.md, "Orders" and "Order To Shipment"): its orders
// posted, read back by reference or page by page, and claimed (OrderToShipment). Answers are read liberally, as the
// real aggregator may write them: numbers as text, fields missing, the shipment made named by one of several keys.
import { z } from 'zod';
import type { ClaimAnswer, QueueOrder, QueuePage } from './types';

const int = z.preprocess((v) => (typeof v === 'string' && /^\d+$/.test(v.trim()) ? Number(v) : v), z.number().int());
const word = z.preprocess((v) => (typeof v === 'number' ? String(v) : v), z.string());

const QueueOrderReader = z.looseObject({
  id: int,
  client_id: int,
  order_ref: word,
  status: word.optional().catch(undefined),
  shipment_id: int.nullable().optional().catch(undefined),
  id_spedizione: int.nullable().optional().catch(undefined),
  platform: word.nullable().optional().catch(undefined),
});

function orderOf(raw: z.infer<typeof QueueOrderReader>): QueueOrder {
  const { id, client_id, order_ref, status, shipment_id, id_spedizione, platform, ...fields } = raw;
  return {
    id,
    client_id,
    order_ref,
    status: (status ?? '').toLowerCase(),
    shipment_id: shipment_id ?? id_spedizione ?? 0,
    platform: platform ?? '',
    fields,
  };
}

/** A list answer: the paging envelope with `payload` (as ShipmentsList), `data`, `orders`, or a bare array. */
export const QueuePageReader = z.unknown().transform((body, ctx): QueuePage => {
  const envelope = typeof body === 'object' && body !== null && !Array.isArray(body) ? body : {};
  const e = envelope as Record<string, unknown>;
  const list = Array.isArray(body) ? body : (e.payload ?? e.data ?? e.orders ?? e.entries);
  if (!Array.isArray(list)) {
    ctx.addIssue({ code: 'custom', message: 'no list of orders' });
    return z.NEVER;
  }
  const orders = list.flatMap((item) => {
    const read = QueueOrderReader.safeParse(item);
    return read.success ? [orderOf(read.data)] : [];
  });
  const pages = Number(e.totPages);
  return { orders, totPages: Number.isInteger(pages) && pages > 0 ? pages : 1 };
});

/** POST Orders' answer: the stored order when it reads as one (nothing more is needed of it). */
export const PostedOrderReader = z.unknown().transform((body) => {
  const read = QueueOrderReader.safeParse(body);
  return read.success ? orderOf(read.data) : undefined;
});

const labelList = z.preprocess((v) => (typeof v === 'string' ? [v] : v), z.array(z.string())).catch([]);

const ClaimReader = z.looseObject({
  status: z.unknown(),
  error_description: word.optional().catch(undefined),
  error: word.optional().catch(undefined),
  detail: word.optional().catch(undefined),
  id: int.optional().catch(undefined),
  shipment_id: int.optional().catch(undefined),
  id_spedizione: int.optional().catch(undefined),
  ddt_alpha: word.optional().catch(undefined),
  platform: word.optional().catch(undefined),
  label_zpl: labelList.optional(),
  label_pdf: labelList.optional(),
  label_jpg: labelList.optional(),
});

/** OrderToShipment's 200 (or its refusal, written as a 200 or a 4xx with the same body). */
export function readClaim(body: unknown): ClaimAnswer {
  const read = ClaimReader.safeParse(body);
  if (!read.success) return { kind: 'refused', error: 'Risposta di OrderToShipment non leggibile' };
  const r = read.data;
  const shipmentId = r.shipment_id ?? r.id_spedizione ?? r.id;
  if (typeof r.status === 'string' && r.status.trim().toUpperCase() === 'OK') {
    return {
      kind: 'made',
      ...(shipmentId !== undefined ? { shipmentId } : {}),
      ...(r.ddt_alpha ? { ddtAlpha: r.ddt_alpha } : {}),
      labels: { zpl: r.label_zpl ?? [], pdf: r.label_pdf ?? [], jpg: r.label_jpg ?? [] },
    };
  }
  return {
    kind: 'refused',
    // Our hub says which fields its "Dati ordine non presenti o in formato sbagliato" is about (`detail`).
    error: [r.error_description ?? r.error ?? 'Ordine non spedibile', r.detail].filter(Boolean).join(': '),
    ...(shipmentId !== undefined ? { shipmentId } : {}),
    ...(r.platform ? { bench: r.platform } : {}),
  };
}
