// Demo Europa (id 71): road network for Italy and Europe plus worldwide express. Waybills in the UPU S10 shape
// (two letters, eight digits, a check digit, the origin country) and a separate 21-character tracking code
// (carrier6_tracking_code) that the recipient uses on the courier's site.
import { foreignRouting, italianRouting, pad, parcelBarcodesOf, trackingLink } from '../common';
import type { CourierDriver } from '../types';

/** S10 check digit over eight digits (weights 8 6 4 2 3 5 9 7; 10 → 0, 11 → 5). */
export function s10CheckDigit(serial: string): number {
  const weights = [8, 6, 4, 2, 3, 5, 9, 7];
  const sum = [...serial].reduce((acc, digit, i) => acc + Number(digit) * (weights[i] ?? 0), 0);
  const check = 11 - (sum % 11);
  return check === 10 ? 0 : check === 11 ? 5 : check;
}

export const demoEuropaDriver: CourierDriver = {
  waybill({ sequence }, shipment, courier) {
    const serial = pad(sequence % 100_000_000, 8);
    const numSpedizione = `EU${serial}${s10CheckDigit(serial)}${shipment.origine}`;
    const trackingCode = `JJD0071${pad(sequence, 14)}`;
    return {
      numSpedizione,
      barcode: numSpedizione,
      parcelBarcodes: parcelBarcodesOf(numSpedizione, shipment.colli),
      trackingLink: trackingLink(courier, trackingCode),
      fields: { carrier6_tracking_code: trackingCode },
    };
  },
  routing(shipment) {
    if (shipment.rcpt_country_code === 'IT') return italianRouting(shipment.rcpt_cap, shipment.rcpt_prov);
    return foreignRouting(shipment.rcpt_country_code, shipment.rcpt_cap);
  },
  labelLines(shipment) {
    const code = String(shipment.carrier6_tracking_code ?? '');
    return code ? [{ label: 'Tracking', value: code }] : [];
  },
};
