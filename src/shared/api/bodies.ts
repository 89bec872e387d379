// The spec's non-record response bodies, one schema each, so the service cannot answer a shape the spec lacks.
import { z } from 'zod';

/** 400/404 of GET, POST, DELETE and confirm: `{error}`; DELETE success is `{error:""}`. */
export const ErrorBodySchema = z.object({ error: z.string() });
export type ErrorBody = z.infer<typeof ErrorBodySchema>;

/** 403 on every endpoint: invalid API key or over the rate limit. */
export const ForbiddenBodySchema = z.object({ status: z.literal(false), error: z.string() });
export type ForbiddenBody = z.infer<typeof ForbiddenBodySchema>;

/** PATCH answers `{result, status}`; a 404 carries status 500 (spec, endpoint 4). */
export const PatchBodySchema = z.object({
  result: z.string(),
  status: z.union([z.literal(200), z.literal(400), z.literal(500)]),
});
export type PatchBody = z.infer<typeof PatchBodySchema>;
