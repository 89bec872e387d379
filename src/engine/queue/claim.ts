// Order To Shipment: a stored order made into its shipment through POST Shipment's own create (every check, the
// order's courier or the cheapest, its labels), exactly once: the claim is one UPDATE inside the shipment's own
// transaction (repo.ts `claim`), so of two askers on any connections one ships and the other is told whose it is.
import { SHIPMENT_STATUS, type ShipmentRecord } from '../../shared/api/shipmentRecord';
import { MSG } from '../../shared/api/messages';
import { parseOrderToShipment, type OrderToShipmentRequest } from '../../shared/api/orderToShipment';
import type { OrderRow } from '../../shared/api/orders';
import type { Caller } from '../auth/users';
import type { EngineContext } from '../context';
import { formatDateTime } from '../ports';
import { createShipment } from '../shipments/create';
import { getShipment } from '../shipments/read';
import { deleteShipment } from '../shipments/remove';
import { customsRefusal, orderGoods } from './goods';
import type { QueueRepo, QueueRow } from './repo';

type ClaimContext = EngineContext & { queue: QueueRepo };

export type ClaimOutcome =
  /** The order's shipment; `again`: made earlier for the same platform, answered once more (a lost answer). */
  | { kind: 'shipped'; orderRef: string; record: ShipmentRecord; again: boolean }
  | { kind: 'invalid'; orderRef: string; detail: string }
  | { kind: 'not_found'; orderRef: string }
  /** Another asker's shipment holds the order. */
  | { kind: 'taken'; orderRef: string; shipmentId: number; ddtAlpha: string; platform: string }
  /** Not made: cancelled, or refused by the courier (status 0.6); the order waits as before. */
  | { kind: 'refused'; orderRef: string; error: string }
  /** Stored with its waybill, labels not yet (a storage failure): finished later; asking again answers it. */
  | { kind: 'unfinished'; orderRef: string; error: string };

/** Thrown inside the creating transaction when the order was claimed meanwhile: the shipment is not stored. */
class OrderTaken extends Error {
  constructor() {
    super('order claimed meanwhile');
  }
}

/** The order's fields the shipment is made of (what create needs; the rest is the order's own). */
interface StoredOrder {
  name: string;
  address: string;
  zip: string;
  city: string;
  province: string;
  country: string;
  phone: string;
  email: string;
  cod: number;
  currency: string;
  customs_value: number;
  insurance: number;
  invoice_number: string;
  invoice_date: string;
  notes: string;
  corriere: number;
  servizio: number;
}

/**
 * POST Shipment's body for the order (to its address, the parcels and weight the asker gives, its own reference) and
 * its goods lines as customs read them.
 */
function shipmentOf(ctx: ClaimContext, row: QueueRow, ask: OrderToShipmentRequest) {
  const order = JSON.parse(row.data) as StoredOrder;
  const rows = JSON.parse(row.rows) as OrderRow[];
  // A courier without a service named: its first service, as a bench's form would offer it.
  const servizio =
    order.corriere > 0 && order.servizio === 0
      ? (ctx.couriers.get(order.corriere)?.services[0]?.id ?? 0)
      : order.servizio;
  const origin = rows.find((r) => r.country_of_origin !== '')?.country_of_origin;
  const goods = orderGoods(rows, order.customs_value);
  const body: Record<string, unknown> = {
    corriere: order.corriere,
    servizio,
    client_id: row.client_id,
    colli: ask.packages,
    peso: ask.weight,
    volume: 0,
    origine: origin ?? ctx.senders.get(row.client_id)?.profile.country_code ?? 'IT',
    merce: (rows.find((r) => r.description !== '')?.description ?? 'Merce').slice(0, 100),
    rcpt_contact: '',
    rcpt_name: order.name,
    rcpt_addr: order.address,
    rcpt_cap: order.zip,
    rcpt_city: order.city,
    rcpt_prov: order.province,
    rcpt_country_code: order.country,
    rcpt_phone: order.phone,
    rcpt_email: order.email,
    ddt_alpha: row.order_ref,
    note_sender: order.notes,
    contrassegno: order.cod,
    valuta: order.currency,
    valore: order.insurance,
    valore_doganale: goods.valoreDoganale,
    invoice_number: order.invoice_number,
    invoice_date: order.invoice_date,
    dettagli_ordine: goods.lines,
    ...(ask.labelType ? { labelType: ask.labelType } : {}),
  };
  return { body, goods };
}

