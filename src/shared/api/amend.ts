// PATCH Shipment/{id} bodies: only the fields the shipment's courier allows, each checked with the same field schema
// as on creation, so an amendment can never store what a creation would have refused.
import type { z } from 'zod';
import { CreateShipmentRequestSchema, formatIssues, type Parsed } from './shipmentRequest';
import { MSG } from './messages';

export type Amendment = Record<string, unknown>;

const shape = CreateShipmentRequestSchema.shape as Record<string, z.ZodType>;

export function parseAmendment(raw: unknown, allowedFields: readonly string[]): Parsed<Amendment> {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return { ok: false, error: MSG.bodyNotObject };
  const body = raw as Record<string, unknown>;
  const keys = Object.keys(body);
  if (keys.length === 0) return { ok: false, error: MSG.amendEmpty };
  const refused = keys.filter((key) => !allowedFields.includes(key) || !(key in shape));
  if (refused.length > 0) return { ok: false, error: MSG.amendNotAllowed(refused) };
  const out: Amendment = {};
  const issues: z.core.$ZodIssue[] = [];
  for (const key of keys) {
    const fieldSchema = shape[key];
    if (!fieldSchema) continue;
    const parsed = fieldSchema.safeParse(body[key]);
    if (parsed.success) out[key] = parsed.data;
    else issues.push(...parsed.error.issues.map((issue) => ({ ...issue, path: [key, ...issue.path] })));
  }
  if (issues.length > 0) return { ok: false, error: formatIssues(body, issues) };
  return { ok: true, value: out };
}
