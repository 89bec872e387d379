// Courier metadata as data (resources/couriers/*.json), validated with zod, joined to its driver by `driver`.
// The service config may override any built-in courier (deep merge by id) or declare a new one on a known driver.
import { z } from 'zod';
import { COUNTRY_CODES } from '../../shared/domain/countries';
import { derived, type Resources } from '../resources';
import type { CourierDefinition, CourierDriver } from './types';
import { COURIER_FIELD_NAMES } from '../../shared/domain/courierCatalog';
import { ACCEPTED_COD_TYPES, effectiveCodType } from '../../shared/domain/cashOnDelivery';

const country = z.string().refine((c) => c === '*' || COUNTRY_CODES.has(c), 'ISO 3166 country code or "*"');

const CourierServiceDataSchema = z.object({
  id: z.number().int().positive(),
  name: z.string().min(1),
  /** "*" = every country; `exclude` removes some. */
  destinations: z.array(country).min(1),
  exclude: z.array(country).default([]),
  provinces: z.array(z.string().length(2)).optional(),
  max_parcels: z.number().int().positive(),
  max_weight_kg: z.number().positive(),
  max_parcel_weight_kg: z.number().positive(),
  /** A return service: it carries return shipments (flag_reso 1) only, and the bench offers it for them. */
  for_returns: z.boolean().default(false),
});

const CourierDataSchema = z
  .object({
    id: z.number().int().positive(),
    code: z.string().regex(/^[a-z0-9-]+$/),
    driver: z.string().min(1),
    name: z.string().min(1).max(40),
    services: z.array(CourierServiceDataSchema).min(1),
    label_formats: z.array(z.enum(['ZPL', 'PDF', 'JPG'])).min(1),
    /** Courier-specific request fields it reads (carrier1_id_fermoposta, codice_merce_carrier5, …). */
    request_fields: z.array(z.enum(COURIER_FIELD_NAMES)).default([]),
    amendable_fields: z.array(z.string()),
    capabilities: z.object({
      cash_on_delivery: z.union([
        z.literal(false),
        z.object({
          countries: z.array(country),
          max: z.number().positive(),
          // The documented codes; a file written with the former 0, 1, 2 is read as 12, 15, 10.
          payment_types: z
            .array(z.union(ACCEPTED_COD_TYPES.map((code) => z.literal(code))))
            .min(1)
            .transform((codes) => [...new Set(codes.map(effectiveCodType))]),
        }),
      ]),
      insurance: z.union([z.literal(false), z.object({ max: z.number().positive() })]),
      saturday: z.boolean(),
      floor_delivery: z.boolean(),
      phone_notice: z.boolean(),
      exchange: z.boolean(),
      hold_at_depot: z.boolean(),
      pickup_points: z.boolean(),
      parcel_number_range: z.union([
        z.literal(false),
        z.object({ from: z.number().int().positive(), to: z.number().int().positive() }),
      ]),
      returns: z.boolean(),
      recipient_pays: z.boolean(),
      documents: z.boolean(),
      customs_duties: z.array(z.number().int().min(0).max(2)).min(1),
      /** Books a pickup for a shipment that gives a pickup window (date_req_ritiro): the record's numero_ritiro. */
      pickup_booking: z.boolean().default(false),
      /** The customs declaration a postal service takes in its pouch beside the invoice (UPU CN23). */
      customs_form: z.union([z.literal(false), z.literal('CN23')]).default(false),
    }),
    field_limits: z.record(z.string(), z.number().int().positive()),
    tracking_url: z
      .string()
      .url()
      .refine((u) => u.includes('{num}'), 'must contain {num}'),
    options: z.record(z.string(), z.unknown()).default({}),
  })
  .superRefine((data, ctx) => {
    const range = data.capabilities.parcel_number_range;
    if (range && range.to < range.from)
      ctx.addIssue({ code: 'custom', path: ['capabilities', 'parcel_number_range'], message: 'to must be ≥ from' });
    const ids = data.services.map((s) => s.id);
    if (new Set(ids).size !== ids.length)
      ctx.addIssue({ code: 'custom', path: ['services'], message: 'service ids must be unique' });
  });

