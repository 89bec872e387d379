// The bench's printers, part of the one command table (commands.ts spreads them in): listed, saved, discovered and
// probed, with test prints and label prints.
import { z } from 'zod';
import { CustomsPapersSchema } from '../domain/customsPapers';
import { ReceiptModelSchema } from '../domain/packingSlip';
import { PrinterLanguageSchema } from '../domain/printers';
import { id } from './fields';
import { PrinterStatusViewSchema, PrinterViewSchema } from './views';

export const PRINTING_COMMANDS = {
  'printing.printers': { input: z.object({}), output: z.array(PrinterViewSchema) },
  'printing.testPrint': {
    input: z.object({ printerId: z.string().min(1) }),
    output: z.object({ jobId: z.number().int() }),
  },
  'printing.printLabels': {
    input: z.object({ ids: z.array(id).min(1).max(10_000), reprintReason: z.string().max(200).optional() }),
    output: z.object({ batchId: z.string(), queued: z.number().int() }),
  },
  /**
   * The labels of the last shipment this bench's form saved, again (Alt+R, also after a restart); `shipment` null
   * when there is none to reprint (none saved yet, deleted, or refused with no label).
   */
  'printing.reprintLast': {
    input: z.object({ reprintReason: z.string().max(200) }),
    output: z.object({
      shipment: z.object({ id, ddtAlpha: z.string() }).nullable(),
      queued: z.number().int(),
    }),
  },
  /** Replaces the bench's printers: each by its address (tcp://HOST:9100, cups://QUEUE, file:///dev/usb/lp0). */
  'printing.savePrinters': {
    input: z.object({
      printers: z
        .array(
          z.object({
            id: z
              .string()
              .trim()
              .min(1)
              .max(40)
              .regex(/^[A-Za-z0-9_-]+$/),
            name: z.string().trim().min(1).max(60),
            url: z.string().trim().min(1).max(300),
            language: PrinterLanguageSchema,
            dpi: z.union([z.literal(203), z.literal(300)]),
            /** A receipt printer's (ESCPOS) command dialect. */
            receiptModel: ReceiptModelSchema.optional(),
          }),
        )
        .max(20),
      labelPrinterId: z.string().optional(),
    }),
    output: z.array(PrinterViewSchema),
  },
  /** The operating system's print queues (CUPS), offered as cups://NAME when adding a printer. */
  'printing.discover': {
    input: z.object({}),
    output: z.array(z.object({ name: z.string(), state: z.string(), isDefault: z.boolean() })),
  },
  /**
   * The day's shipments whose customs papers did not print (`day`: the bench's local date): the status bar says them
   * again after the window reloads or the station restarts, not only when one changes.
   */
  'printing.unprintedPapers': {
    input: z.object({ day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/) }),
    output: z.array(z.object({ shipmentId: id, papers: CustomsPapersSchema })),
  },
  /** Asks a network printer how it is: Zebra's ~HS, or DLE EOT for a receipt printer (which would print "~HS"). */
  'printing.probe': {
    input: z.object({ url: z.string().trim().min(1).max(300), language: PrinterLanguageSchema.default('ZPL') }),
    output: PrinterStatusViewSchema.extend({ reachable: z.boolean() }),
  },
} as const;
