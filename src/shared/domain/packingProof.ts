// A shipment's packing proof where items are checked by scan: every item scan made at the bench (the wrong ones and
// the ones too many as well, since they are what the check caught) and, when the label printed with lines still
// short, the operator's override with its reason. Kept with the weighings and shown in the shipment's detail.
import { z } from 'zod';

export const ITEM_SCAN_OUTCOMES = ['counted', 'wrong', 'tooMany', 'shared'] as const;
export type ItemScanOutcome = (typeof ITEM_SCAN_OUTCOMES)[number];

/** The longest scanned code kept; a longer one is cut, never a reason to refuse the save. */
export const ITEM_SCAN_CODE_MAX = 100;
/** The scans one shipment keeps: far beyond an order's lines (ORDER_LINES_MAX) times a few mistakes. */
export const ITEM_SCANS_MAX = 5_000;
export const OVERRIDE_REASON_MAX = 300;

export const ItemScanSchema = z.object({
  /** When it was scanned, epoch ms. */
  at: z.number().int().nonnegative(),
  code: z.string().transform((code) => code.slice(0, ITEM_SCAN_CODE_MAX)),
  /** The SKU it was counted for, or (shared) the SKUs it could be; '' for an item not in the order. */
  sku: z.string().max(200),
  outcome: z.enum(ITEM_SCAN_OUTCOMES),
});
export type ItemScan = z.infer<typeof ItemScanSchema>;

export const PackingOverrideSchema = z.object({
  reason: z.string().trim().min(1).max(OVERRIDE_REASON_MAX),
  at: z.number().int().nonnegative(),
});
export type PackingOverride = z.infer<typeof PackingOverrideSchema>;

export const PackingProofSchema = z.object({
  scans: z.array(ItemScanSchema).max(ITEM_SCANS_MAX),
  override: PackingOverrideSchema.optional(),
});
export type PackingProof = z.infer<typeof PackingProofSchema>;
