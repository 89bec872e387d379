// The box presets' commands, part of the one command table (commands.ts spreads them in): listed, saved one at a
// time (a new one, or the one of that name edited; field errors by code), removed, picked by what the bench scanned
// (its key or `BOX:<name>`), and chosen for an order's items by their volume.
import { z } from 'zod';
import { BOX_NAME_MAX, BoxSchema } from '../domain/boxes';

const BoxInputSchema = BoxSchema.extend({
  name: z.string().max(BOX_NAME_MAX * 2),
  key: z.string().max(10),
});

const NameSchema = z
  .string()
  .min(1)
  .max(BOX_NAME_MAX * 2);

export const BOX_COMMANDS = {
  /** The caller's boxes, smallest inner volume first. */
  'boxes.list': {
    input: z.object({}),
    output: z.object({ boxes: z.array(BoxSchema) }),
  },
  /** `replace`: the box of that name is edited (not_found when there is none); else added (a name taken refused). */
  'boxes.save': {
    input: z.object({ box: BoxInputSchema, replace: z.boolean().default(false) }),
    output: z.object({ box: BoxSchema }),
  },
  'boxes.delete': {
    input: z.object({ name: NameSchema }),
    output: z.object({ deleted: z.boolean() }),
  },
  /** The box a scanned or typed text picks (a key, `BOX:<name>`); null: the text names no box (an order, perhaps). */
  'boxes.pick': {
    input: z.object({ text: z.string().max(200) }),
    output: z.object({ box: BoxSchema.nullable() }),
  },
  /**
   * The smallest box that holds these items (each piece's weight or volume, or its SKU's weight in the product list);
   * null when none does or a line's size cannot be told. itemsCm3: what the items were reckoned to take.
   */
  'boxes.forItems': {
    input: z.object({
      lines: z
        .array(
          z.object({
            sku: z.string().max(120).optional(),
            qty: z.number().positive().max(1_000_000),
            weightKg: z.number().positive().finite().optional(),
            volumeCm3: z.number().positive().finite().optional(),
          }),
        )
        .max(1000),
    }),
    output: z.object({
      box: BoxSchema.nullable(),
      itemsCm3: z.number().nullable(),
      itemsKg: z.number().nullable(),
    }),
  },
} as const;