/** What an order held by a shipment answers the asker: its shipment again for the same platform, else a refusal. */
function held(ctx: ClaimContext, caller: Caller, row: QueueRow, ask: OrderToShipmentRequest): ClaimOutcome {
  const orderRef = row.order_ref;
  const shipmentId = row.shipment_id ?? 0;
  const record =
    ask.platform !== '' && ask.platform === row.platform ? getShipment(ctx, caller, shipmentId) : undefined;
  if (!record) return { kind: 'taken', orderRef, shipmentId, ddtAlpha: row.ddt_alpha, platform: row.platform };
  // Its labels not made yet (a crash or a full disk between the shipment's two transactions): resume() makes them.
  const labels = record.label_zpl.length + record.label_pdf.length + record.label_jpg.length;
  if (labels === 0) return { kind: 'unfinished', orderRef, error: MSG.shipmentUnfinished(record.id, record.ddt_alpha) };
  return { kind: 'shipped', orderRef, record, again: true };
}

export async function orderToShipment(ctx: ClaimContext, caller: Caller, raw: unknown): Promise<ClaimOutcome> {
  const parsed = parseOrderToShipment(raw);
  if (!parsed.ok) return { kind: 'invalid', orderRef: parsed.orderRef, detail: parsed.error };
  const ask = parsed.value;
  const orderRef = ask.order_ref;
  if (!ctx.auth.owns(caller, ask.client_id))
    return {
      kind: 'invalid',
      orderRef,
      detail: MSG.invalidFields([`client_id: ${MSG.clientIdNotOwned(ask.client_id)}`]),
    };
  const row = ctx.queue.byRef(ask.client_id, orderRef);
  if (!row) return { kind: 'not_found', orderRef };
  if (row.status === 'shipped') return held(ctx, caller, row, ask);
  if (row.status === 'cancelled') return { kind: 'refused', orderRef, error: MSG.orderCancelled };
  const claim = (shipmentId: number) => {
    if (!ctx.queue.claim(row.id, shipmentId, ask.platform, formatDateTime(ctx.clock.now()))) throw new OrderTaken();
  };
  const { body, goods } = shipmentOf(ctx, row, ask);
  // Leaving the EU without what customs read: said in the order's words, nothing made, the order still waiting.
  const customs = customsRefusal(ctx, body, goods);
  if (customs) return { kind: 'refused', orderRef, error: customs };
  let outcome: Awaited<ReturnType<typeof createShipment>>;
  try {
    outcome = await createShipment(ctx, caller, body, { inTransaction: claim });
  } catch (error) {
    if (!(error instanceof OrderTaken)) throw error;
    const now = ctx.queue.byRef(ask.client_id, orderRef);
    if (now?.status === 'shipped') return held(ctx, caller, now, ask);
    return { kind: 'refused', orderRef, error: now?.status === 'cancelled' ? MSG.orderCancelled : error.message };
  }
  switch (outcome.kind) {
    case 'invalid':
      return { kind: 'invalid', orderRef, detail: outcome.error };
    case 'unfinished':
      return { kind: 'unfinished', orderRef, error: outcome.error };
    case 'created':
      // A courier's refusal (0.6) does not hold the order, which waits; the refused shipment is not kept, so the
      // order's reference names one shipment only (the one made once the order is corrected).
      if (outcome.record.status === SHIPMENT_STATUS.failed) {
        deleteShipment(ctx, caller, outcome.record.id);
        return { kind: 'refused', orderRef, error: outcome.record.error };
      }
      return { kind: 'shipped', orderRef, record: outcome.record, again: false };
  }
}
