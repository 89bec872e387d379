// Price lists as data (resources/pricelists/*.json, or the service config), validated with zod on load:
// zones by country, province and postal-code prefix, weight brackets, surcharges and a minimum charge.
import { readdirSync, readFileSync } from 'node:fs';
import { z } from 'zod';
import { resourcePath } from '../resources';

const money = z.number().nonnegative();
const pct = z.number().min(0).max(100);

export const PriceZoneSchema = z.object({
  code: z.string().min(1),
  name: z.string().min(1),
  countries: z.array(z.string().length(2)).min(1),
  provinces: z.array(z.string().length(2)).optional(),
  cap_prefixes: z.array(z.string().min(1)).optional(),
});

export const PriceListSchema = z
  .object({
    corriere: z.number().int().positive(),
    servizio: z.number().int().positive(),
    currency: z.string().length(3),
    /** Volumetric weight = volume (m³) × this factor; the greater of real and volumetric weight is billed. */
    volumetric_kg_per_m3: z.number().positive(),
    zones: z.array(PriceZoneSchema).min(1),
    brackets: z.array(z.object({ max_kg: z.number().positive(), prices: z.record(z.string(), money) })).min(1),
    /** Price of each parcel after the first. */
    extra_parcel: money,
    fuel_pct: pct,
    cod_pct: pct,
    cod_min: money,
    insurance_pct: pct,
    insurance_min: money.default(0),
    flags: z
      .object({ al_sabato: money, al_piano: money, preavviso_telefonico: money, reso_contestuale: money, fermo_deposito: money })
      .partial()
      .default({}),
    min_charge: money,
    vat_pct: pct,
  })
  .superRefine((list, ctx) => {
    const codes = new Set(list.zones.map((z) => z.code));
    list.brackets.forEach((bracket, i) => {
      if (i > 0 && bracket.max_kg <= (list.brackets[i - 1]?.max_kg ?? 0)) {
        ctx.addIssue({ code: 'custom', path: ['brackets', i, 'max_kg'], message: 'brackets must be in increasing max_kg order' });
      }
      for (const zone of Object.keys(bracket.prices)) {
        if (!codes.has(zone)) ctx.addIssue({ code: 'custom', path: ['brackets', i, 'prices', zone], message: `unknown zone ${zone}` });
      }
    });
  });

export type PriceList = z.infer<typeof PriceListSchema>;
export type PriceZone = z.infer<typeof PriceZoneSchema>;

let builtin: PriceList[] | undefined;

/** The demo couriers' price lists shipped in resources/pricelists. */
export function builtinPriceLists(): PriceList[] {
  if (builtin) return builtin;
  const dir = resourcePath('pricelists');
  builtin = readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((file) => {
      const parsed = PriceListSchema.safeParse(JSON.parse(readFileSync(`${dir}/${file}`, 'utf8')));
      if (!parsed.success) throw new Error(`price list ${file} is invalid: ${z.prettifyError(parsed.error)}`);
      return parsed.data;
    });
  return builtin;
}

/** Configured lists replace the built-in list of the same courier and service; others are added. */
export function mergePriceLists(base: readonly PriceList[], overrides: readonly PriceList[] = []): PriceList[] {
  const key = (l: PriceList) => `${l.corriere}/${l.servizio}`;
  const merged = new Map(base.map((l) => [key(l), l]));
  for (const list of overrides) merged.set(key(list), list);
  return [...merged.values()];
}

export function findZone(list: PriceList, country: string, prov: string, cap: string): PriceZone | undefined {
  return list.zones.find(
    (zone) =>
      zone.countries.includes(country) &&
      (!zone.provinces || zone.provinces.includes(prov.toUpperCase())) &&
      (!zone.cap_prefixes || zone.cap_prefixes.some((p) => cap.startsWith(p))),
  );
}
