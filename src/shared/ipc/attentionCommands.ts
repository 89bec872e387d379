// "Da gestire"'s commands and event, part of the one command table (commands.ts spreads them in): the departed
// parcels that need a person now, and what the operator did about one of them.
import { z } from 'zod';
import { ATTENTION_NOTE_MAX, AttentionActionSchema, AttentionItemSchema } from '../domain/attention';
import { id } from './fields';

export const ATTENTION_COMMANDS = {
  /** The parcels needing a person now, the most urgent first, and the bench's "no movement" days. */
  'parcels.attention': {
    input: z.object({}),
    output: z.object({ items: z.array(AttentionItemSchema), count: z.number().int(), quietDays: z.number().int() }),
  },
  /** What the operator did about one of them: the item closes until the parcel's state changes; the new count. */
  'parcels.act': {
    input: z.object({
      shipmentId: id,
      kind: AttentionActionSchema,
      note: z.string().max(ATTENTION_NOTE_MAX).default(''),
    }),
    output: z.object({ count: z.number().int() }),
  },
} as const;

export const ATTENTION_EVENTS = {
  /** How many parcels need a person now: said when the list changes (a new state, an action recorded). */
  'attention.changed': z.object({ count: z.number().int() }),
} as const;
