// An account's courier catalog: which couriers and services the aggregator configured for the account (there is no
// endpoint that lists them, aggregator-facts.md), the label formats each gives and the courier-specific request
// fields it takes. Kept per connection by the station, edited in Settings and exchanged between benches as a JSON
// file in this shape, so one file sets up every bench of a shop the same way.
import { z } from 'zod';
import { fieldIssue, issueOf, issueToken, type FieldIssues } from '../api/fieldIssues';

/** The courier-specific fields of the spec's shipment tables, with how a form takes each. */
export const COURIER_FIELDS = {
  carrier1_servizio: 'text',
  carrier1_id_fermoposta: 'text',
  carrier1_accessori: 'integer',
  carrier2_uap_id: 'text',
  carrier2_signature_required: 'flag',
  carrier3_num_segnacollo_da: 'integer',
  carrier3_num_segnacollo_a: 'integer',
  carrier4_options: 'list',
  codice_merce_carrier5: 'text',
  carrier6_tracking_code: 'text',
} as const;
export type CourierField = keyof typeof COURIER_FIELDS;
export const COURIER_FIELD_NAMES = Object.keys(COURIER_FIELDS) as CourierField[];

export const CATALOG_LABEL_FORMATS = ['ZPL', 'PDF'] as const;

const name = z
  .string({ error: issueToken('text') })
  .trim()
  .min(1, { error: issueToken('required') })
  .max(60, { error: issueToken('maxChars', 60) });
/** Largest courier and service id; also what a number too big for JSON (1e400, read as Infinity) is told. */
const MAX_CODE = 9999;
const code = z
  .number({
    error: (issue) =>
      typeof issue.input === 'number' && !Number.isFinite(issue.input)
        ? issueToken('max', MAX_CODE)
        : issueToken('integer'),
  })
  .int({ error: issueToken('integer') })
  .min(1, { error: issueToken('atLeastOne') })
  .max(MAX_CODE, { error: issueToken('max', MAX_CODE) });

/** How long each list of a catalog may be; a longer one is refused by its length before its items are read. */
const MAX_ITEMS = { couriers: 100, services: 50, labelFormats: 10, fields: 50 } as const;

/**
 * The services an outward shipment may be given: a return service carries returns only (made from a departed
 * shipment's detail), but the one already chosen stays offered, so a form or rule saved with it still shows it.
 */
export function outwardServices<S extends { id: number | string; forReturns?: boolean }>(
  courierId: number | string,
  services: readonly S[],
  chosen: string | undefined,
): S[] {
  return services.filter((s) => !s.forReturns || chosen === `${courierId}/${s.id}`);
}

/** `forReturns`: the courier's return service, which the bench offers for a return label (absent: any service). */
const CatalogServiceSchema = z.object({ id: code, name, forReturns: z.boolean().optional() });

export const CatalogCourierSchema = z
  .object({
    id: code,
    name,
    services: z
      .array(CatalogServiceSchema, { error: issueToken('array') })
      .min(1, { error: issueToken('atLeastOne') })
      .max(MAX_ITEMS.services),
    labelFormats: z
      .array(z.enum(CATALOG_LABEL_FORMATS, { error: issueToken('enumOf', CATALOG_LABEL_FORMATS) }))
      .min(1, { error: issueToken('atLeastOne') })
      .max(MAX_ITEMS.labelFormats)
      .default(['ZPL', 'PDF'])
      .transform((formats) => [...new Set(formats)]),
    fields: z
      .array(z.enum(COURIER_FIELD_NAMES, { error: issueToken('enumOf', COURIER_FIELD_NAMES) }))
      .max(MAX_ITEMS.fields)
      .default([])
      .transform((fields) => [...new Set(fields)]),
  })
  .superRefine((courier, ctx) => {
    const seen = new Set<number>();
    courier.services.forEach((s, i) => {
      if (seen.has(s.id)) ctx.addIssue({ code: 'custom', path: ['services', i, 'id'], message: duplicateToken });
      seen.add(s.id);
    });
  });
export type CatalogCourier = z.infer<typeof CatalogCourierSchema>;

// A duplicate is "a value not allowed here": the editor shows it on the repeated id.
const duplicateToken = '§duplicate';

export const CATALOG_FORMAT = 'courier-catalog';

