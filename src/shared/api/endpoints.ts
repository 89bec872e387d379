// The spec's eight endpoints as data (method, resource, inputs, bodies by status), then the aggregator's documented
// ones beyond the spec (tracking, ShipmentsList, pickup, the order queue): the service registers its routes and the
// sync client builds its requests from this one table, so the two never disagree on a path or a shape.
import type { z } from 'zod';
import { ErrorBodySchema, ForbiddenBodySchema, PatchBodySchema } from './bodies';
import { ConfirmResultSchema } from './confirm';
import { OrderErrorBodySchema, OrderRecordSchema } from './orders';
import { OrdersListAnswerSchema } from './ordersList';
import { OrderToShipmentErrorSchema, OrderToShipmentOkSchema } from './orderToShipment';
import { ShipmentRecordSchema } from './shipmentRecord';
import { ShipmentsListAnswerSchema } from './shipmentsList';
import { TrackingAnswerSchema } from './tracking';
import { PickupAnswerSchema } from './pickups';

export type HttpMethod = 'GET' | 'POST' | 'DELETE' | 'PATCH';

export interface EndpointDef {
  method: HttpMethod;
  /** Resource name as the spec writes it; the service also answers the other capitalisation. */
  resource: string;
  /** Path parameter after the resource, e.g. PATCH Shipment/{shipment_id}. */
  pathParam?: string;
  query?: readonly string[];
  /** Requires `Content-Type: application/json` (spec, Authentication 4). */
  jsonRequired?: boolean;
  /** Which rate-limit buckets a call counts in (spec: per user per 5 minutes). */
  limits: readonly RateBucket[];
  responses: Partial<Record<ResponseStatus, z.ZodType>>;
  /**
   * The body of the errors no handler writes (a malformed body, a fault): `{error}` unless the endpoint answers its
   * errors another way (PATCH Shipment `{result, status}`; Orders `{error, code}`; OrderToShipment its ERROR body).
   */
  errorShape?: ErrorShape;
}

export type ErrorShape = 'error' | 'patch' | 'coded' | 'claim';

export type ResponseStatus = 200 | 400 | 403 | 404 | 409 | 413 | 500 | 503;

/**
 * What any endpoint may also answer, beside its own table (spec: 403 on every endpoint; ours: 413 for a body over the
 * limit, 500 for a fault, 503 when the storage takes no writes), in the endpoint's own error shape.
 */
function anyEndpoint<B extends z.ZodType>(errorBody: B) {
  return { 403: ForbiddenBodySchema, 413: errorBody, 500: errorBody, 503: errorBody } as const;
}

/** An answer no endpoint gave: an unknown path or instance (`{error}`, 404). */
export const UNROUTED_RESPONSES = { 404: ErrorBodySchema } as const;

export type RateBucket = 'shipmentPost' | 'confirmPost' | 'post' | 'delete' | 'get';

const ORDERS_QUERY = [
  'id',
  'client_id',
  'order_ref',
  'email',
  'data_ordine_da',
  'data_ordine_a',
  'status',
  'exclude_status',
  'corriere',
  'invoice_number',
  'withDetails',
  'perPage',
  'page',
  'orderBy',
  'order',
] as const;

