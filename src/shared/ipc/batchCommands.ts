// The batches' commands, part of the one command table (commands.ts spreads them in): a selection of the orders list
// made into one batch, its progress, pause and resume, and its A4 pick list.
import { z } from 'zod';
import { BatchViewSchema, MAX_BATCH_ORDERS, PickOrderSchema } from '../domain/batches';

const id = z.number().int().positive();

export const BATCH_COMMANDS = {
  /**
   * Makes a batch of the orders chosen, in pick order, then its shipments one by one (each checked as a scan: a
   * refused order stays waiting with its reason) and one print job per printer. More than MAX_BATCH_ORDERS orders is
   * refused whole with a message saying so (the list is read up to ten times that, so the message can say how many).
   */
  'batches.create': {
    input: z.object({
      orderIds: z
        .array(id)
        .min(1)
        .max(MAX_BATCH_ORDERS * 10),
      pickOrder: PickOrderSchema.default('location'),
    }),
    output: BatchViewSchema,
  },
  'batches.get': { input: z.object({ id }), output: BatchViewSchema },
  /** The latest batches, newest first (their orders left out). */
  'batches.list': { input: z.object({}), output: z.object({ batches: z.array(BatchViewSchema) }) },
  /** Stops making a batch's shipments after the one in hand; resume goes on from the next order. */
  'batches.pause': { input: z.object({ id }), output: BatchViewSchema },
  'batches.resume': { input: z.object({ id }), output: BatchViewSchema },
  /** The batch's A4 pick list as a PDF (base64): each SKU's total with its shelf and the orders it goes to. */
  'batches.pickList': { input: z.object({ id }), output: z.object({ fileName: z.string(), base64: z.string() }) },
} as const;

export const BATCH_EVENTS = {
  /** A batch moved on: an order made or refused, its state changed, its jobs queued or printed. */
  'batches.changed': z.object({ id: z.number().int() }),
} as const;
