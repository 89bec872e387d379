// Cash on delivery after departure, part of the one command table (commands.ts spreads them in): the report per
// courier and period, a courier's payment typed at the bench, its remittance list previewed then saved, and the
// report exported as CSV and PDF.
import { z } from 'zod';
import { CodFilterSchema, CodReportSchema, RemittancePreviewSchema } from '../domain/cod';
import { MAX_FILE_BASE64 } from './orderCommands';

const DaySchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const CourierSchema = z.number().int().nonnegative();

/** A remittance list as the operator picked it: its bytes and name, and the courier whose list it is. */
const RemittanceFileSchema = z.object({
  base64: z.string().min(1).max(MAX_FILE_BASE64),
  fileName: z.string().min(1).max(255),
  courier: CourierSchema,
});

const PaidSchema = z.object({ paidCents: z.number().int(), parcels: z.number().int() });

export const COD_COMMANDS = {
  /** The report of the filter (courier, period by delivery day) as of now, with the couriers to pick from. */
  'cod.report': {
    input: CodFilterSchema,
    output: z.object({
      report: CodReportSchema,
      couriers: z.array(z.object({ id: z.number().int(), name: z.string() })),
    }),
  },
  /**
   * A courier's payment typed at the bench: its amount spread over the parcels named (in order), or over the
   * courier's oldest unpaid deliveries when none is named. Refused whole (nothing kept) when it is more than they owe.
   */
  'cod.pay': {
    input: z.object({
      courier: CourierSchema,
      paidOn: DaySchema,
      amountCents: z.number().int().positive().max(100_000_000),
      reference: z.string().max(200).default(''),
      shipmentIds: z.array(z.number().int()).max(10_000).default([]),
    }),
    output: PaidSchema,
  },
  /** What the remittance list would pay, line by line; nothing is saved. */
  'cod.previewFile': {
    input: RemittanceFileSchema,
    output: RemittancePreviewSchema,
  },
  /** The list's matching lines paid in one transaction; the same file saved again pays nothing. */
  'cod.importFile': {
    input: RemittanceFileSchema.extend({ paidOn: DaySchema, reference: z.string().max(200).default('') }),
    output: PaidSchema.extend({ alreadyImported: z.boolean() }),
  },
  /** The report as CSV (`;`, decimal commas, a BOM) or as an A4 PDF (base64), with the file name to save it under. */
  'cod.export': {
    input: CodFilterSchema.extend({ format: z.enum(['csv', 'pdf']) }),
    output: z.object({ fileName: z.string(), text: z.string(), base64: z.string() }),
  },
} as const;
