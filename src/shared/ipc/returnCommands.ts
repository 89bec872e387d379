// Return labels, part of the one command table (commands.ts spreads them in): what the bench offers for a departed
// shipment's return, making it (printed at the bench, e-mailed to the customer, or both), and its e-mail later.
import { z } from 'zod';
import { id } from './fields';
import { ReturnRefSchema } from './views';

const MailLanguageSchema = z.enum(['it', 'en']);

export const RETURN_COMMANDS = {
  /**
   * What a return of a departed shipment would be: its courier and services (the return service first where the
   * catalog has one), the outward parcels and weight, the customer it comes from, and the returns made already.
   */
  'returns.draft': {
    input: z.object({ id }),
    output: z.object({
      corriere: z.number().int(),
      courierName: z.string(),
      services: z.array(z.object({ id: z.number().int(), name: z.string(), forReturns: z.boolean() })),
      servizio: z.number().int(),
      colli: z.number().int(),
      peso: z.number(),
      customerName: z.string(),
      customerEmail: z.string(),
      /** Whether the bench can e-mail (a mail server set up). */
      canMail: z.boolean(),
      returns: z.array(ReturnRefSchema),
    }),
  },
  /**
   * Makes the return label: stored and sent like any shipment; `print` prints it at the bench's label printer once it
   * exists; `mail` e-mails it to the customer as a PDF with instructions in that language.
   */
  'returns.make': {
    input: z.object({
      id,
      servizio: z.number().int().min(1),
      colli: z.number().int().min(1).max(999),
      peso: z.number().positive().max(10_000),
      print: z.boolean(),
      mail: MailLanguageSchema.nullable(),
    }),
    output: z.object({ id, ddtAlpha: z.string(), mailedTo: z.string().nullable() }),
  },
  /** E-mails a return's label to the customer (once). */
  'returns.mail': { input: z.object({ id, language: MailLanguageSchema }), output: z.object({ to: z.string() }) },
} as const;
