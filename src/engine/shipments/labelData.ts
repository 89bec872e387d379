// Turns a stored shipment and its waybill into one courier-neutral LabelData per parcel.
import { COD_TYPE_LABEL, effectiveCodType } from '../../shared/domain/cashOnDelivery';
import type { CourierDefinition } from '../couriers/types';
import { printedProvince } from '../../shared/domain/subdivisions';
import type { LabelData } from '../labels/types';
import type { ParcelRow, ShipmentRow } from './repo';
import type { StoredShipmentData } from './record';

/** Service markers a sorter or driver must see at a glance, in a fixed order. */
function badgesOf(d: StoredShipmentData): string[] {
  const badges: string[] = [];
  if (d.al_sabato === 'S') badges.push('SABATO');
  if (d.al_piano === 'S') badges.push('AL PIANO');
  if (d.preavviso_telefonico === 'S') badges.push('PREAVVISO');
  if (d.reso_contestuale === 'S') badges.push('RESO CONTESTUALE');
  if (d.fermo_deposito === 'S') badges.push('FERMO DEPOSITO');
  if (d.flag_reso === 1) badges.push('RESO');
  if (d.chi_paga === 1) badges.push('PORTO ASSEGNATO');
  if (d.documenti === 1) badges.push('DOCUMENTI');
  if (d.addebito_dogana === 1) badges.push('DDP');
  if (d.carrier2_signature_required === 1) badges.push('FIRMA');
  return badges;
}

/** What of a shipment's row its labels print (a row about to be written will do). */
export type LabelledRow = Pick<
  ShipmentRow,
  'colli' | 'created_at' | 'ddt_alpha' | 'ddt_num' | 'num_spedizione' | 'peso' | 'servizio' | 'tracking_link'
>;

export function labelDataFor(
  row: LabelledRow,
  d: StoredShipmentData,
  parcels: readonly ParcelRow[],
  courier: CourierDefinition,
): LabelData[] {
  const service = courier.services.find((s) => s.id === row.servizio);
  const routing = courier.routing({ ...d, daticolli: undefined, labelType: undefined });
  return parcels.map((parcel) => ({
    courierId: courier.id,
    courierName: courier.name,
    serviceId: row.servizio,
    serviceName: service?.name ?? String(row.servizio),
    numSpedizione: row.num_spedizione,
    trackingLink: row.tracking_link,
    routing,
    parcel: { n: parcel.n_collo, of: row.colli, barcode: parcel.barcode, pesoKg: parcel.peso },
    totalPesoKg: row.peso,
    sender: {
      name: d.sender_name,
      contact: d.sender_contact,
      addr: d.sender_addr,
      cap: d.sender_cap,
      city: d.sender_city,
      prov: d.sender_prov,
      country: d.sender_country_code || d.origine,
      phone: d.sender_phone,
    },
    recipient: {
      name: d.rcpt_name,
      contact: d.rcpt_contact,
      addr: d.rcpt_addr,
      addr2: d.rcpt_addr2 ?? '',
      cap: d.rcpt_cap,
      city: d.rcpt_city,
      prov: printedProvince(d.rcpt_country_code, d.rcpt_prov),
      country: d.rcpt_country_code,
      phone: d.rcpt_phone,
    },
    ddtNum: row.ddt_num,
    ddtAlpha: row.ddt_alpha,
    merce: d.merce,
    note: d.note_sender || d.note,
    contrassegno: d.contrassegno,
    codCollection: COD_TYPE_LABEL[effectiveCodType(d.tipo_incasso)],
    valore: d.valore,
    valuta: d.valuta,
    date: row.created_at.slice(0, 10),
    badges: badgesOf(d),
    courierLines: courier.labelLines?.(d as Record<string, unknown>) ?? [],
    qr: row.tracking_link,
  }));
}
