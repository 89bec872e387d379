// Checks every courier applies before producing a waybill: destination, parcels and weight, the courier's field
// lengths, Italian postal code vs city/province, the services asked for, and customs data outside the EU.
import { EU_COUNTRY_CODES } from '../../shared/domain/countries';
import type { CourierCheck, CourierDefinition, CourierService, ShipmentInput } from './types';
import { checkItalianAddress } from './municipalities';

const fail = (reason: string): CourierCheck => ({ ok: false, reason });

const FLAG_CAPABILITY = [
  ['al_sabato', 'saturday', 'consegna al sabato'],
  ['al_piano', 'floorDelivery', 'consegna al piano'],
  ['preavviso_telefonico', 'phoneNotice', 'preavviso telefonico'],
  ['reso_contestuale', 'exchange', 'reso contestuale'],
  ['fermo_deposito', 'holdAtDepot', 'fermo deposito'],
] as const;

function fieldValue(shipment: ShipmentInput, field: string): string {
  const value = (shipment as Record<string, unknown>)[field];
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
}

export function checkShipment(courier: CourierDefinition, service: CourierService, shipment: ShipmentInput): CourierCheck {
  const where = `${courier.name} ${service.name}`;
  if (!service.destinations.includes(shipment.rcpt_country_code)) {
    return fail(`Servizio ${where} non disponibile per la destinazione ${shipment.rcpt_country_code}`);
  }
  if (shipment.colli > service.maxParcels) return fail(`Numero di colli superiore al massimo di ${service.maxParcels} per ${where}`);
  if (shipment.peso > service.maxWeightKg) return fail(`Peso superiore al massimo di ${service.maxWeightKg} kg per ${where}`);
  for (const [field, max] of Object.entries(courier.fieldLimits)) {
    const value = fieldValue(shipment, field);
    if (value.length > max) return fail(`Campo ${field} troppo lungo per ${courier.name}: massimo ${max} caratteri`);
  }
  if (shipment.rcpt_country_code === 'IT') {
    const address = checkItalianAddress(shipment.rcpt_cap, shipment.rcpt_city, shipment.rcpt_prov);
    if (!address.ok) return address;
  }
  for (const [field, capability, label] of FLAG_CAPABILITY) {
    if (shipment[field] === 'S' && !courier.capabilities[capability]) return fail(`Servizio ${label} non disponibile con ${courier.name}`);
  }
  if (shipment.contrassegno > 0) {
    const cod = courier.capabilities;
    if (!cod.cashOnDelivery || !cod.cashOnDeliveryCountries.includes(shipment.rcpt_country_code)) {
      return fail(`Contrassegno non disponibile con ${where} verso ${shipment.rcpt_country_code}`);
    }
  }
  if (shipment.valore > 0 && !courier.capabilities.insurance) return fail(`Assicurazione non disponibile con ${courier.name}`);
  if (!EU_COUNTRY_CODES.has(shipment.rcpt_country_code) && !['SM', 'VA'].includes(shipment.rcpt_country_code)) {
    if (shipment.valore_doganale <= 0) return fail('Valore doganale obbligatorio per destinazioni fuori dall\'Unione Europea');
  }
  return courier.validate ? courier.validate(shipment, service) : { ok: true };
}
