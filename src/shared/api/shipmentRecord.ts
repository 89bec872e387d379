// The spec's Shipment record as GET and POST return it. The service builds it; the sync client parses remote
// answers with it. Loose on purpose: the spec says string fields may come back as numbers, and unknown fields pass.
import { z } from 'zod';

const textOrNumber = z.union([z.string(), z.number()]);

const DaticolliItemSchema = z.object({
  peso: z.number(),
  volume: z.number(),
  larghezza: z.number(),
  lunghezza: z.number(),
  altezza: z.number(),
  n_collo: z.number().int(),
  barcode: z.string(),
});
export type DaticolliItem = z.infer<typeof DaticolliItemSchema>;

/** 0 = waybill generated, 0.6 = waybill generation failed (spec, States). */
export const SHIPMENT_STATUS = { ok: 0, failed: 0.6 } as const;

export const ZERO_DATETIME = '0000-00-00 00:00:00';
export const ZERO_TIME = '00:00:00';

export const ShipmentRecordSchema = z.looseObject({
  id: z.number().int(),
  client_id: z.number().int(),
  ddt_num: z.number().int(),
  ddt_alpha: z.string(),
  corriere: z.number().int(),
  servizio: z.number().int(),
  colli: z.number().int(),
  peso: z.number(),
  volume: z.number(),
  merce: z.string(),
  origine: z.string(),
  valore: z.number(),
  valore_doganale: z.number(),
  valuta: z.string(),
  status: z.number(),
  error: z.string(),
  confermato: z.number().int(),
  num_spedizione: z.string(),
  barcode: z.string(),
  tracking_link: z.string(),
  label_jpg: z.array(z.string()),
  label_pdf: z.array(z.string()),
  label_zpl: z.array(z.string()),
  daticolli: z.array(DaticolliItemSchema).optional(),
  sender_name: textOrNumber,
  sender_addr: textOrNumber,
  sender_cap: textOrNumber,
  sender_city: textOrNumber,
  sender_prov: textOrNumber,
  sender_country_code: textOrNumber,
  sender_contact: textOrNumber,
  sender_email: textOrNumber,
  sender_phone: textOrNumber,
  rcpt_name: textOrNumber,
  rcpt_addr: textOrNumber,
  rcpt_cap: textOrNumber,
  rcpt_city: textOrNumber,
  rcpt_prov: textOrNumber,
  rcpt_country_code: textOrNumber,
  rcpt_contact: textOrNumber,
  rcpt_email: textOrNumber,
  rcpt_phone: textOrNumber,
  rcpt_emails_extra: z.array(z.string()).optional(),
  date_upd: z.string(),
  user_id: z.number().int(),
});
export type ShipmentRecord = z.infer<typeof ShipmentRecordSchema>;

// A client's reader of the same record, liberal in what it accepts (aggregator-facts.md): numbers may come back as
// numeric strings ("0", "0.6", "12", "2.50") and texts as numbers (postal codes, phones, waybills); fields the lookup
// by reference alone carries (daticolli) or only the create answer carries (rcpt_emails_extra) may be missing; unknown
// fields are kept and ignored. What it gives is a ShipmentRecord, so everything after it reads one shape.
const NUMERIC_TEXT = /^\s*-?\d+(\.\d+)?\s*$/;
const toNumber = (value: unknown) => (typeof value === 'string' && NUMERIC_TEXT.test(value) ? Number(value) : value);
const num = z.preprocess(toNumber, z.number());
const int = z.preprocess(toNumber, z.number().int());
const text = z.union([z.string(), z.number()]).transform(String);
const textOr = (fallback: string) => text.optional().transform((v) => v ?? fallback);
const numOr = (fallback: number) => num.optional().transform((v) => v ?? fallback);
const labels = z
  .array(z.string())
  .nullish()
  .transform((v) => v ?? []);

const TolerantParcelSchema = z.looseObject({
  peso: numOr(0),
  volume: numOr(0),
  larghezza: numOr(0),
  lunghezza: numOr(0),
  altezza: numOr(0),
  n_collo: int,
  barcode: textOr(''),
});

export const TolerantShipmentRecordSchema = z.looseObject({
  id: int,
  client_id: int,
  ddt_num: int,
  ddt_alpha: text,
  corriere: int,
  servizio: int,
  colli: int,
  peso: num,
  volume: numOr(0),
  merce: textOr(''),
  origine: textOr(''),
  valore: numOr(0),
  valore_doganale: numOr(0),
  valuta: textOr('EUR'),
  status: num,
  error: textOr(''),
  confermato: numOr(0).pipe(z.number().int()),
  num_spedizione: textOr(''),
  barcode: textOr(''),
  tracking_link: textOr(''),
  label_jpg: labels,
  label_pdf: labels,
  label_zpl: labels,
  daticolli: z.array(TolerantParcelSchema).optional(),
  sender_name: textOr(''),
  sender_addr: textOr(''),
  sender_cap: textOr(''),
  sender_city: textOr(''),
  sender_prov: textOr(''),
  sender_country_code: textOr(''),
  sender_contact: textOr(''),
  sender_email: textOr(''),
  sender_phone: textOr(''),
  rcpt_name: textOr(''),
  rcpt_addr: textOr(''),
  rcpt_cap: textOr(''),
  rcpt_city: textOr(''),
  rcpt_prov: textOr(''),
  rcpt_country_code: textOr(''),
  rcpt_contact: textOr(''),
  rcpt_email: textOr(''),
  rcpt_phone: textOr(''),
  rcpt_emails_extra: z.array(z.string()).optional(),
  date_upd: textOr(''),
  user_id: numOr(0).pipe(z.number().int()),
}) satisfies z.ZodType<ShipmentRecord>;
