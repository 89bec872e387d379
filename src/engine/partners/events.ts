// The tracking event a partner system gets about one of its orders: queued inside the transaction of the change that
// causes it (its waybill, confirmation or deletion, as owed/partner.ts rules), only for a shipment with a waybill and
// an order id (`id_order_partnerproximity`) whose client has a partner endpoint. The body is fixed here, so every
// attempt sends the same bytes under the same event id; the worker signs it when it sends it.
import { randomUUID } from 'node:crypto';
import type { PartnerEventType } from '../../shared/domain/partnerEndpoint';
import type { EngineContext } from '../context';
import { parseStoredData } from '../shipments/record';
import type { ShipmentRow } from '../shipments/repo';

type PartnerContext = Pick<EngineContext, 'partners' | 'partnerBook' | 'couriers' | 'clock'>;

const STATUS: Record<PartnerEventType, string> = {
  'shipment.waybill': 'waybill_issued',
  'shipment.confirmed': 'confirmed',
  'shipment.deleted': 'deleted',
};

/** What a receiver reads (docs/partner-events.md describes it field by field). */
export interface PartnerEventBody {
  id: string;
  type: PartnerEventType;
  created_at: string;
  order_id: string;
  client_id: number;
  shipment_id: number;
  ddt_num: number;
  ddt_alpha: string;
  courier: number;
  courier_name: string;
  service: number;
  waybill: string;
  tracking_link: string;
  parcels: number;
  status: string;
}

/** Queues the event when the shipment is a partner order of a client with an endpoint; true when it did. */
export function queuePartnerEvent(ctx: PartnerContext, row: ShipmentRow, type: PartnerEventType): boolean {
  // Only shipments with a waybill: the receiver never hears of one the courier refused (nothing to track).
  if (!row.num_spedizione) return false;
  const orderId = parseStoredData(row).id_order_partnerproximity;
  if (!orderId || !ctx.partnerBook.get(row.client_id)) return false;
  const now = ctx.clock.now();
  const body: PartnerEventBody = {
    id: `evt_${randomUUID()}`,
    type,
    created_at: now.toISOString(),
    order_id: orderId,
    client_id: row.client_id,
    shipment_id: row.id,
    ddt_num: row.ddt_num,
    ddt_alpha: row.ddt_alpha,
    courier: row.corriere,
    courier_name: ctx.couriers.get(row.corriere)?.name ?? '',
    service: row.servizio,
    waybill: row.num_spedizione,
    tracking_link: row.tracking_link,
    parcels: row.colli,
    status: STATUS[type],
  };
  ctx.partners.insert({
    event_id: body.id,
    user_id: row.user_id,
    client_id: row.client_id,
    shipment_id: row.id,
    order_id: orderId,
    type,
    body: JSON.stringify(body),
    created_at: now.getTime(),
  });
  return true;
}
