// Confirmation and manifests, part of the one command table (commands.ts spreads them in): what confirming would do,
// confirming by ids, client or numeric references, and the manifests it makes (listed, shown, printed).
import { z } from 'zod';
import { ConfirmRefusalSchema } from '../api/confirm';
import { id } from './fields';
import { ManifestSummarySchema } from './views';

const ConfirmErrorViewSchema = z.object({
  id: z.number().int().optional(),
  ddtNum: z.number().int().optional(),
  error: z.string(),
  /** The same reason as data, which the screens say in the operator's language (the preview gives it). */
  why: ConfirmRefusalSchema.optional(),
});

const ConfirmOutcomeSchema = z.object({
  status: z.string(),
  confirmed: z.number().int(),
  errors: z.array(ConfirmErrorViewSchema),
  manifestId: z.number().int().nullable(),
});

/** A cash-on-delivery shipment behind its courier's total: what the owner checks the courier's receipt against. */
const CodShipmentSchema = z.object({
  id: z.number().int(),
  waybill: z.string(),
  reference: z.string(),
  recipient: z.string(),
  amount: z.number(),
});

/**
 * What a confirmation would do, before the click: per courier (with its cash on delivery and the shipments behind
 * it), what it would refuse with why, and how many were left from earlier days.
 */
const ConfirmPreviewSchema = z.object({
  shipments: z.number().int(),
  parcels: z.number().int(),
  weightKg: z.number(),
  /** Cash on delivery of all of them, in euros. */
  cod: z.number(),
  couriers: z.array(
    z.object({
      courier: z.number().int(),
      shipments: z.number().int(),
      parcels: z.number().int(),
      weightKg: z.number(),
      cod: z.number(),
      codShipments: z.array(CodShipmentSchema),
    }),
  ),
  refused: z.array(ConfirmErrorViewSchema),
  /** Every shipment of the choice with an id (the ones it would refuse too): what Conferma then takes, and no other. */
  ids: z.array(z.number().int()),
  /** Of those, made before today, and the first such day (`YYYY-MM-DD`, null when none). */
  fromEarlierDays: z.number().int(),
  earliestDay: z.string().nullable(),
});

export const CONFIRM_COMMANDS = {
  'confirm.byIds': {
    input: z.object({ ids: z.array(id).min(1).max(10_000), createManifest: z.boolean() }),
    output: ConfirmOutcomeSchema,
  },
  'confirm.byClient': { input: z.object({ clientId: id, createManifest: z.boolean() }), output: ConfirmOutcomeSchema },
  'confirm.byDdtNums': {
    input: z.object({ ddtNums: z.array(id).min(1).max(10_000), clientId: id.optional(), createManifest: z.boolean() }),
    output: ConfirmOutcomeSchema,
  },
  /** What confirming would do (the same choice as the confirm.* commands), writing nothing. */
  'confirm.preview': {
    input: z.union([
      z.object({ ids: z.array(id).max(10_000) }),
      z.object({ clientId: id }),
      z.object({ ddtNums: z.array(id).max(10_000), clientId: id.optional() }),
      /** Every shipment of the bench not confirmed yet, whatever its day. */
      z.object({ waiting: z.literal(true) }),
    ]),
    output: ConfirmPreviewSchema,
  },
  'manifests.list': { input: z.object({}), output: z.array(ManifestSummarySchema) },
  'manifests.pdf': { input: z.object({ id }), output: z.object({ base64: z.string() }) },
  /** Opens the manifest in a window of its own with the system's print dialog (desktop app only: see station.info). */
  'manifests.show': { input: z.object({ id }), output: z.object({}) },
  'manifests.print': {
    input: z.object({ id, printerId: z.string().min(1) }),
    output: z.object({ jobId: z.number().int() }),
  },
} as const;
