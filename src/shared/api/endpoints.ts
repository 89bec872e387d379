// The spec's eight endpoints as data (method, resource, inputs, bodies by status), used by the service to register
// its routes and by the sync client to build its requests, so the two can never disagree on a path or a shape.
import type { z } from 'zod';
import { ErrorBodySchema, ForbiddenBodySchema, PatchBodySchema } from './bodies';
import { ConfirmResultSchema } from './confirm';
import { ShipmentRecordSchema } from './shipmentRecord';

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
  responses: Partial<Record<200 | 400 | 403 | 404 | 500, z.ZodType>>;
}

export type RateBucket = 'shipmentPost' | 'confirmPost' | 'post' | 'delete' | 'get';

export const ENDPOINTS = {
  getShipment: {
    method: 'GET',
    resource: 'Shipment',
    query: ['id'],
    limits: ['get'],
    responses: { 200: ShipmentRecordSchema, 400: ErrorBodySchema, 403: ForbiddenBodySchema, 404: ErrorBodySchema },
  },
  createShipment: {
    method: 'POST',
    resource: 'Shipment',
    limits: ['shipmentPost', 'post'],
    responses: { 200: ShipmentRecordSchema, 400: ErrorBodySchema, 403: ForbiddenBodySchema },
  },
  deleteShipment: {
    method: 'DELETE',
    resource: 'Shipment',
    query: ['id'],
    limits: ['delete'],
    responses: { 200: ErrorBodySchema, 400: ErrorBodySchema, 403: ForbiddenBodySchema, 404: ErrorBodySchema },
  },
  amendShipment: {
    method: 'PATCH',
    resource: 'Shipment',
    pathParam: 'shipment_id',
    limits: [],
    responses: {
      200: PatchBodySchema,
      400: PatchBodySchema,
      403: ForbiddenBodySchema,
      404: PatchBodySchema,
      500: PatchBodySchema,
    },
  },
  getShipmentByDdtalpha: {
    method: 'GET',
    resource: 'ShipmentByDdtalpha',
    query: ['ddt_alpha', 'client_id'],
    limits: ['get'],
    responses: { 200: ShipmentRecordSchema, 400: ErrorBodySchema, 403: ForbiddenBodySchema, 404: ErrorBodySchema },
  },
  deleteShipmentByDdtalpha: {
    method: 'DELETE',
    resource: 'ShipmentByDdtalpha',
    query: ['ddt_alpha', 'client_id'],
    limits: ['delete'],
    responses: { 200: ErrorBodySchema, 400: ErrorBodySchema, 403: ForbiddenBodySchema, 404: ErrorBodySchema },
  },
  confirmById: {
    method: 'POST',
    resource: 'shipmentConfirm',
    jsonRequired: true,
    limits: ['confirmPost', 'post'],
    responses: { 200: ConfirmResultSchema, 400: ErrorBodySchema, 403: ForbiddenBodySchema },
  },
  confirmByDdtnum: {
    method: 'POST',
    resource: 'ShipmentConfirmByDdtnum',
    jsonRequired: true,
    limits: ['confirmPost', 'post'],
    responses: { 200: ConfirmResultSchema, 400: ErrorBodySchema, 403: ForbiddenBodySchema },
  },
} as const satisfies Record<string, EndpointDef>;

export type EndpointName = keyof typeof ENDPOINTS;

/** The spellings a resource answers to: as written, and with the first letter in the other case. */
export function resourceSpellings(resource: string): string[] {
  const first = resource.charAt(0);
  const rest = resource.slice(1);
  return [...new Set([resource, first.toUpperCase() + rest, first.toLowerCase() + rest])];
}
