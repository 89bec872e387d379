// Schemas the command files share for what many commands carry: a row's id and a request body as the API takes it.
import { z } from 'zod';

/** A row's id: a positive integer. */
export const id = z.number().int().positive();
/** A request body as the spec's API takes it; the engine checks its fields. */
export const body = z.record(z.string(), z.unknown());