export type CourierData = z.infer<typeof CourierDataSchema>;

/** A config entry: an id to enable as it is, or a (partial) definition merged onto the built-in with the same id. */
export const CourierConfigEntrySchema = z.union([
  z.number().int().positive(),
  z.record(z.string(), z.unknown()).and(z.object({ id: z.number().int().positive() })),
]);
export type CourierConfigEntry = z.infer<typeof CourierConfigEntrySchema>;

const BUILTIN_COURIERS = derived('built-in couriers', (resources): readonly CourierData[] =>
  resources.loadJson('couriers', CourierDataSchema, 'courier file').sort((a, b) => a.id - b.id),
);

/** The demo couriers shipped in resources/couriers, read once per Resources. */
export function builtinCourierData(resources: Resources): readonly CourierData[] {
  return resources.get(BUILTIN_COURIERS);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Objects merge key by key; arrays and values replace. */
function deepMerge(base: unknown, override: unknown): unknown {
  if (!isObject(base) || !isObject(override)) return override;
  const out: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(override)) out[key] = key in base ? deepMerge(base[key], value) : value;
  return out;
}

/**
 * The couriers an instance runs: all built-ins when `entries` is absent, otherwise exactly the listed ones, each
 * built-in merged with its override. Throws with every problem listed (the config is checked at start).
 */
export function resolveCourierData(
  resources: Resources,
  entries?: readonly CourierConfigEntry[],
): readonly CourierData[] {
  const base = builtinCourierData(resources);
  if (!entries) return base;
  return entries.map((entry) => {
    const id = typeof entry === 'number' ? entry : entry.id;
    const known = base.find((c) => c.id === id);
    if (typeof entry === 'number') {
      if (!known) throw new Error(`couriers: unknown courier id ${id}`);
      return known;
    }
    const parsed = CourierDataSchema.safeParse(known ? deepMerge(known, entry) : entry);
    if (!parsed.success) throw new Error(`couriers: courier ${id} is invalid: ${z.prettifyError(parsed.error)}`);
    return parsed.data;
  });
}

function expand(destinations: readonly string[], exclude: readonly string[]): string[] {
  const all = destinations.includes('*') ? [...COUNTRY_CODES] : destinations;
  return all.filter((c) => !exclude.includes(c));
}

export function toDefinition(data: CourierData, driver: CourierDriver): CourierDefinition {
  const c = data.capabilities;
  return {
    ...driver,
    id: data.id,
    code: data.code,
    name: data.name,
    services: data.services.map((s) => ({
      id: s.id,
      name: s.name,
      destinations: expand(s.destinations, s.exclude),
      provinces: s.provinces,
      maxParcels: s.max_parcels,
      maxWeightKg: s.max_weight_kg,
      maxParcelWeightKg: s.max_parcel_weight_kg,
      ...(s.for_returns ? { forReturns: true } : {}),
    })),
    labelFormats: data.label_formats,
    requestFields: data.request_fields,
    amendableFields: data.amendable_fields,
    capabilities: {
      cashOnDelivery: c.cash_on_delivery
        ? {
            countries: expand(c.cash_on_delivery.countries, []),
            max: c.cash_on_delivery.max,
            paymentTypes: c.cash_on_delivery.payment_types,
          }
        : null,
      insurance: c.insurance ? { max: c.insurance.max } : null,
      saturday: c.saturday,
      floorDelivery: c.floor_delivery,
      phoneNotice: c.phone_notice,
      exchange: c.exchange,
      holdAtDepot: c.hold_at_depot,
      pickupPoints: c.pickup_points,
      parcelNumberRange: c.parcel_number_range ? { ...c.parcel_number_range } : null,
      returns: c.returns,
      recipientPays: c.recipient_pays,
      documents: c.documents,
      pickupBooking: c.pickup_booking,
      customsForm: c.customs_form || null,
      customsDuties: c.customs_duties,
    },
    fieldLimits: data.field_limits,
    trackingUrl: data.tracking_url,
    options: data.options,
  };
}
