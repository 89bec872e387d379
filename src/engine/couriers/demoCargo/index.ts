// Demo Cargo (id 74): business parcels with delivery options sent as codes (carrier4_options), the list declared
// in the courier's data file. Depot routing by province and the first two digits of the postal code.
import { foreignRouting, numberedWaybill, optionTable, pad } from '../common';
import type { CourierDriver } from '../types';

export const demoCargoDriver: CourierDriver = {
  validate(shipment, _service, courier) {
    const allowed = optionTable(courier, 'delivery_options');
    const unknown = shipment.carrier4_options.filter((code) => !(code.toUpperCase() in allowed));
    if (unknown.length > 0) {
      return {
        ok: false,
        reason:
          `Opzioni non disponibili con ${courier.name}: ${unknown.join(', ')} (ammesse: ` +
          `${Object.keys(allowed).join(', ')})`,
        field: 'carrier4_options',
        code: 'optionsUnavailable',
        params: { options: unknown.join(', '), allowed: Object.keys(allowed).join(', ') },
      };
    }
    return { ok: true };
  },
  waybill({ sequence }, shipment, courier) {
    const numSpedizione = `74${pad(sequence, 10)}`;
    return numberedWaybill(courier, numSpedizione, shipment.colli);
  },
  routing(shipment) {
    if (shipment.rcpt_country_code === 'IT')
      return `${shipment.rcpt_prov.toUpperCase()} ${shipment.rcpt_cap.slice(0, 2)}`;
    return foreignRouting(shipment.rcpt_country_code, shipment.rcpt_cap);
  },
  labelLines(shipment) {
    const options = Array.isArray(shipment.carrier4_options) ? shipment.carrier4_options.map(String) : [];
    return options.length > 0 ? [{ label: 'Opzioni', value: options.map((o) => o.toUpperCase()).join(', ') }] : [];
  },
};
