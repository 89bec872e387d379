// A printer as the station knows it: a named target with its language and resolution. One schema for the printing
// layer's configuration, the station's saved printers and what the settings screen sends.
import { z } from 'zod';
import { ReceiptModelSchema } from './packingSlip';

/** ZPL: a Zebra label printer; PDF: an office printer through its queue; ESCPOS: a receipt printer (packing slips). */
export const PrinterLanguageSchema = z.enum(['ZPL', 'PDF', 'ESCPOS']);
export type PrinterLanguage = z.infer<typeof PrinterLanguageSchema>;

const PrinterTargetSchema = z.union([
  /** Network raw printing, Zebra's default port 9100. */
  z.object({ kind: z.literal('tcp'), host: z.string().min(1), port: z.number().int().positive() }),
  /** An operating-system queue (CUPS `lp -d QUEUE`; raw for ZPL). */
  z.object({ kind: z.literal('cups'), queue: z.string().min(1) }),
  /** A device file such as /dev/usb/lp0. */
  z.object({ kind: z.literal('device'), path: z.string().min(1) }),
]);
export type PrinterTarget = z.infer<typeof PrinterTargetSchema>;

export const PrinterConfigSchema = z.object({
  /** Stable id used by jobs (e.g. "banco-1"). */
  id: z.string().min(1),
  name: z.string().min(1),
  language: PrinterLanguageSchema,
  dpi: z.union([z.literal(203), z.literal(300)]),
  target: PrinterTargetSchema,
  /** A receipt printer's (ESCPOS) command dialect; epson when absent. */
  receiptModel: ReceiptModelSchema.optional(),
});
export type PrinterConfig = z.infer<typeof PrinterConfigSchema>;
