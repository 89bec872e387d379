// Shipments and lists the pricing tests share: a valid Milan shipment to vary, the built-in lists by courier and
// service, a price that must exist, and a registry limited to some courier services.
import { createCourierRegistry, type CourierRegistry } from '../../../../src/engine/couriers/registry';
import type { ShipmentInput } from '../../../../src/engine/couriers/types';
import { builtinPriceLists, PriceListSchema, type PriceList } from '../../../../src/engine/pricing/priceList';
import { isRefusal, priceOn, type QuoteLine } from '../../../../src/engine/pricing/quote';
import { places, resources } from '../../../helpers/resources';
import { MILAN_SHIPMENT, parsedShipment } from '../../../fixtures/shipments';

/** The Milan shipment with the courier and service left to the cheapest (0, 0). */
export const MILANO = { ...MILAN_SHIPMENT, corriere: 0, servizio: 0, volume: 0.001, peso: 2 };

export const shipment = (changes: Record<string, unknown> = {}): ShipmentInput =>
  parsedShipment({ ...MILANO, ...changes });

export const lists = builtinPriceLists(resources);

export function listFor(corriere: number, servizio: number): PriceList {
  const list = lists.find((l) => l.corriere === corriere && l.servizio === servizio);
  if (!list) throw new Error(`no built-in list for ${corriere}/${servizio}`);
  return list;
}

export type Priced = Omit<QuoteLine, 'courierName' | 'serviceName'>;

export function priced(list: PriceList, input: ShipmentInput): Priced {
  const result = priceOn(list, input);
  if (isRefusal(result)) throw new Error(`expected a price, got: ${result.reason}`);
  return result;
}

/** A one-zone list for Italy with every surcharge at zero, to change one thing at a time. */
export function plainList(changes: Record<string, unknown> = {}): PriceList {
  return PriceListSchema.parse({
    corriere: 70,
    servizio: 1,
    currency: 'EUR',
    volumetric_kg_per_m3: 250,
    zones: [{ code: 'IT', name: 'Italia', countries: ['IT'] }],
    brackets: [
      { max_kg: 10, prices: { IT: 10 } },
      { max_kg: 100, prices: { IT: 20 } },
    ],
    extra_parcel: 0,
    fuel_pct: 0,
    cod_pct: 0,
    cod_min: 0,
    insurance_pct: 0,
    min_charge: 0,
    vat_pct: 22,
    ...changes,
  });
}

/** The built-in couriers cut down to the given "courier/service" pairs, in the registry's order. */
export function registryOf(services: readonly string[]): CourierRegistry {
  const couriers = createCourierRegistry(resources)
    .all()
    .map((c) => ({ ...c, services: c.services.filter((s) => services.includes(`${c.id}/${s.id}`)) }))
    .filter((c) => c.services.length > 0);
  return {
    all: () => couriers,
    places,
    get: (id) => couriers.find((c) => c.id === id),
    service(courierId, serviceId) {
      const courier = couriers.find((c) => c.id === courierId);
      const service = courier?.services.find((s) => s.id === serviceId);
      return courier && service ? { courier, service } : undefined;
    },
  };
}

/** Total in cents of each breakdown part, summed: what the customer sees added up. */
export function partsInCents(line: Priced): number {
  return Object.values(line.breakdown).reduce((sum, part) => sum + Math.round(part * 100), 0);
}
