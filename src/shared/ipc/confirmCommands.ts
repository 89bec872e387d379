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

/** What a confirmation would do, before the click: per courier, and what it would refuse with why. */
const ConfirmPreviewSchema = z.object({
  shipments: z.number().int(),
  parcels: z.number().int(),
  weightKg: z.number(),
  couriers: z.array(
    z.object({
      courier: z.number().int(),
      shipments: z.number().int(),
      parcels: z.number().int(),
      weightKg: z.number(),
    }),
  ),
  refused: z.array(ConfirmErrorViewSchema),
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
