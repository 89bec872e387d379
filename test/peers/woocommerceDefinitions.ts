// WooCommerce's published REST API v3 definitions, the part the station uses (test/fixtures/woocommerce/rest-v3.json,
// transcribed from WooCommerce's controllers, its REST reference and the Shipment Tracking extension's), and a request
// checked against them as WordPress checks a route's arguments before running it (rest_validate_value_from_schema):
// the WooCommerce peer refuses by it, and the client's requests are checked by it, so the two cannot share a mistake.
// Stricter than WordPress in one way only: a parameter or body field it would silently ignore is refused here.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { wooError, type WooError } from './woocommerceAuth';

export interface Param {
  type: string | string[];
  enum?: string[];
  minimum?: number;
  maximum?: number;
  format?: string;
  default?: unknown;
  readonly?: boolean;
  writeonly?: boolean;
  items?: Param;
  properties?: Record<string, Param>;
}
const ParamSchema: z.ZodType<Param> = z.lazy(() =>
  z.object({
    type: z.union([z.string(), z.array(z.string())]),
    enum: z.array(z.string()).optional(),
    minimum: z.number().optional(),
    maximum: z.number().optional(),
    format: z.string().optional(),
    default: z.unknown().optional(),
    readonly: z.boolean().optional(),
    writeonly: z.boolean().optional(),
    items: ParamSchema.optional(),
    properties: z.record(z.string(), ParamSchema).optional(),
  }),
);
const MethodSchema = z.object({
  query: z.record(z.string(), ParamSchema).optional(),
  body: z.string().optional(),
  required: z.array(z.string()).optional(),
  requiredWith: z.record(z.string(), z.string()).optional(),
});
export type MethodDefinition = z.infer<typeof MethodSchema>;
const DefinitionsSchema = z.object({
  authentication: z.object({ query: z.array(z.string()) }),
  global: z.object({ query: z.array(z.string()) }),
  routes: z.array(
    z.object({
      namespaces: z.array(z.string()),
      path: z.string(),
      methods: z.record(z.string(), MethodSchema),
    }),
  ),
  schemas: z.record(z.string(), z.object({ properties: z.record(z.string(), ParamSchema) })),
});
export type Definitions = z.infer<typeof DefinitionsSchema>;

let definitions: Definitions | undefined;
/** The fixture, read once. */
export function published(): Definitions {
  const file = join(__dirname, '../fixtures/woocommerce/rest-v3.json');
  definitions ??= DefinitionsSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
  return definitions;
}

/** A request's route as documented: `GET orders/<id>` and its definition, for a path under /wp-json. */
export interface DocumentedRoute {
  /** 'METHOD namespace-free path with its <ids>', e.g. 'PUT orders/<id>'. */
  name: string;
  namespace: string;
  method: MethodDefinition;
}

/** The documented route and method `route` (the path after /wp-json, '/wc/v3/orders/12') goes to, if any. */
export function documentedRoute(method: string, route: string): DocumentedRoute | undefined {
  for (const documented of published().routes) {
    const pattern = documented.path.replace(/<id>/g, '\\d+').replace(/<[a-z_]+>/g, '[^/]+');
    for (const namespace of documented.namespaces) {
      if (!new RegExp(`^/${namespace}/${pattern}/?$`, 'i').test(route)) continue;
      const defined = documented.methods[method.toUpperCase()];
      return defined ? { name: `${method.toUpperCase()} ${documented.path}`, namespace, method: defined } : undefined;
    }
  }
  return undefined;
}

/** WordPress's list of values: "a and b", "a, b, and c" (wp_sprintf_l). */
export const listed = (values: readonly string[]): string =>
  values.length < 3 ? values.join(' and ') : `${values.slice(0, -1).join(', ')}, and ${values.at(-1) ?? ''}`;

