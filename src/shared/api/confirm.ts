// Confirmation requests and results (spec endpoints 7 and 8). The request parsers return the spec's 400 texts.
import { z } from 'zod';
import { ExclusionReasonSchema } from './exclusionReasons';
import { MSG } from './messages';
import type { Parsed } from './shipmentRequest';

const createManifest = z.preprocess((v) => (typeof v === 'string' ? v.trim().toUpperCase() : v), z.enum(['Y', 'N']));

const numericId = z.union([
  z.number().int().positive(),
  z
    .string()
    .trim()
    .regex(/^\d{1,15}$/)
    .transform(Number),
]);

const clientIdValue = z.union([
  z.number().int().positive(),
  z
    .string()
    .trim()
    .regex(/^\d{1,7}$/)
    .transform(Number),
]);

export interface ConfirmByIdRequest {
  ids?: number[];
  clientId?: number;
  createManifest: boolean;
}

export interface ConfirmByDdtnumRequest {
  ddtNums: number[];
  clientId?: number;
  createManifest: boolean;
}

function parseManifestFlag(body: Record<string, unknown>): Parsed<boolean> {
  if (body.create_manifest === undefined || body.create_manifest === null || body.create_manifest === '')
    return { ok: true, value: false };
  const flag = createManifest.safeParse(body.create_manifest);
  return flag.success ? { ok: true, value: flag.data === 'Y' } : { ok: false, error: MSG.createManifestInvalid };
}

function parseClientId(body: Record<string, unknown>): Parsed<number | undefined> {
  if (body.client_id === undefined || body.client_id === null || body.client_id === '')
    return { ok: true, value: undefined };
  const parsed = clientIdValue.safeParse(body.client_id);
  return parsed.success ? { ok: true, value: parsed.data } : { ok: false, error: MSG.clientIdInvalid };
}

/** The object body, its create_manifest flag and its optional client_id: shared by both confirm endpoints. */
function parseCommon(
  raw: unknown,
): Parsed<{ body: Record<string, unknown>; clientId: number | undefined; createManifest: boolean }> {
  const body = asObject(raw);
  if (!body) return { ok: false, error: MSG.bodyNotObject };
  const manifest = parseManifestFlag(body);
  if (!manifest.ok) return manifest;
  const clientId = parseClientId(body);
  if (!clientId.ok) return clientId;
  return { ok: true, value: { body, clientId: clientId.value, createManifest: manifest.value } };
}

function asObject(raw: unknown): Record<string, unknown> | undefined {
  return typeof raw === 'object' && raw !== null && !Array.isArray(raw) ? (raw as Record<string, unknown>) : undefined;
}

/** POST shipmentConfirm: `{id:[…]}` or `{client_id}`; with neither, the spec's "ID spedizione non indicata". */
export function parseConfirmById(raw: unknown): Parsed<ConfirmByIdRequest> {
  const common = parseCommon(raw);
  if (!common.ok) return common;
  const { body, clientId, createManifest: manifest } = common.value;
  const hasIds = body.id !== undefined && body.id !== null && !(Array.isArray(body.id) && body.id.length === 0);
  if (!hasIds && clientId === undefined) return { ok: false, error: MSG.shipmentIdMissing };
  let ids: number[] | undefined;
  if (hasIds) {
    const list = Array.isArray(body.id) ? body.id : [body.id];
    const parsed = z.array(numericId).max(10_000).safeParse(list);
    if (!parsed.success) return { ok: false, error: MSG.confirmIdsInvalid };
    ids = [...new Set(parsed.data)];
  }
  return { ok: true, value: { ids, clientId, createManifest: manifest } };
}

/**
 * POST ShipmentConfirmByDdtnum: `ddt_num` must be an array of integers, each a number or a numeric string (`"123"`, as
 * the by-id confirm takes its ids; never `"12a"`).
 */
export function parseConfirmByDdtnum(raw: unknown): Parsed<ConfirmByDdtnumRequest> {
  const common = parseCommon(raw);
  if (!common.ok) return common;
  const { body, clientId, createManifest: manifest } = common.value;
  const parsed = z.array(numericId).min(1).max(10_000).safeParse(body.ddt_num);
  if (!parsed.success) return { ok: false, error: MSG.ddtNumMissing };
  return { ok: true, value: { ddtNums: [...new Set(parsed.data)], clientId, createManifest: manifest } };
}

/**
 * Why a shipment is not confirmed, as data for the screens (the API says it in Italian, `error`): already confirmed,
 * still being made or sent, in error (with the cause as the courier or the remote said it, and for a refusal of our
 * own couriers its reason by code), deleted on the remote, not found or not unique.
 */
export const CONFIRM_REFUSAL_KINDS = [
  'already',
  'processing',
  'inError',
  'deletedRemotely',
  'notFound',
  'notUnique',
] as const;
export const ConfirmRefusalSchema = z.object({
  kind: z.enum(CONFIRM_REFUSAL_KINDS),
  cause: z.string().optional(),
  exclusion: ExclusionReasonSchema.optional(),
});
export type ConfirmRefusal = z.infer<typeof ConfirmRefusalSchema>;

/** The API's Italian words for a refusal. */
export function confirmRefusalText(refusal: ConfirmRefusal): string {
  switch (refusal.kind) {
    case 'already':
      return MSG.confirmAlready;
    case 'processing':
      return MSG.confirmProcessing;
    case 'inError':
      return MSG.confirmInError(refusal.cause ?? '');
    case 'deletedRemotely':
      return MSG.confirmDeletedRemotely;
    case 'notFound':
      return MSG.confirmNotFound;
    case 'notUnique':
      return MSG.confirmDdtNotUnique;
  }
}

const ConfirmErrorItemSchema = z.looseObject({
  id: z.number().int().optional(),
  ddt_num: z.number().int().optional(),
  error: z.string(),
});
export type ConfirmErrorItem = z.infer<typeof ConfirmErrorItemSchema>;

export const ConfirmResultSchema = z.looseObject({
  status: z.string(),
  errors: z.array(ConfirmErrorItemSchema),
  manifest: z.string().optional(),
  manifest_id: z.number().int().optional(),
});
export type ConfirmResult = z.infer<typeof ConfirmResultSchema>;
