// The shipments' commands, part of the one command table (commands.ts spreads them in): the form's save, the lists,
// one shipment's detail, amendments, quotes and customs papers, and the addresses the form offers.
import { z } from 'zod';
import { FieldIssueSchema } from '../api/fieldIssues';
import { EXCLUSION_CODES, ExclusionParamsSchema } from '../api/exclusionReasons';
import { CustomsPapersSchema } from '../domain/customsPapers';
import { WeighingSchema } from '../domain/weighings';
import { PackingProofSchema } from '../domain/packingProof';
import { body, id } from './fields';
import { ParcelGroupSchema } from '../domain/tracking';
import { ListStatusSchema, ShipmentDetailSchema, ShipmentPageSchema } from './views';

const QuoteViewSchema = z.object({
  /**
   * Whose prices: the standalone station's couriers (`station`), a connected account's imported lists (`account`), or
   * none at all because a connected account has no list here and the service chooses (`service`: no price shown).
   */
  source: z.enum(['station', 'account', 'service']),
  eligible: z.array(
    z.object({
      corriere: z.number().int(),
      servizio: z.number().int(),
      courierName: z.string(),
      serviceName: z.string(),
      total: z.number(),
      vat: z.number(),
      totalWithVat: z.number(),
      currency: z.string(),
      zone: z.string(),
    }),
  ),
  excluded: z.array(
    z.object({
      corriere: z.number().int(),
      servizio: z.number().int(),
      courierName: z.string(),
      serviceName: z.string(),
      /** The station's Italian words; the screens say `code` with `params` in the operator's language. */
      reason: z.string(),
      code: z.enum(EXCLUSION_CODES),
      params: ExclusionParamsSchema,
      /** By code, what the courier's refusal says at each field concerned; absent for a price list's exclusion. */
      issues: z.record(z.string(), FieldIssueSchema).optional(),
      /** Refused only for texts too long: its price once they are shortened (the cheapest one says its limits). */
      total: z.number().optional(),
    }),
  ),
});

const RecipientSchema = z.object({
  rcpt_name: z.string(),
  rcpt_contact: z.string(),
  rcpt_addr: z.string(),
  rcpt_addr2: z.string(),
  rcpt_cap: z.string(),
  rcpt_city: z.string(),
  rcpt_prov: z.string(),
  rcpt_country_code: z.string(),
  rcpt_phone: z.string(),
  rcpt_email: z.string(),
});

/** Which customs paper: the invoice (commercial or proforma), or a postal courier's CN23. */
const customsDocument = z.enum(['invoice', 'cn23']).default('invoice');

export const SHIPMENT_COMMANDS = {
  /**
   * The form's save. `orderId`: the order waiting it ships (linked in the shipment's own transaction, shipped while
   * the shipment holds up; its packing slip prints with the label). `weighings`: the scale readings its parcels were
   * weighed with, kept with it. `packing`: the item scans (and override) of an order whose client checks items by
   * scan; such an order is refused until its lines are complete or overridden. A courier's refusal is answered beside
   * its field and stores nothing.
   */
  'shipments.create': {
    input: z.object({
      body,
      orderId: id.optional(),
      weighings: z.array(WeighingSchema).max(999).optional(),
      packing: PackingProofSchema.optional(),
    }),
    output: z.object({ id }),
  },
  'shipments.list': {
    input: z.object({
      view: z.enum(['departing', 'departed']),
      search: z.string().max(100).default(''),
      clientId: z.number().int().optional(),
      courier: z.number().int().optional(),
      invoicedClientId: z.number().int().positive().optional(),
      status: ListStatusSchema.optional(),
      parcel: ParcelGroupSchema.optional(),
      /** Returns only (true), or outward shipments only (false). */
      reso: z.boolean().optional(),
      offset: z.number().int().min(0).default(0),
      limit: z.number().int().min(1).max(500).default(100),
    }),
    output: ShipmentPageSchema,
  },
  'shipments.get': { input: z.object({ id }), output: ShipmentDetailSchema },
  /**
   * Why the bench's couriers refuse the shipment as it is stored, said as data (`exclusion`) for the screens' language
   * beside the station's words; `reason` '' when they would take it (a remote's own refusal has no code: its words
   * are the record's `error`).
   */
  'shipments.refusal': {
    input: z.object({ id }),
    output: z.object({
      reason: z.string(),
      exclusion: z.object({ code: z.enum(EXCLUSION_CODES), params: ExclusionParamsSchema }).optional(),
    }),
  },
  'shipments.amend': { input: z.object({ id, fields: body }), output: z.object({}) },
  'shipments.delete': { input: z.object({ id }), output: z.object({}) },
  /** A shipment the remote refused, sent again (optionally corrected). */
  'shipments.resubmit': { input: z.object({ id, body: body.optional() }), output: z.object({}) },
  'shipments.quote': { input: z.object({ body }), output: QuoteViewSchema },
  /**
   * A shipment's customs paper as a PDF: its invoice (commercial, or proforma when the goods are not sold), or its
   * postal courier's CN23 (`document: 'cn23'`); drawn once with its number, then the same each time.
   */
  'shipments.invoice': {
    input: z.object({ id, document: customsDocument }),
    output: z.object({ base64: z.string(), name: z.string(), kind: z.enum(['commercial', 'proforma', 'cn23']) }),
  },
  /** Opens the invoice (or CN23) in a window of its own, with the system's print (desktop app only: station.info). */
  'shipments.showDocument': {
    input: z.object({ id, document: customsDocument }),
    output: z.object({}),
  },
  /**
   * Prints the invoice's (or the CN23's) copies, the bench's number of them, on the document printer; 0 printed when
   * there is none. With the shipment's papers as they stand now (a copy the printer refused before is said).
   */
  'shipments.printInvoice': {
    input: z.object({ id, document: customsDocument }),
    output: z.object({ printed: z.number().int(), papers: CustomsPapersSchema }),
  },
  'addresses.byCap': {
    input: z.object({ cap: z.string().regex(/^\d{5}$/) }),
    output: z.array(z.object({ nome: z.string(), sigla: z.string() })),
  },
  'addresses.recent': {
    input: z.object({ search: z.string().max(100).default('') }),
    output: z.array(RecipientSchema),
  },
} as const;
