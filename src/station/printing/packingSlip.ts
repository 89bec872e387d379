// The packing slip of a shipment made from an order waiting: the order's reference and lines, the
// shipment's recipient, parcels and weight, the cash its courier collects, and its waybill once the courier (or the
// remote) gave one. Undefined while
// any of that is missing: the slip is printed when the labels are ready, like the label itself.
import type { Caller, Engine } from '../../engine/index';
import { COD_TYPE_TEXT, effectiveCodType } from '../../shared/domain/cashOnDelivery';
import type { PackingSlip } from '../../shared/domain/packingSlip';
import { printedProvince } from '../../shared/domain/subdivisions';

const text = (value: unknown): string => (value === undefined || value === null ? '' : String(value));

export function packingSlipFor(
  engine: Engine,
  caller: Caller,
  shipmentId: number,
  courierName: (corriere: number) => string,
): PackingSlip | undefined {
  const order = engine.orders.forShipment(caller, shipmentId);
  if (!order) return undefined;
  const record = engine.getShipment(caller, shipmentId);
  if (!record || text(record.num_spedizione) === '') return undefined;
  const sender = engine.senderProfiles(caller).find((s) => s.clientId === record.client_id)?.profile?.name;
  const cod = Number(record.contrassegno) || 0;
  const day = (at: Date) =>
    `${at.getFullYear()}-${String(at.getMonth() + 1).padStart(2, '0')}-${String(at.getDate()).padStart(2, '0')}`;
  return {
    orderRef: order.orderRef,
    // The day it is packed and shipped, which is today: the order's own date says when the shop took it.
    date: day(new Date()),
    ...(sender ? { sender } : {}),
    recipient: {
      name: text(record.rcpt_name),
      addr: text(record.rcpt_addr),
      addr2: text(record.rcpt_addr2),
      cap: text(record.rcpt_cap),
      city: text(record.rcpt_city),
      prov: printedProvince(text(record.rcpt_country_code), text(record.rcpt_prov)),
      country: text(record.rcpt_country_code),
    },
    lines: order.lines,
    waybill: text(record.num_spedizione),
    barcode: text(record.num_spedizione),
    courier: courierName(record.corriere),
    parcels: record.colli,
    ...(record.peso > 0 ? { weightKg: record.peso } : {}),
    ...(cod > 0 ? { cod: { amount: cod, collect: COD_TYPE_TEXT[effectiveCodType(Number(record.tipo_incasso))] } } : {}),
    ...(order.values.note ? { note: order.values.note } : {}),
  };
}