/** WordPress's refusal of one argument: rest_invalid_param, the reason under data.params and data.details. */
export function invalidParam(name: string, reason: string, code = 'rest_invalid_param'): WooError {
  const details = { [name]: { code, message: reason, data: null } };
  return wooError(400, 'rest_invalid_param', `Invalid parameter(s): ${name}`, { params: { [name]: reason }, details });
}
const missingParam = (name: string): WooError =>
  wooError(400, 'rest_missing_callback_param', `Missing parameter(s): ${name}`, { params: [name] });

const RFC3339 = /^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}(?::\d{2})?)?$/;
const isInteger = (v: unknown) =>
  (typeof v === 'number' || (typeof v === 'string' && v.trim() !== '')) && Number.isInteger(Number(v));
/** rest_is_boolean: true, false, 'true', 'false', '1', '0', '', 1, 0. */
const isBoolean = (v: unknown) =>
  typeof v === 'boolean' ||
  v === 0 ||
  v === 1 ||
  (typeof v === 'string' && ['true', 'false', '1', '0', ''].includes(v.toLowerCase()));

/** One type of a value: a query's values are all text, so only the body is strict about strings and objects. */
function ofType(value: unknown, type: string, fromQuery: boolean): boolean {
  switch (type) {
    case 'integer':
      return isInteger(value);
    case 'number':
      return (typeof value === 'number' || typeof value === 'string') && value !== '' && Number.isFinite(Number(value));
    case 'boolean':
      return isBoolean(value);
    case 'string':
      return typeof value === 'string' || (fromQuery && typeof value !== 'object');
    case 'null':
      return value === null;
    case 'object':
      return typeof value === 'object' && value !== null && !Array.isArray(value);
    case 'array':
      return Array.isArray(value) || typeof value === 'string';
    default:
      // 'mixed' and WooCommerce's 'date-time' (not JSON Schema types): WordPress does not check them.
      return true;
  }
}

/** Why WordPress refuses a value: its error code and words. */
export interface Reason {
  code: string;
  message: string;
}
const reason = (code: string, message: string): Reason => ({ code, message });

/** What WordPress refuses in one value of argument `name`, as rest_validate_value_from_schema does. */
export function valueFault(name: string, value: unknown, spec: Param, fromQuery: boolean): Reason | undefined {
  const types = Array.isArray(spec.type) ? spec.type : [spec.type];
  const type = types.find((t) => ofType(value, t, fromQuery));
  if (!type) return reason('rest_invalid_type', `${name} is not of type ${types.join(',')}.`);
  if (type === 'array' && spec.items) {
    const items = Array.isArray(value)
      ? value
      : String(value)
          .split(/[\s,]+/)
          .filter(Boolean);
    for (const [i, item] of items.entries()) {
      const fault = valueFault(`${name}[${i}]`, item, spec.items, fromQuery);
      if (fault) return fault;
    }
    return undefined;
  }
  if (type === 'object' && spec.properties) return fieldsFault(value as Record<string, unknown>, spec.properties, name);
  if (spec.enum && !spec.enum.includes(String(value)))
    return reason('rest_not_in_enum', `${name} is not one of ${listed(spec.enum)}.`);
  if (type === 'integer' || type === 'number') {
    const n = Number(value);
    const [min, max] = [spec.minimum ?? -Infinity, spec.maximum ?? Infinity];
    if (n < min || n > max) {
      const bounds =
        max === Infinity ? `greater than or equal to ${min}` : `between ${min} (inclusive) and ${max} (inclusive)`;
      return reason('rest_out_of_bounds', `${name} must be ${bounds}`);
    }
  }
  const date = spec.format === 'date-time' ? RFC3339 : spec.format === 'date' ? /^\d{4}-\d{2}-\d{2}$/ : undefined;
  if (type === 'string' && date && !date.test(String(value))) return reason('rest_invalid_date', 'Invalid date.');
  return undefined;
}

