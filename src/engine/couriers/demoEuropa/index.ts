// Demo Europa (id 71): a road network for Italy and Europe. Waybills in the UPU S10 shape (two letters, eight digits,
// a check digit, the origin country), longer address fields, floor delivery, no Saturday delivery.
import { EU_COUNTRY_CODES } from '../../../shared/domain/countries';
import { BASE_AMENDABLE_FIELDS, italianRouting, pad } from '../common';
import type { CourierDefinition } from '../types';

const EUROPE = [...EU_COUNTRY_CODES, 'CH', 'NO', 'GB', 'SM', 'VA', 'LI', 'MC'];

/** S10 check digit over eight digits (weights 8 6 4 2 3 5 9 7; 10 → 0, 11 → 5). */
export function s10CheckDigit(serial: string): number {
  const weights = [8, 6, 4, 2, 3, 5, 9, 7];
  const sum = [...serial].reduce((acc, digit, i) => acc + Number(digit) * (weights[i] ?? 0), 0);
  const check = 11 - (sum % 11);
  return check === 10 ? 0 : check === 11 ? 5 : check;
}

export const demoEuropa: CourierDefinition = {
  id: 71,
  code: 'demo-europa',
  name: 'Demo Europa',
  services: [
    { id: 1, name: 'Economy Italia', destinations: ['IT', 'SM', 'VA'], maxParcels: 50, maxWeightKg: 1000 },
    { id: 2, name: 'Europa Road', destinations: EUROPE.filter((c) => c !== 'IT'), maxParcels: 20, maxWeightKg: 300 },
  ],
  labelFormats: ['ZPL', 'PDF', 'JPG'],
  amendableFields: [...BASE_AMENDABLE_FIELDS, 'centro_costo', 'cod_destinatario'],
  capabilities: {
    cashOnDelivery: true,
    cashOnDeliveryCountries: ['IT'],
    insurance: true,
    saturday: false,
    floorDelivery: true,
    phoneNotice: true,
    exchange: false,
    holdAtDepot: true,
  },
  fieldLimits: { rcpt_name: 50, rcpt_contact: 50, rcpt_addr: 60, rcpt_city: 40, sender_name: 50, sender_addr: 60, merce: 50, note_sender: 120, rcpt_phone: 25 },
  waybill(sequence, shipment) {
    const serial = pad(sequence % 100_000_000, 8);
    const numSpedizione = `EU${serial}${s10CheckDigit(serial)}${shipment.origine}`;
    const parcelBarcodes = Array.from({ length: shipment.colli }, (_, i) => `${numSpedizione}${pad(i + 1, 3)}`);
    return {
      numSpedizione,
      barcode: numSpedizione,
      parcelBarcodes,
      trackingLink: `https://track.demo-europa.example/?n=${numSpedizione}`,
    };
  },
  routing(shipment) {
    if (shipment.rcpt_country_code === 'IT') return italianRouting(shipment.rcpt_cap, shipment.rcpt_prov);
    return `${shipment.rcpt_country_code} ${shipment.rcpt_cap.replace(/\s+/g, '').slice(0, 2).toUpperCase()}`;
  },
};
