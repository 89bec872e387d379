// Demo Express (id 70): a domestic express courier for Italy, San Marino and Vatican City. Numeric waybills,
// short address fields (35 characters, like most Italian couriers' terminals), Saturday delivery on Express.
import { BASE_AMENDABLE_FIELDS, italianRouting, pad } from '../common';
import type { CourierDefinition } from '../types';

const DOMESTIC = ['IT', 'SM', 'VA'];

export const demoExpress: CourierDefinition = {
  id: 70,
  code: 'demo-express',
  name: 'Demo Express',
  services: [
    { id: 1, name: 'Standard', destinations: DOMESTIC, maxParcels: 30, maxWeightKg: 500 },
    { id: 2, name: 'Express 24h', destinations: ['IT'], maxParcels: 10, maxWeightKg: 100 },
  ],
  labelFormats: ['ZPL', 'PDF', 'JPG'],
  amendableFields: [...BASE_AMENDABLE_FIELDS],
  capabilities: {
    cashOnDelivery: true,
    cashOnDeliveryCountries: ['IT'],
    insurance: true,
    saturday: true,
    floorDelivery: false,
    phoneNotice: true,
    exchange: true,
    holdAtDepot: true,
  },
  fieldLimits: { rcpt_name: 35, rcpt_contact: 35, rcpt_addr: 35, rcpt_city: 30, sender_name: 35, sender_addr: 35, merce: 30, note_sender: 70, rcpt_phone: 20 },
  validate(shipment, service) {
    if (service.id === 1 && shipment.al_sabato === 'S') {
      return { ok: false, reason: 'Consegna al sabato disponibile solo con Demo Express Express 24h' };
    }
    return { ok: true };
  },
  waybill(sequence, shipment) {
    const numSpedizione = `70${pad(sequence, 10)}`;
    const parcelBarcodes = Array.from({ length: shipment.colli }, (_, i) => `${numSpedizione}${pad(i + 1, 3)}`);
    return {
      numSpedizione,
      barcode: numSpedizione,
      parcelBarcodes,
      trackingLink: `https://tracking.demo-express.example/spedizione/${numSpedizione}`,
    };
  },
  routing(shipment) {
    return shipment.rcpt_country_code === 'IT' ? italianRouting(shipment.rcpt_cap, shipment.rcpt_prov) : `${shipment.rcpt_country_code} 000`;
  },
};
