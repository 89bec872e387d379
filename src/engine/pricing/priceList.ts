// Price lists as data (resources/pricelists/*.json, or the service config), validated with zod on load: zones and
// remote-area surcharges by country, province and postal code, weight brackets, fixed fees, percentage surcharges,
// priced services and options, a minimum charge and VAT.
import { z } from 'zod';
import { derived, type Resources } from '../resources';
import { AreaShape, type Destination, firstMatch } from './areas';

/**
 * Upper bounds of an operator's figures (docs/decisions.md, "Operator files: bounds"): far above any real tariff, so
 * only a typing slip reaches them, and it is refused by name instead of pricing a parcel at a million.
 */
export const PRICE_LIST_BOUNDS = { money: 100_000, maxKg: 100_000, kgPerM3: 1_000 } as const;
const atMost = (what: string, bound: number, unit = '') => ({
  error: `${what} troppo grande: al massimo ${bound.toLocaleString('it-IT')}${unit}`,
});

const money = z.number().nonnegative().max(PRICE_LIST_BOUNDS.money, atMost('Importo', PRICE_LIST_BOUNDS.money));
const pct = z.number().min(0).max(100);

const PriceZoneSchema = z.strictObject({
  code: z.string().min(1),
  name: z.string().min(1),
  ...AreaShape,
});

/** A remote or disadvantaged area (Venice lagoon, minor islands, customs-free towns), charged on top of the zone. */
const SurchargeZoneSchema = z.strictObject({
  code: z.string().min(1),
  name: z.string().min(1),
  ...AreaShape,
  amount: money,
  per: z.enum(['shipment', 'parcel'], { error: 'per: "shipment" or "parcel"' }).default('shipment'),
});

/** Prices of the services a shipment asks for; a service the list leaves out costs nothing (see docs/decisions.md). */
const ServiceFlagsSchema = z
  .strictObject({
    al_sabato: money,
    al_piano: money,
    preavviso_telefonico: money,
    reso_contestuale: money,
    fermo_deposito: money,
    /** carrier2_signature_required = 1 */
    signature_required: money,
    /** flag_reso = 1 */
    return_shipment: money,
    /** chi_paga = 1 (carriage forward) */
    recipient_pays: money,
    /** addebito_dogana = 1 (duties and taxes charged to the sender) */
    ddp: money,
  })
  .partial();

const isSingleBit = (key: string) =>
  /^\d+$/.test(key) && Number.isSafeInteger(Number(key)) && Number(key) > 0 && Number.isInteger(Math.log2(Number(key)));

/** carrier1_accessori bits ("1", "2", "4", …) → price per shipment. */
const AccessoriSchema = z.record(z.string(), money).superRefine((prices, ctx) => {
  for (const key of Object.keys(prices)) {
    if (!isSingleBit(key))
      ctx.addIssue({
        code: 'custom',
        path: [key],
        message: `accessori keys are single bits of carrier1_accessori ("1", "2", "4", "8", …), not "${key}"`,
      });
  }
});

