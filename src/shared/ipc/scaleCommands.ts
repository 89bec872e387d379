// The bench scale's commands and event, part of the one command table (commands.ts spreads them in): its settings,
// its last reading, and the weight last given to a parcel.
import { z } from 'zod';
import { ScaleConfigSchema, ScaleReadingSchema } from '../domain/scale';

const ScaleViewSchema = z.object({
  config: ScaleConfigSchema.nullable(),
  reading: ScaleReadingSchema.nullable(),
});

export const SCALE_COMMANDS = {
  /**
   * The bench scale's settings and its last reading; `heldKg`: the weight last given to a parcel while the pan has not
   * changed since (kept across restarts), null when none.
   */
  'scale.get': {
    input: z.object({}),
    output: ScaleViewSchema.extend({ ports: z.array(z.string()), heldKg: z.number().nullable() }),
  },
  /** A weight was given to a parcel: the next parcel waits for the pan to change, even after a restart. */
  'scale.hold': { input: z.object({ kg: z.number().positive().max(100_000) }), output: z.object({}) },
  'scale.save': { input: z.object({ config: ScaleConfigSchema.nullable() }), output: ScaleViewSchema },
} as const;

export const SCALE_EVENTS = {
  'scale.changed': ScaleReadingSchema,
} as const;
