// Results, not exceptions, across the station boundary (STYLE.md example 2): thrown errors lose their shape over IPC
// and HTTP, so every command answers one of these.
import { z } from 'zod';

export const CommandErrorSchema = z.object({
  /** invalid: the input or the shipment was refused (see fields); not_found; refused: not allowed now; internal. */
  code: z.enum(['invalid', 'not_found', 'refused', 'internal']),
  /** Italian, for the operator. */
  message: z.string(),
  /** Field name → reason, for forms. */
  fields: z.record(z.string(), z.string()).optional(),
});
export type CommandError = z.infer<typeof CommandErrorSchema>;

export type Result<T> = { ok: true; value: T } | { ok: false; error: CommandError };

export const ok = <T>(value: T): Result<T> => ({ ok: true, value });
export const fail = (code: CommandError['code'], message: string, fields?: Record<string, string>): Result<never> => ({
  ok: false,
  error: fields ? { code, message, fields } : { code, message },
});
