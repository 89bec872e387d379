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
