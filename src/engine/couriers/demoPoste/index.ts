// Demo Poste (id 72): postal parcels. Each service has a product code (carrier1_servizio), Fermoposta delivers to
// a post office named by its 5-digit office code (carrier1_id_fermoposta), and accessory services are a bitmask
// (carrier1_accessori) declared in the courier's data file.
import { italianRouting, numberedWaybill, optionTable, pad } from '../common';
import type { CourierCheck, CourierDefinition, CourierDriver, CourierService } from '../types';

const FERMOPOSTA_SERVICE = 3;

function productOf(courier: CourierDefinition, service: CourierService): string {
  return optionTable(courier, 'products')[String(service.id)] ?? '';
}

export const demoPosteDriver: CourierDriver = {
  validate(shipment, service, courier): CourierCheck {
    const product = productOf(courier, service);
    if (shipment.carrier1_servizio && shipment.carrier1_servizio !== product) {
      return {
        ok: false,
        reason:
          `carrier1_servizio ${shipment.carrier1_servizio} non coerente con il servizio ${service.name} ` +
          `(atteso ${product})`,
        field: 'carrier1_servizio',
        code: 'productMismatch',
        params: { value: shipment.carrier1_servizio, service: service.name, expected: product },
      };
    }
    if (service.id === FERMOPOSTA_SERVICE && !/^\d{5}$/.test(shipment.carrier1_id_fermoposta)) {
      return {
        ok: false,
        reason: "Fermoposta: indicare in carrier1_id_fermoposta il codice di 5 cifre dell'ufficio postale",
        field: 'carrier1_id_fermoposta',
        code: 'postOfficeRequired',
      };
    }
    if (service.id !== FERMOPOSTA_SERVICE && shipment.carrier1_id_fermoposta) {
      return {
        ok: false,
        reason: 'carrier1_id_fermoposta vale solo con il servizio Fermoposta',
        field: 'carrier1_id_fermoposta',
        code: 'postOfficeOnly',
      };
    }
    const known = Object.keys(optionTable(courier, 'accessori')).reduce((mask, bit) => mask | Number(bit), 0);
    if ((shipment.carrier1_accessori & ~known) !== 0) {
      return {
        ok: false,
        reason:
          `carrier1_accessori ${shipment.carrier1_accessori} non valido: servizi accessori ammessi ${known} ` +
          `(somma di ${Object.keys(optionTable(courier, 'accessori')).join(', ')})`,
        field: 'carrier1_accessori',
        code: 'accessoriesInvalid',
        params: { value: shipment.carrier1_accessori, known },
      };
    }
    return { ok: true };
  },
  waybill({ sequence, service }, shipment, courier) {
    const numSpedizione = `72${pad(sequence, 11)}`;
    return numberedWaybill(courier, numSpedizione, shipment.colli, { carrier1_servizio: productOf(courier, service) });
  },
  routing(shipment) {
    return italianRouting(shipment.rcpt_cap, shipment.rcpt_prov);
  },
  labelLines(shipment) {
    const lines = [{ label: 'Prodotto', value: String(shipment.carrier1_servizio ?? '') }];
    if (shipment.carrier1_id_fermoposta)
      lines.push({ label: 'Ufficio fermoposta', value: String(shipment.carrier1_id_fermoposta) });
    const mask = Number(shipment.carrier1_accessori ?? 0);
    if (mask > 0) lines.push({ label: 'Accessori', value: String(mask) });
    return lines.filter((l) => l.value !== '');
  },
};
