// Results, not exceptions, across the station boundary (STYLE.md example 2): thrown errors lose their shape over IPC
// and HTTP, so every command answers one of these.
import { z } from 'zod';
import { FieldIssueSchema, type FieldIssues } from '../api/fieldIssues';

/**
 * Stable codes, what a screen decides on (never on the text). From the station: invalid (the input or the shipment
 * was refused, see fields), not_found, refused (not allowed now), unavailable (the storage did not take the write:
 * nothing was decided, try again), internal. Made by the screens' own transport: unreachable (no answer from the
 * station), bad_answer (an answer that is not one), no_shipment (nothing selected).
 */
export const ERROR_CODES = [
  'invalid',
  'not_found',
  'refused',
  'unavailable',
  'internal',
  'unreachable',
  'bad_answer',
  'no_shipment',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];
/** The codes whose meaning is the whole message: the screens say them in the operator's language. */
export const SELF_SPEAKING_CODES = ['unavailable', 'unreachable', 'bad_answer', 'no_shipment'] as const;

export const CommandErrorSchema = z.object({
  code: z.enum(ERROR_CODES),
  /** Italian, for the operator: the station's own words about this case (data, not a key). */
  message: z.string(),
  /** Field name → its issue (code, Italian text), for forms. */
  fields: z.record(z.string(), FieldIssueSchema).optional(),
});
export type CommandError = z.infer<typeof CommandErrorSchema>;

export type Result<T> = { ok: true; value: T } | { ok: false; error: CommandError };

export const ok = <T>(value: T): Result<T> => ({ ok: true, value });
export const fail = (code: ErrorCode, message: string, fields?: FieldIssues): Result<never> => ({
  ok: false,
  error: fields ? { code, message, fields } : { code, message },
});

/** Refused field by field: the message lists every field's reason, for a caller that shows only one line. */
export const failFields = (fields: FieldIssues): Result<never> =>
  fail(
    'invalid',
    Object.values(fields)
      .map((issue) => issue.message)
      .join('; '),
    fields,
  );
