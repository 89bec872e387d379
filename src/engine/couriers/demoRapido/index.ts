// Demo Rapido (id 75): heavy goods and same-day city delivery. Every shipment declares a goods category
// (codice_merce_carrier5) from the list in the courier's data file; Same Day serves only the provinces it declares.
import { italianRouting, numberedWaybill, optionTable, pad } from '../common';
import type { CourierCheck, CourierDriver } from '../types';

export const demoRapidoDriver: CourierDriver = {
  validate(shipment, _service, courier): CourierCheck {
    const codes = optionTable(courier, 'goods_codes');
    const code = shipment.codice_merce_carrier5.toUpperCase();
    if (!code)
      return {
        ok: false,
        reason:
          `Codice merce (codice_merce_carrier5) obbligatorio con ${courier.name}: ` +
          `${Object.keys(codes).join(', ')}`,
        field: 'codice_merce_carrier5',
        code: 'goodsCodeRequired',
        params: { codes: Object.keys(codes).join(', ') },
      };
    if (!(code in codes))
      return {
        ok: false,
        reason: `Codice merce ${code} non valido per ${courier.name}: ammessi ${Object.keys(codes).join(', ')}`,
        field: 'codice_merce_carrier5',
        code: 'goodsCodeInvalid',
        params: { value: code, codes: Object.keys(codes).join(', ') },
      };
    return { ok: true };
  },
  waybill({ sequence }, shipment, courier) {
    const numSpedizione = `75${pad(sequence, 10)}`;
    return numberedWaybill(courier, numSpedizione, shipment.colli, {
      codice_merce_carrier5: shipment.codice_merce_carrier5.toUpperCase(),
    });
  },
  routing(shipment) {
    return italianRouting(shipment.rcpt_cap, shipment.rcpt_prov);
  },
  labelLines(shipment) {
    const code = String(shipment.codice_merce_carrier5 ?? '');
    return code ? [{ label: 'Codice merce', value: code }] : [];
  },
};