/** A body's (or an object field's) fields: each documented, writable, and of its documented type. */
function fieldsFault(
  fields: Record<string, unknown>,
  properties: Record<string, Param>,
  within = '',
): Reason | undefined {
  for (const [key, value] of Object.entries(fields)) {
    const name = within ? `${within}[${key}]` : key;
    const spec = properties[key];
    if (!spec) return reason('rest_additional_properties_forbidden', `${name} is not a valid property of Object.`);
    // WordPress leaves a read-only field out of the arguments and ignores it: whatever was meant does not happen.
    if (spec.readonly) return reason('rest_invalid_param', `${name} is read-only: WooCommerce would ignore it.`);
    const fault = valueFault(name, value, spec, false);
    if (fault) return fault;
  }
  return undefined;
}

/** The query's arguments: `status[]` and `status[0]` are `status`; the credentials and WordPress's own are not. */
function queryArguments(query: URLSearchParams): Map<string, string[]> {
  const { authentication, global } = published();
  const args = new Map<string, string[]>();
  for (const [key, value] of query) {
    const name = key.replace(/\[[^\]]*\]$/, '');
    if (authentication.query.includes(name) || global.query.includes(name)) continue;
    args.set(name, [...(args.get(name) ?? []), value]);
  }
  return args;
}

/**
 * What WooCommerce (with WordPress) refuses in a request to a documented route, before the route runs: an argument it
 * does not document (WordPress would ignore it), a value of the wrong type, out of its range or enum, a read-only or
 * missing body field. `ids` are the path's own (id): a body may repeat them. Undefined for a route not documented.
 */
export function requestFault(
  method: string,
  route: string,
  query: URLSearchParams,
  body: Record<string, unknown>,
): WooError | undefined {
  const documented = documentedRoute(method, route);
  if (!documented) return undefined;
  const { query: params = {}, body: schema, required = [], requiredWith = {} } = documented.method;
  for (const [name, values] of queryArguments(query)) {
    const spec = params[name];
    if (!spec) return invalidParam(name, `${name} is not a documented parameter of ${documented.name}.`);
    const value = spec.type === 'array' ? values.join(',') : (values.at(-1) ?? '');
    const fault = valueFault(name, value, spec, true);
    if (fault) return invalidParam(name, fault.message, fault.code);
  }
  if (!schema) return undefined;
  const fields = Object.fromEntries(Object.entries(body).filter(([key]) => key !== 'id'));
  const properties = published().schemas[schema]?.properties ?? {};
  for (const [key, value] of Object.entries(fields)) {
    const fault = fieldsFault({ [key]: value }, properties);
    if (fault) return invalidParam(key, fault.message, fault.code);
  }
  const absent = required.find((name) => fields[name] === undefined || fields[name] === null);
  if (absent) return missingParam(absent);
  const alone = Object.entries(requiredWith).find(([field, other]) => fields[other] && fields[field] === undefined);
  return alone ? missingParam(alone[0]) : undefined;
}

/**
 * Fields WooCommerce answers though its published schema does not list them, by schema and path, each with why: the
 * bench may read them (liberal in what it accepts, each with a documented field to fall back on) and the peer answer
 * them. Nothing else undocumented may be read or answered.
 */
export const ANSWERED_UNDOCUMENTED: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  order: {
    'shipping.phone':
      "WC_Order's shipping address has a phone since WooCommerce 5.6 and the answer carries it; the schema's " +
      'shipping lists none. The bench reads it first, billing.phone when empty.',
  },
};

/** The published definition of a field of schema `name` by its path ('line_items[].price'), if documented. */
export function documentedField(name: string, path: string): Param | undefined {
  let spec: Param | undefined = { type: 'object', properties: published().schemas[name]?.properties ?? {} };
  for (const part of path.split('.')) {
    const [field = '', ...lists] = part.split('[]');
    spec = spec?.properties?.[field];
    for (let i = 0; i < lists.length; i += 1) spec = spec?.items;
  }
  return spec;
}
