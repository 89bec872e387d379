// Field-level errors for an amendment form, with the same per-field schemas as creation and as parseAmendment, so
// the bench sees each wrong field by name before the station refuses the whole PATCH.
import type { z } from 'zod';
import { fieldIssue, issueOf, type FieldIssues } from './fieldIssues';
import { CreateShipmentRequestSchema } from './shipmentRequest';

const shape = CreateShipmentRequestSchema.shape as Record<string, z.ZodType>;

/** Field name → its first issue, for the fields of `raw` that are allowed; fields not allowed are refused. */
export function amendmentFieldErrors(raw: Record<string, unknown>, allowedFields: readonly string[]): FieldIssues {
  const out: FieldIssues = {};
  for (const [key, value] of Object.entries(raw)) {
    const schema = shape[key];
    if (!allowedFields.includes(key) || !schema) {
      out[key] = fieldIssue('notAmendable');
      continue;
    }
    const parsed = schema.safeParse(value);
    const first = parsed.success ? undefined : parsed.error.issues[0];
    if (first) out[key] = issueOf(first);
  }
  return out;
}