export const ENDPOINTS = {
  getShipment: {
    method: 'GET',
    resource: 'Shipment',
    query: ['id'],
    limits: ['get'],
    responses: {
      ...anyEndpoint(ErrorBodySchema),
      200: ShipmentRecordSchema,
      400: ErrorBodySchema,
      404: ErrorBodySchema,
    },
  },
  createShipment: {
    method: 'POST',
    resource: 'Shipment',
    limits: ['shipmentPost', 'post'],
    responses: { ...anyEndpoint(ErrorBodySchema), 200: ShipmentRecordSchema, 400: ErrorBodySchema },
  },
  deleteShipment: {
    method: 'DELETE',
    resource: 'Shipment',
    query: ['id'],
    limits: ['delete'],
    responses: { ...anyEndpoint(ErrorBodySchema), 200: ErrorBodySchema, 400: ErrorBodySchema, 404: ErrorBodySchema },
  },
  amendShipment: {
    errorShape: 'patch',
    method: 'PATCH',
    resource: 'Shipment',
    pathParam: 'shipment_id',
    limits: [],
    responses: { ...anyEndpoint(PatchBodySchema), 200: PatchBodySchema, 400: PatchBodySchema, 404: PatchBodySchema },
  },
  getShipmentByDdtalpha: {
    method: 'GET',
    resource: 'ShipmentByDdtalpha',
    query: ['ddt_alpha', 'client_id'],
    limits: ['get'],
    responses: {
      ...anyEndpoint(ErrorBodySchema),
      200: ShipmentRecordSchema,
      400: ErrorBodySchema,
      404: ErrorBodySchema,
    },
  },
  // The real aggregator documents this lookup by numeric reference; the contract does not name it.
  getShipmentByDdtnum: {
    method: 'GET',
    resource: 'ShipmentByDdtnum',
    query: ['ddt_num', 'client_id'],
    limits: ['get'],
    responses: {
      ...anyEndpoint(ErrorBodySchema),
      200: ShipmentRecordSchema,
      400: ErrorBodySchema,
      404: ErrorBodySchema,
    },
  },
  deleteShipmentByDdtalpha: {
    method: 'DELETE',
    resource: 'ShipmentByDdtalpha',
    query: ['ddt_alpha', 'client_id'],
    limits: ['delete'],
    responses: { ...anyEndpoint(ErrorBodySchema), 200: ErrorBodySchema, 400: ErrorBodySchema, 404: ErrorBodySchema },
  },
  confirmById: {
    method: 'POST',
    resource: 'shipmentConfirm',
    jsonRequired: true,
    limits: ['confirmPost', 'post'],
    responses: { ...anyEndpoint(ErrorBodySchema), 200: ConfirmResultSchema, 400: ErrorBodySchema },
  },
  confirmByDdtnum: {
    method: 'POST',
    resource: 'ShipmentConfirmByDdtnum',
    jsonRequired: true,
    limits: ['confirmPost', 'post'],
    responses: { ...anyEndpoint(ErrorBodySchema), 200: ConfirmResultSchema, 400: ErrorBodySchema },
  },
  /** Beyond the spec: the aggregator's tracking (the latest state; an array when the reference is not unique). */
  tracking: {
    method: 'GET',
    resource: 'tracking',
    query: ['id', 'ddt_num', 'ddt_alpha'],
    limits: ['get'],
    responses: {
      ...anyEndpoint(ErrorBodySchema),
      200: TrackingAnswerSchema,
      400: ErrorBodySchema,
      404: ErrorBodySchema,
    },
  },
  /** Beyond the spec: the aggregator's list of shipments by date, paged (records without labels). */
  shipmentsList: {
    method: 'GET',
    resource: 'ShipmentsList',
    query: [
      'data_da',
      'data_a',
      'corriere',
      'servizio',
      'cliente',
      'contrassegno',
      'confermato',
      'reso',
      'tipo',
      'status',
      'perPage',
      'page',
      'order',
      'orderBy',
    ],
    limits: ['get'],
    responses: { ...anyEndpoint(ErrorBodySchema), 200: ShipmentsListAnswerSchema, 400: ErrorBodySchema },
  },
  /** Beyond the spec: the aggregator's pickup booking; 200 even when nothing was booked (status 0.6 or 10). */
  bookPickup: {
    method: 'POST',
    resource: 'pickup',
    limits: ['post'],
    responses: { ...anyEndpoint(ErrorBodySchema), 200: PickupAnswerSchema, 400: ErrorBodySchema },
  },
  /** Beyond the spec: a pickup as it stands (the courier's number, its status). */
  getPickup: {
    method: 'GET',
    resource: 'pickup',
    query: ['id'],
    limits: ['get'],
    responses: { ...anyEndpoint(ErrorBodySchema), 200: PickupAnswerSchema, 400: ErrorBodySchema, 404: ErrorBodySchema },
  },
  /** Beyond the spec: the aggregator's order queue, one page of the caller's orders (rows with withDetails=1). */
  listOrders: {
    errorShape: 'coded',
    method: 'GET',
    resource: 'Orders',
    query: ORDERS_QUERY,
    limits: ['get'],
    responses: { ...anyEndpoint(OrderErrorBodySchema), 200: OrdersListAnswerSchema, 400: OrderErrorBodySchema },
  },
  getOrder: {
    errorShape: 'coded',
    method: 'GET',
    resource: 'Orders',
    pathParam: 'order_id',
    limits: ['get'],
    responses: {
      ...anyEndpoint(OrderErrorBodySchema),
      200: OrderRecordSchema,
      400: OrderErrorBodySchema,
      404: OrderErrorBodySchema,
    },
  },
  /** A second POST of a client's reference answers the stored order unchanged (idempotent). */
  createOrder: {
    errorShape: 'coded',
    method: 'POST',
    resource: 'Orders',
    limits: ['post'],
    responses: { ...anyEndpoint(OrderErrorBodySchema), 200: OrderRecordSchema, 400: OrderErrorBodySchema },
  },
  amendOrder: {
    errorShape: 'coded',
    method: 'PATCH',
    resource: 'Orders',
    pathParam: 'order_id',
    limits: [],
    responses: {
      ...anyEndpoint(OrderErrorBodySchema),
      200: OrderRecordSchema,
      400: OrderErrorBodySchema,
      404: OrderErrorBodySchema,
    },
  },
  /**
   * The claim: 200 only when the order is (or, for the same platform, was) made into its shipment; 409 when another
   * asker's shipment holds it, naming that shipment; 400/404 as the documented ERROR bodies.
   */
  orderToShipment: {
    errorShape: 'claim',
    method: 'POST',
    resource: 'OrderToShipment',
    limits: ['shipmentPost', 'post'],
    responses: {
      ...anyEndpoint(OrderToShipmentErrorSchema),
      200: OrderToShipmentOkSchema,
      400: OrderToShipmentErrorSchema,
      404: OrderToShipmentErrorSchema,
      409: OrderToShipmentErrorSchema,
    },
  },
} as const satisfies Record<string, EndpointDef>;

export type EndpointName = keyof typeof ENDPOINTS;

/** The spellings a resource answers to: as written, and with the first letter in the other case. */
export function resourceSpellings(resource: string): string[] {
  const first = resource.charAt(0);
  const rest = resource.slice(1);
  return [...new Set([resource, first.toUpperCase() + rest, first.toLowerCase() + rest])];
}
