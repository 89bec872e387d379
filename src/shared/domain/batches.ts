// Batches of orders shipped in one go from the orders list: the limit on their size, their states and what the
// screens show of one (its orders in pick order, each made or refused with the reason, and its print jobs).
import { z } from 'zod';

/**
 * The most orders one batch may hold: a morning's work of a busy bench (150) three times over. Its labels go as one
 * job per printer, which a Zebra's buffer and a paper roll must hold; more is two batches (docs/decisions.md).
 */
export const MAX_BATCH_ORDERS = 500;

/** Why a selection too big is refused, in Italian (the screens say it in their language from the numbers). */
export const tooManyOrdersMessage = (chosen: number) =>
  `Un lotto può avere al massimo ${MAX_BATCH_ORDERS} ordini: ne sono stati scelti ${chosen}. ` +
  'Dividere la selezione in più lotti; nessun lotto è stato creato';

/**
 * making: its shipments are being made, one order after another; paused: the operator stopped that, to resume;
 * printing: every order made or refused, its jobs queued; done: printed; at_scan: the bench weighs batch parcels, so
 * each label is made and printed at the order's scan (the batch keeps the pick order and the pick list).
 */
export const BatchStateSchema = z.enum(['making', 'paused', 'printing', 'done', 'at_scan']);
export type BatchState = z.infer<typeof BatchStateSchema>;

/** location: by the shelf of each order's first SKU (none last), then the order number; order: by number alone. */
export const PickOrderSchema = z.enum(['location', 'order']);
export type PickOrder = z.infer<typeof PickOrderSchema>;

export const BatchOrderSchema = z.object({
  orderId: z.number().int(),
  orderRef: z.string(),
  position: z.number().int(),
  state: z.enum(['queued', 'made', 'refused']),
  /** Why it was refused (the scan's own words); it waits in the list with it. */
  reason: z.string(),
  shipmentId: z.number().int().optional(),
  /** The weight its label carries: its items' weights plus the box's tare, not weighed. */
  estimatedKg: z.number().optional(),
  /** Its first SKU's shelf ('' none). */
  location: z.string(),
});
export type BatchOrder = z.infer<typeof BatchOrderSchema>;

export const BatchJobSchema = z.object({
  printerId: z.string(),
  /** The printer as the bench names it (its id when the bench no longer has it). */
  printerName: z.string(),
  kind: z.enum(['label', 'slip']),
  state: z.string(),
  reason: z.string(),
});

export const BatchViewSchema = z.object({
  id: z.number().int(),
  state: BatchStateSchema,
  pickOrder: PickOrderSchema,
  total: z.number().int(),
  made: z.number().int(),
  refused: z.number().int(),
  createdAt: z.number(),
  orders: z.array(BatchOrderSchema),
  /** One per printer: the labels, and the packing slips, in pick order. */
  jobs: z.array(BatchJobSchema),
});
export type BatchView = z.infer<typeof BatchViewSchema>;

/** The spooler's batch id of a batch's jobs (one per printer), found again after a restart by it. */
export const batchJobsId = (batchId: number) => `lotto-${batchId}`;
