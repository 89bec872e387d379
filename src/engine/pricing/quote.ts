// Prices a shipment on every enabled courier service and picks the cheapest for corriere 0 + servizio 0.
// Every service is either quoted with its breakdown or excluded with the reason, so the choice can be explained.
import type { ExclusionCode, ExclusionParams } from '../../shared/api/exclusionReasons';
import type { FieldIssues } from '../../shared/api/fieldIssues';
import type { CourierRegistry } from '../couriers/registry';
import { checkShipment } from '../couriers/check';
import type { CourierService, ShipmentInput } from '../couriers/types';
import { chargesFor, toCents, type Charge } from './charges';
import { findSurchargeZone, findZone, listFor, type PriceList } from './priceList';

/** Each part in the list's currency, rounded to the cent; the parts add up to the total. */
export interface PriceBreakdown {
  /** The weight bracket's price for the zone. */
  base: number;
  extraParcels: number;
  perShipment: number;
  remoteArea: number;
  /** Fuel surcharge on the transport parts: base, extra parcels, per-shipment fee, remote area. */
  fuel: number;
  cashOnDelivery: number;
  insurance: number;
  /** Service flags (Saturday, floor, phone notice, signature, return, carriage forward, DDP, …). */
  services: number;
  /** carrier4_options codes and carrier1_accessori bits. */
  options: number;
  /** What was added to reach the minimum charge. */
  minimumTopUp: number;
}

/** One priced service or option of `services` or `options`, so the breakdown can say what each one cost. */
export interface ChargeLine {
  part: 'services' | 'options';
  code: string;
  label: string;
  amount: number;
}

export interface QuoteLine {
  corriere: number;
  servizio: number;
  courierName: string;
  serviceName: string;
  zone: string;
  zoneName: string;
  /** Name of the remote area charged ("" when none). */
  remoteArea: string;
  billedWeightKg: number;
  currency: string;
  breakdown: PriceBreakdown;
  charges: ChargeLine[];
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
  /** Italian, as the API, `npm run quote` and the logs say it. */
  reason: string;
  /** The same reason as data, which the screens say in the operator's language. */
  code: ExclusionCode;
  params: ExclusionParams;
  /** The request field a courier's refusal concerns, when it concerns one (a price list's exclusion has none). */
  field?: string;
  /** By code, what the refusal says at each field concerned (the screens translate it). */
  issues?: FieldIssues;
  /**
   * A service refused only for texts longer than it takes: its price once they are shortened, so the cheapest of
   * those can say its limits when no service takes the texts as typed (cheapestShortening).
   */
  total?: number;
}

export interface Quote {
  eligible: QuoteLine[];
  excluded: Exclusion[];
}

const euros = (cents: number) => cents / 100;
const pctOf = (cents: number, pct: number) => Math.round((cents * pct) / 100 + 1e-7);
const kg = (n: number) => Math.round(n * 100) / 100;

/** Why a service is left out: the Italian words and the same as data. */
export type Refusal = Pick<Exclusion, 'reason' | 'code' | 'params'>;

const refusal = (reason: string, code: ExclusionCode, params: ExclusionParams = {}): Refusal => ({
  reason,
  code,
  params,
});

export const isRefusal = (priced: object): priced is Refusal => 'reason' in priced;

/**
 * What a list prices a shipment from (its zone, billed weight and base price), or why it cannot: all a list can refuse
 * for. What priceOn adds (surcharges, charges, VAT) never refuses.
 */
function basis(list: PriceList, shipment: ShipmentInput) {
  const to = { country: shipment.rcpt_country_code, prov: shipment.rcpt_prov, cap: shipment.rcpt_cap };
  const zone = findZone(list, to.country, to.prov, to.cap);
  if (!zone)
    return refusal(
      `Destinazione ${to.country} ${to.cap} (${to.prov}) non presente nel listino`,
      'destinationNotInList',
      to,
    );
  const billed = Math.max(shipment.peso, shipment.volume * list.volumetric_kg_per_m3);
  const bracket = list.brackets.find((b) => billed <= b.max_kg);
  if (!bracket)
    return refusal(`Peso tassabile ${kg(billed)} kg oltre il massimo del listino`, 'weightOverList', {
      kg: kg(billed),
    });
  const basePrice = bracket.prices[zone.code];
  if (basePrice === undefined)
    return refusal(`Zona ${zone.name} senza prezzo per ${bracket.max_kg} kg`, 'zoneWithoutPrice', {
      zone: zone.name,
      kg: bracket.max_kg,
    });
  return { to, zone, billed, basePrice };
}

