// Demo Point (id 73): parcel network with access points. The Access Point service delivers to the point named in
// carrier2_uap_id ("U" and 8 digits); any service may ask for a signature on delivery (carrier2_signature_required).
// Waybills in the 1Z shape with its check digit.
import { foreignRouting, numberedWaybill, pad } from '../common';
import type { CourierDriver } from '../types';

const ACCESS_POINT_SERVICE = 2;

/** 1Z check digit: letters count as (code − 63) mod 10; odd positions once, even positions twice. */
export function onezCheckDigit(body: string): number {
  let sum = 0;
  [...body].forEach((ch, i) => {
    const value = /\d/.test(ch) ? Number(ch) : (ch.charCodeAt(0) - 63) % 10;
    sum += i % 2 === 0 ? value : value * 2;
  });
  return (10 - (sum % 10)) % 10;
}

export const demoPointDriver: CourierDriver = {
  validate(shipment, service) {
    if (service.id === ACCESS_POINT_SERVICE && !/^U\d{8}$/.test(shipment.carrier2_uap_id)) {
      return {
        ok: false,
        reason: 'Access Point: indicare in carrier2_uap_id il codice del punto di ritiro (U seguito da 8 cifre)',
        field: 'carrier2_uap_id',
        code: 'pickupPointRequired',
      };
    }
    if (service.id !== ACCESS_POINT_SERVICE && shipment.carrier2_uap_id) {
      return {
        ok: false,
        reason: 'carrier2_uap_id vale solo con il servizio Access Point',
        field: 'carrier2_uap_id',
        code: 'pickupPointOnly',
      };
    }
    return { ok: true };
  },
  waybill({ sequence, service }, shipment, courier) {
    const body = `DEMO73${pad(service.id, 2)}${pad(sequence % 10_000_000, 7)}`;
    const numSpedizione = `1Z${body}${onezCheckDigit(body)}`;
    return numberedWaybill(courier, numSpedizione, shipment.colli);
  },
  routing(shipment) {
    return foreignRouting(shipment.rcpt_country_code, shipment.rcpt_cap, 3);
  },
  labelLines(shipment) {
    const point = String(shipment.carrier2_uap_id ?? '');
    return point ? [{ label: 'Access Point', value: point }] : [];
  },
};
