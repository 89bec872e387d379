// Demo Express (id 70): domestic express courier whose parcel numbers (segnacolli) come from a range it
// pre-assigned to the sender, so waybills are made with no network (carrier3_num_segnacollo_da/_a).
// Saturday delivery only on Express 24h.
import { italianRouting, pad, trackingLink } from '../common';
import type { CourierDriver } from '../types';

export const demoExpressDriver: CourierDriver = {
  validate(shipment, service) {
    if (service.id !== 2 && shipment.al_sabato === 'S') {
      return {
        ok: false,
        reason: 'Consegna al sabato disponibile solo con Demo Express Express 24h',
        field: 'al_sabato',
        code: 'saturdayOnlyService',
        params: { service: 'Express 24h' },
      };
    }
    return { ok: true };
  },
  waybill({ sequence, parcelNumbers }, shipment, courier) {
    if (!parcelNumbers) throw new Error('Demo Express needs parcel numbers from its range');
    const numSpedizione = `70${pad(sequence, 10)}`;
    const parcelBarcodes = Array.from({ length: shipment.colli }, (_, i) => `70S${pad(parcelNumbers.from + i, 9)}`);
    return {
      numSpedizione,
      barcode: numSpedizione,
      parcelBarcodes,
      trackingLink: trackingLink(courier, numSpedizione),
      fields: { carrier3_num_segnacollo_da: parcelNumbers.from, carrier3_num_segnacollo_a: parcelNumbers.to },
    };
  },
  routing(shipment) {
    return shipment.rcpt_country_code === 'IT'
      ? italianRouting(shipment.rcpt_cap, shipment.rcpt_prov)
      : `${shipment.rcpt_country_code} 000`;
  },
  labelLines(shipment) {
    const from = Number(shipment.carrier3_num_segnacollo_da ?? 0);
    const to = Number(shipment.carrier3_num_segnacollo_a ?? 0);
    return from > 0 ? [{ label: 'Segnacolli', value: from === to ? String(from) : `${from}-${to}` }] : [];
  },
};
