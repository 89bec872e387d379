// Prices a shipment on every enabled courier service and picks the cheapest for corriere 0 + servizio 0.
// Every service is either quoted with its breakdown or excluded with the reason, so the choice can be explained.
import type { CourierRegistry } from '../couriers/registry';
import { checkShipment } from '../couriers/check';
import type { ShipmentInput } from '../couriers/types';
import { findZone, type PriceList } from './priceList';

export interface PriceBreakdown {
  base: number;
  extraParcels: number;
  fuel: number;
  cashOnDelivery: number;
  insurance: number;
  services: number;
  /** What was added to reach the minimum charge. */
  minimumTopUp: number;
}

export interface QuoteLine {
  corriere: number;
  servizio: number;
  courierName: string;
  serviceName: string;
  zone: string;
  billedWeightKg: number;
  currency: string;
  breakdown: PriceBreakdown;
  /** Net of VAT. */
  total: number;
  vat: number;
  totalWithVat: number;
}

export interface Exclusion {
  corriere: number;
  servizio: number;
  courierName: string;
  serviceName: string;
  reason: string;
}

export interface Quote {
  eligible: QuoteLine[];
  excluded: Exclusion[];
}

const cents = (n: number) => Math.round(n * 100) / 100;

/** Prices one shipment on one list; a reason string when the list cannot price it. */
export function priceOn(list: PriceList, shipment: ShipmentInput): Omit<QuoteLine, 'courierName' | 'serviceName'> | string {
  const zone = findZone(list, shipment.rcpt_country_code, shipment.rcpt_prov, shipment.rcpt_cap);
  if (!zone) return `Destinazione ${shipment.rcpt_country_code} non presente nel listino`;
  const billed = Math.max(shipment.peso, shipment.volume * list.volumetric_kg_per_m3);
  const bracket = list.brackets.find((b) => billed <= b.max_kg);
  if (!bracket) return `Peso tassabile ${cents(billed)} kg oltre il massimo del listino`;
  const basePrice = bracket.prices[zone.code];
  if (basePrice === undefined) return `Zona ${zone.name} senza prezzo per ${bracket.max_kg} kg`;
  // Each part is rounded to the cent first and the total is their sum, so the breakdown always adds up.
  const base = cents(basePrice);
  const extraParcels = cents(list.extra_parcel * (shipment.colli - 1));
  const fuel = cents(((base + extraParcels) * list.fuel_pct) / 100);
  const cashOnDelivery = shipment.contrassegno > 0 ? cents(Math.max(list.cod_min, (shipment.contrassegno * list.cod_pct) / 100)) : 0;
  const insurance = shipment.valore > 0 ? cents(Math.max(list.insurance_min, (shipment.valore * list.insurance_pct) / 100)) : 0;
  let services = 0;
  for (const flag of ['al_sabato', 'al_piano', 'preavviso_telefonico', 'reso_contestuale', 'fermo_deposito'] as const) {
    if (shipment[flag] === 'S') services += list.flags[flag] ?? 0;
  }
  services = cents(services);
  const subtotal = cents(base + extraParcels + fuel + cashOnDelivery + insurance + services);
  const minimumTopUp = cents(Math.max(0, list.min_charge - subtotal));
  const total = cents(subtotal + minimumTopUp);
  const vat = cents((total * list.vat_pct) / 100);
  return {
    corriere: list.corriere,
    servizio: list.servizio,
    zone: zone.code,
    billedWeightKg: cents(billed),
    currency: list.currency,
    breakdown: { base, extraParcels, fuel, cashOnDelivery, insurance, services, minimumTopUp },
    total,
    vat,
    totalWithVat: cents(total + vat),
  };
}

/** Ties go to the lower courier id, then the lower service id, so the choice never depends on list order. */
export function compareQuotes(a: QuoteLine, b: QuoteLine): number {
  return a.total - b.total || a.corriere - b.corriere || a.servizio - b.servizio;
}

export function quote(shipment: ShipmentInput, couriers: CourierRegistry, lists: readonly PriceList[]): Quote {
  const eligible: QuoteLine[] = [];
  const excluded: Exclusion[] = [];
  for (const courier of couriers.all()) {
    for (const service of courier.services) {
      const names = { corriere: courier.id, servizio: service.id, courierName: courier.name, serviceName: service.name };
      const list = lists.find((l) => l.corriere === courier.id && l.servizio === service.id);
      if (!list) {
        excluded.push({ ...names, reason: 'Nessun listino configurato' });
        continue;
      }
      const check = checkShipment(courier, service, shipment);
      if (!check.ok) {
        excluded.push({ ...names, reason: check.reason });
        continue;
      }
      const priced = priceOn(list, shipment);
      if (typeof priced === 'string') excluded.push({ ...names, reason: priced });
      else eligible.push({ ...priced, courierName: courier.name, serviceName: service.name });
    }
  }
  eligible.sort(compareQuotes);
  return { eligible, excluded };
}
