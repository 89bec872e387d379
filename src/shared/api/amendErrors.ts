// Field-level errors for an amendment form, with the same per-field schemas as creation and as parseAmendment, so
// the bench sees each wrong field by name before the station refuses the whole PATCH.
import type { z } from 'zod';
import { FIELD_MSG } from './messages';
import { CreateShipmentRequestSchema } from './shipmentRequest';

const shape = CreateShipmentRequestSchema.shape as Record<string, z.ZodType>;

/** Field name → first Italian reason, for the fields of `raw` that are allowed; fields not allowed are refused. */
export function amendmentFieldErrors(
  raw: Record<string, unknown>,
  allowedFields: readonly string[],
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(raw)) {
    const schema = shape[key];
    if (!allowedFields.includes(key) || !schema) {
      out[key] = FIELD_MSG.notAmendable;
      continue;
    }
    const parsed = schema.safeParse(value);
    if (!parsed.success) out[key] = parsed.error.issues[0]?.message ?? FIELD_MSG.text;
  }
  return out;
}