export const CourierCatalogSchema = z
  .object({
    /** Names the file's kind and version, so a wrong file is refused by name, not by a puzzling field error. */
    format: z.literal(CATALOG_FORMAT).default(CATALOG_FORMAT),
    version: z.literal(1).default(1),
    /** Offer "Più economico" (corriere 0, servizio 0: the remote chooses by price). */
    cheapest: z.boolean().default(true),
    couriers: z.array(CatalogCourierSchema, { error: issueToken('array') }).max(MAX_ITEMS.couriers),
  })
  .superRefine((catalog, ctx) => {
    const seen = new Set<number>();
    catalog.couriers.forEach((c, i) => {
      if (seen.has(c.id)) ctx.addIssue({ code: 'custom', path: ['couriers', i, 'id'], message: duplicateToken });
      seen.add(c.id);
    });
  });
export type CourierCatalog = z.infer<typeof CourierCatalogSchema>;
export type CourierCatalogInput = z.input<typeof CourierCatalogSchema>;

/** What a new connection starts with: only "Più economico"; the account's couriers are the operator's to add. */
export const newCatalog = (): CourierCatalog => ({ format: CATALOG_FORMAT, version: 1, cheapest: true, couriers: [] });

/**
 * The aggregator's test couriers (ids 70–79, "Dummy 1–10"), offered in Settings as a suggestion to add, never as the
 * account's own. Their services are not documented: one service 1 each, which the operator may rename or extend.
 */
export const TEST_COURIERS: readonly CatalogCourier[] = Array.from({ length: 10 }, (_, i) => ({
  id: 70 + i,
  name: `Dummy ${i + 1}`,
  services: [{ id: 1, name: 'Servizio 1' }],
  labelFormats: ['ZPL', 'PDF'],
  fields: [],
}));

export type ParsedCatalog = { ok: true; value: CourierCatalog } | { ok: false; fields: FieldIssues };

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Paths of ids repeated in a list (`couriers.3.id`), found in what was typed even when other fields are wrong. */
function repeatedIds(list: unknown, path: string): string[] {
  if (!Array.isArray(list)) return [];
  const seen = new Set<unknown>();
  return list.flatMap((item: unknown, i) => {
    if (!isObject(item) || item.id === undefined || item.id === '') return [];
    const repeated = seen.has(item.id) ? [`${path}.${i}.id`] : [];
    seen.add(item.id);
    return [...repeated, ...repeatedIds(item.services, `${path}.${i}.services`)];
  });
}

/**
 * Lists longer than a catalog may hold, by their length alone: zod checks every item before a list's length, so a file
 * of a million wrong couriers would otherwise cost a million checks and answer a million field errors.
 */
function overlong(raw: unknown): FieldIssues | undefined {
  if (!isObject(raw) || !Array.isArray(raw.couriers)) return undefined;
  if (raw.couriers.length > MAX_ITEMS.couriers) return { couriers: fieldIssue('maxItems', MAX_ITEMS.couriers) };
  const fields: FieldIssues = {};
  raw.couriers.forEach((courier: unknown, i) => {
    if (!isObject(courier)) return;
    for (const key of ['services', 'labelFormats', 'fields'] as const) {
      const list = courier[key];
      if (Array.isArray(list) && list.length > MAX_ITEMS[key])
        fields[`couriers.${i}.${key}`] = fieldIssue('maxItems', MAX_ITEMS[key]);
    }
  });
  return Object.keys(fields).length > 0 ? fields : undefined;
}

/** A catalog as typed or imported, checked field by field (`couriers.2.services.0.name`, as the editor names them). */
export function parseCatalog(raw: unknown): ParsedCatalog {
  const tooLong = overlong(raw);
  if (tooLong) return { ok: false, fields: tooLong };
  const result = CourierCatalogSchema.safeParse(raw);
  if (result.success) return { ok: true, value: result.data };
  const fields: FieldIssues = {};
  for (const path of repeatedIds(isObject(raw) ? raw.couriers : undefined, 'couriers'))
    fields[path] = fieldIssue('unique');
  for (const issue of result.error.issues) {
    const key = issue.path.map(String).join('.') || 'catalog';
    if (key in fields) continue;
    fields[key] = issue.message === duplicateToken ? fieldIssue('unique') : issueOf(issue);
  }
  return { ok: false, fields };
}

/** The file a bench exports: the catalog as stored, indented for a person to read. */
export const catalogFileText = (catalog: CourierCatalog): string => `${JSON.stringify(catalog, null, 2)}\n`;