/** Prices one shipment on one list; the refusal when the list cannot price it. */
export function priceOn(
  list: PriceList,
  shipment: ShipmentInput,
): Omit<QuoteLine, 'courierName' | 'serviceName'> | Refusal {
  const priced = basis(list, shipment);
  if (isRefusal(priced)) return priced;
  const { to, zone, billed, basePrice } = priced;
  const remote = findSurchargeZone(list, to);

  // Whole cents throughout: each part is rounded once, and the total is their exact sum.
  const base = toCents(basePrice);
  const extraParcels = toCents(list.extra_parcel) * (shipment.colli - 1);
  const perShipment = toCents(list.per_shipment);
  const remoteArea = remote ? toCents(remote.amount) * (remote.per === 'parcel' ? shipment.colli : 1) : 0;
  const fuel = pctOf(base + extraParcels + perShipment + remoteArea, list.fuel_pct);
  const cashOnDelivery =
    shipment.contrassegno > 0
      ? Math.max(toCents(list.cod_min), pctOf(toCents(shipment.contrassegno), list.cod_pct))
      : 0;
  const insurance =
    shipment.valore > 0
      ? Math.max(toCents(list.insurance_min), pctOf(toCents(shipment.valore), list.insurance_pct))
      : 0;
  const charges: Charge[] = chargesFor(list, shipment);
  const sumOf = (part: Charge['part']) => charges.filter((c) => c.part === part).reduce((sum, c) => sum + c.amount, 0);
  const services = sumOf('services');
  const options = sumOf('options');
  const subtotal =
    base + extraParcels + perShipment + remoteArea + fuel + cashOnDelivery + insurance + services + options;
  const minimumTopUp = Math.max(0, toCents(list.min_charge) - subtotal);
  const total = subtotal + minimumTopUp;
  const vat = pctOf(total, list.vat_pct);
  return {
    corriere: list.corriere,
    servizio: list.servizio,
    zone: zone.code,
    zoneName: zone.name,
    remoteArea: remote?.name ?? '',
    billedWeightKg: kg(billed),
    currency: list.currency,
    breakdown: {
      base: euros(base),
      extraParcels: euros(extraParcels),
      perShipment: euros(perShipment),
      remoteArea: euros(remoteArea),
      fuel: euros(fuel),
      cashOnDelivery: euros(cashOnDelivery),
      insurance: euros(insurance),
      services: euros(services),
      options: euros(options),
      minimumTopUp: euros(minimumTopUp),
    },
    charges: charges.map((c) => ({ ...c, amount: euros(c.amount) })),
    total: euros(total),
    vat: euros(vat),
    totalWithVat: euros(total + vat),
  };
}

/** Ties go to the lower courier id, then the lower service id, so the choice never depends on list order. */
function compareQuotes(a: QuoteLine, b: QuoteLine): number {
  return a.total - b.total || a.corriere - b.corriere || a.servizio - b.servizio;
}

/** A courier service as a quote names it. */
export type QuotedService = Pick<Exclusion, 'corriere' | 'servizio' | 'courierName' | 'serviceName'>;

/**
 * Prices a shipment on each service in order: no list, a check that refuses (`check`: the courier's own rules, when
 * the engine knows the courier) or a list that cannot price it excludes the service with the reason.
 */
function quoteServices(
  shipment: ShipmentInput,
  services: readonly QuotedService[],
  lists: readonly PriceList[],
  noList: Refusal,
  check: (s: QuotedService) => (Refusal & { field?: string; issues?: FieldIssues }) | undefined = () => undefined,
): Quote {
  const eligible: QuoteLine[] = [];
  const excluded: Exclusion[] = [];
  for (const names of services) {
    const list = listFor(lists, names.corriere, names.servizio, shipment.invoiced_client_id);
    const refused = list ? check(names) : undefined;
    const priced = !list ? noList : (refused ?? priceOn(list, shipment));
    const shortened = list && refused?.code === 'fieldTooLong' ? priceOn(list, shipment) : undefined;
    if (isRefusal(priced))
      excluded.push({
        ...names,
        reason: priced.reason,
        code: priced.code,
        params: priced.params,
        ...(refused?.field ? { field: refused.field } : {}),
        ...(refused?.issues ? { issues: refused.issues } : {}),
        ...(shortened && !isRefusal(shortened) ? { total: shortened.total } : {}),
      });
    else eligible.push({ ...names, ...priced });
  }
  eligible.sort(compareQuotes);
  return { eligible, excluded };
}

/** The services that may carry the shipment at all: a courier's return services only for a return (flag_reso 1). */
function offeredFor(shipment: ShipmentInput, services: readonly CourierService[]): readonly CourierService[] {
  return shipment.flag_reso === 1 ? services : services.filter((s) => !s.forReturns);
}

export function quote(shipment: ShipmentInput, couriers: CourierRegistry, lists: readonly PriceList[]): Quote {
  // A return service is no choice for a shipment that is not a return: left out, not listed as excluded.
  const services = couriers.all().flatMap((courier) =>
    offeredFor(shipment, courier.services).map((service) => ({
      corriere: courier.id,
      servizio: service.id,
      courierName: courier.name,
      serviceName: service.name,
    })),
  );
  const noList = refusal('Nessun listino configurato', 'noPriceList');
  return quoteServices(shipment, services, lists, noList, (names) => {
    const found = couriers.service(names.corriere, names.servizio);
    const check = found && checkShipment(found.courier, found.service, shipment, couriers.places);
    return check && !check.ok ? { ...check, params: check.params ?? {} } : undefined;
  });
}

/**
 * Whether quote() would find some service eligible, stopping at the first one: a check of many shipments (an order
 * file's preview) needs no prices, and pricing every service is most of a quote's cost.
 */
export function anyEligible(shipment: ShipmentInput, couriers: CourierRegistry, lists: readonly PriceList[]): boolean {
  return couriers.all().some((courier) =>
    courier.services.some((service) => {
      const list = listFor(lists, courier.id, service.id, shipment.invoiced_client_id);
      return (
        list !== undefined &&
        checkShipment(courier, service, shipment, couriers.places).ok &&
        !isRefusal(basis(list, shipment))
      );
    }),
  );
}

/**
 * Prices a shipment on an account's own lists, for the services of its catalog: the engine does not know those
 * couriers' rules (the remote checks them), so only the list decides: its zones, weights and charges.
 */
export function quoteOnLists(
  shipment: ShipmentInput,
  services: readonly QuotedService[],
  lists: readonly PriceList[],
): Quote {
  return quoteServices(
    shipment,
    services,
    lists,
    refusal('Nessun listino importato per questo servizio', 'noImportedList'),
  );
}