export const PriceListSchema = z
  .strictObject({
    corriere: z.number().int().positive(),
    servizio: z.number().int().positive(),
    /** For people reading the file; not used in pricing. */
    description: z.string().optional(),
    /**
     * A reseller's list for one of its invoiced clients: used for that client's shipments instead of the list of the
     * same service without this field (which stays the one for every other shipment).
     */
    invoiced_client_id: z.number().int().positive().optional(),
    currency: z.string().length(3),
    /** Volumetric weight = volume (m³) × this factor; the greater of real and volumetric weight is billed. */
    volumetric_kg_per_m3: z
      .number()
      .positive()
      .max(PRICE_LIST_BOUNDS.kgPerM3, atMost('Valore', PRICE_LIST_BOUNDS.kgPerM3, ' kg/m³')),
    /** Matched in order, first match wins: put specific zones (islands, single provinces) before general ones. */
    zones: z.array(PriceZoneSchema).min(1),
    surcharge_zones: z.array(SurchargeZoneSchema).default([]),
    brackets: z
      .array(
        z.strictObject({
          max_kg: z
            .number()
            .positive()
            .max(PRICE_LIST_BOUNDS.maxKg, atMost('Peso', PRICE_LIST_BOUNDS.maxKg, ' kg')),
          prices: z.record(z.string(), money),
        }),
      )
      .min(1),
    /** Fixed fee on every shipment. */
    per_shipment: money.default(0),
    /** Price of each parcel after the first. */
    extra_parcel: money,
    /** On the transport: base, extra parcels, per-shipment fee and remote-area surcharge. */
    fuel_pct: pct,
    cod_pct: pct,
    cod_min: money,
    insurance_pct: pct,
    insurance_min: money.default(0),
    flags: ServiceFlagsSchema.default({}),
    /** carrier4_options codes → price per shipment. */
    options: z.record(z.string().trim().min(1).max(10), money).default({}),
    accessori: AccessoriSchema.default({}),
    min_charge: money,
    vat_pct: pct,
  })
  .superRefine((list, ctx) => {
    const codes = new Set<string>();
    list.zones.forEach((zone, i) => {
      if (codes.has(zone.code))
        ctx.addIssue({ code: 'custom', path: ['zones', i, 'code'], message: `duplicate zone code ${zone.code}` });
      codes.add(zone.code);
    });
    const surchargeCodes = new Set<string>();
    list.surcharge_zones.forEach((zone, i) => {
      if (surchargeCodes.has(zone.code))
        ctx.addIssue({
          code: 'custom',
          path: ['surcharge_zones', i, 'code'],
          message: `duplicate surcharge zone code ${zone.code}`,
        });
      surchargeCodes.add(zone.code);
    });
    const priced = new Set<string>();
    list.brackets.forEach((bracket, i) => {
      if (i > 0 && bracket.max_kg <= (list.brackets[i - 1]?.max_kg ?? 0)) {
        ctx.addIssue({
          code: 'custom',
          path: ['brackets', i, 'max_kg'],
          message: 'brackets must be in increasing max_kg order',
        });
      }
      for (const zone of Object.keys(bracket.prices)) {
        if (!codes.has(zone))
          ctx.addIssue({ code: 'custom', path: ['brackets', i, 'prices', zone], message: `unknown zone ${zone}` });
        priced.add(zone);
      }
    });
    list.zones.forEach((zone, i) => {
      if (!priced.has(zone.code))
        ctx.addIssue({
          code: 'custom',
          path: ['zones', i, 'code'],
          message: `zone ${zone.code} has no price in any bracket`,
        });
    });
    const optionCodes = new Set<string>();
    for (const code of Object.keys(list.options)) {
      const key = code.toUpperCase();
      if (optionCodes.has(key))
        ctx.addIssue({
          code: 'custom',
          path: ['options', code],
          message: `option ${code} is listed twice (codes ignore case)`,
        });
      optionCodes.add(key);
    }
  });

export type PriceList = z.infer<typeof PriceListSchema>;
export type PriceZone = z.infer<typeof PriceZoneSchema>;
export type SurchargeZone = z.infer<typeof SurchargeZoneSchema>;

const BUILTIN_PRICE_LISTS = derived('built-in price lists', (resources): readonly PriceList[] =>
  resources.loadJson('pricelists', PriceListSchema, 'price list'),
);

/** The demo couriers' price lists shipped in resources/pricelists, read once per Resources. */
export function builtinPriceLists(resources: Resources): readonly PriceList[] {
  return resources.get(BUILTIN_PRICE_LISTS);
}

/** Configured lists replace the built-in list of the same courier and service; others are added. */
export function mergePriceLists(base: readonly PriceList[], overrides: readonly PriceList[] = []): PriceList[] {
  const key = (l: PriceList) => `${l.corriere}/${l.servizio}/${l.invoiced_client_id ?? 0}`;
  const merged = new Map(base.map((l) => [key(l), l]));
  for (const list of overrides) merged.set(key(list), list);
  return [...merged.values()];
}

export function findZone(list: PriceList, country: string, prov: string, cap: string): PriceZone | undefined {
  return firstMatch(list.zones, { country, prov, cap });
}

/** The remote area a destination falls in, if any; only the first match is charged. */
export function findSurchargeZone(list: PriceList, to: Destination): SurchargeZone | undefined {
  return firstMatch(list.surcharge_zones, to);
}

/**
 * The list that prices a service for a shipment: the one tied to the shipment's invoiced client if there is one, else
 * the service's general list; a list tied to another invoiced client never applies.
 */
export function listFor(
  lists: readonly PriceList[],
  corriere: number,
  servizio: number,
  invoicedClientId: number,
): PriceList | undefined {
  const ofService = lists.filter((l) => l.corriere === corriere && l.servizio === servizio);
  return (
    (invoicedClientId > 0 ? ofService.find((l) => l.invoiced_client_id === invoicedClientId) : undefined) ??
    ofService.find((l) => l.invoiced_client_id === undefined)
  );
}
