// What the screens show: compact rows for the lists, the detail of one shipment, manifests, printers, settings.
import { z } from 'zod';
import { ParcelViewSchema } from '../domain/tracking';
import { CustomsPapersSchema } from '../domain/customsPapers';
import { PrinterLanguageSchema } from '../domain/printers';
import { ReceiptModelSchema } from '../domain/packingSlip';
import { PrinterReasonSchema, PrinterStateSchema, SyncStateSchema } from '../domain/states';
import { WeighingSchema } from '../domain/weighings';
import { PackingProofSchema } from '../domain/packingProof';
import { StationModeSchema } from '../domain/stationMode';

/** The list filter's status: ok (waybill made), error (0.6), waiting (to sync), attention (refused by the remote). */
export const ListStatusSchema = z.enum(['ok', 'error', 'waiting', 'attention']);

const ShipmentRowSchema = z.object({
  id: z.number().int(),
  clientId: z.number().int(),
  ddtNum: z.number().int(),
  ddtAlpha: z.string(),
  corriere: z.number().int(),
  courierName: z.string(),
  servizio: z.number().int(),
  serviceName: z.string(),
  rcptName: z.string(),
  rcptCity: z.string(),
  rcptProv: z.string(),
  rcptCap: z.string(),
  rcptCountry: z.string(),
  colli: z.number().int(),
  peso: z.number(),
  status: z.number(),
  error: z.string(),
  numSpedizione: z.string(),
  barcode: z.string(),
  confermato: z.number().int(),
  syncState: SyncStateSchema,
  syncError: z.string(),
  createdAt: z.string(),
  manifestId: z.number().int().nullable(),
  /** A reseller's invoiced client (0 and "": none). */
  invoicedClientId: z.number().int(),
  invoicedClientName: z.string(),
  /** Where the parcel is since it left (its latest state the bench saw); null before the first answer. */
  parcel: ParcelViewSchema.nullable(),
  /** A return shipment (flag_reso 1). */
  reso: z.boolean(),
});
export type ShipmentRow = z.infer<typeof ShipmentRowSchema>;

export const ShipmentPageSchema = z.object({ total: z.number().int(), rows: z.array(ShipmentRowSchema) });
export type ShipmentPage = z.infer<typeof ShipmentPageSchema>;

/** A return, or the outward shipment it was made from, as the other's detail names it. */
export const ReturnRefSchema = z.object({
  id: z.number().int(),
  ddtAlpha: z.string(),
  numSpedizione: z.string(),
  state: z.enum(['processing', 'ok', 'failed']),
  confermato: z.union([z.literal(0), z.literal(1)]),
  createdAt: z.string(),
});
export type ReturnRef = z.infer<typeof ReturnRefSchema>;

const MailStateSchema = z.object({
  state: z.enum(['pending', 'sending', 'sent', 'failed']),
  attempts: z.number().int(),
  error: z.string(),
});

export const ShipmentDetailSchema = z.object({
  row: ShipmentRowSchema,
  /** The spec record without the label arrays (they can be large). */
  record: z.record(z.string(), z.unknown()),
  /** Fields the shipment's courier lets the operator change. */
  amendableFields: z.array(z.string()),
  /** First label as JPEG base64 for the preview; empty when there is none yet. */
  previewJpg: z.string(),
  labelCount: z.number().int(),
  /** The remote refused its creation: it can be corrected in the form and sent again. */
  correctable: z.boolean(),
  /** When it was last amended (`YYYY-MM-DD hh:mm:ss`); empty when never. Its label was not made again (spec). */
  amendedAt: z.string(),
  /**
   * The invoice of a customs shipment as the request gave it (the spec's record does not return it); '' for none. With
   * the customs declaration its courier takes beside it (a postal service's CN23), null for none.
   */
  invoice: z.object({ number: z.string(), date: z.string(), customsForm: z.literal('CN23').nullable() }),
  /** Whether its customs papers (the invoice's copies, a CN23) reached the A4 printer, or why not. */
  papers: CustomsPapersSchema,
  /** Each parcel with the barcode printed on its label (what a person scans), once the waybill exists. */
  parcels: z.array(z.object({ n: z.number().int(), barcode: z.string(), peso: z.number() })),
  /** What the scale read for its parcels when they were weighed at the bench (empty: typed, or not weighed here). */
  weighings: z.array(WeighingSchema),
  /** The item scans and the override it was packed with; null when its items were not checked by scan. */
  packing: PackingProofSchema.nullable(),
  /** The weight a batch gave it from its items and box, not weighed (kg); null when it was weighed or typed. */
  estimatedKg: z.number().nullable(),
  /** The waybill e-mail to the sender (dropshipping) sent from this station; null when it owes none. */
  mail: MailStateSchema.nullable(),
  /** The returns made from it (a departed shipment), oldest first; and, for a return, the shipment it returns. */
  returns: z.array(ReturnRefSchema),
  returnOf: ReturnRefSchema.nullable(),
  /** A return's label e-mailed to the customer: its state and address; null when it was not asked for. */
  returnMail: MailStateSchema.extend({ to: z.string() }).nullable(),
});
export type ShipmentDetail = z.infer<typeof ShipmentDetailSchema>;

export const ManifestSummarySchema = z.object({
  id: z.number().int(),
  createdAt: z.string(),
  clientIds: z.array(z.number().int()),
  shipments: z.number().int(),
  colli: z.number().int(),
  peso: z.number(),
});
export type ManifestSummary = z.infer<typeof ManifestSummarySchema>;

export const PrinterStatusViewSchema = z.object({
  state: PrinterStateSchema,
  /** What the screens say, translated; empty when the message is all there is (a queue's own words). */
  reasons: z.array(PrinterReasonSchema),
  message: z.string(),
});
export type PrinterStatusView = z.infer<typeof PrinterStatusViewSchema>;

export const PrinterViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  language: PrinterLanguageSchema,
  dpi: z.union([z.literal(203), z.literal(300)]),
  receiptModel: ReceiptModelSchema.optional(),
  url: z.string(),
  status: PrinterStatusViewSchema.nullable(),
});
export type PrinterView = z.infer<typeof PrinterViewSchema>;

export const SyncStatusViewSchema = z.object({
  mode: StationModeSchema,
  online: z.boolean(),
  paused: z.boolean(),
  /** The remote's rate limit: nothing is sent before this time (epoch ms); 0 when not limited. */
  rateLimitedUntil: z.number().default(0),
  /** 403s for 30 minutes without one success: the key may have been revoked (entry goes on). */
  keyMaybeRevoked: z.boolean().default(false),
  pending: z.number().int(),
  /** Rows the remote would not take, held for a person. */
  parked: z.number().int(),
  /** Unconfirmed shipments the remote's courier refused (0.6). "Da verificare" is parked + refused. */
  refused: z.number().int().default(0),
  oldestPendingAgeMs: z.number(),
  /** Italian, for logs and the CLI; the screens say `lastErrorCode` in their language, then `lastErrorCause`. */
  lastError: z.string(),
  /** The kind of the last error ('' for one with no code: shown as `lastError` says it). */
  lastErrorCode: z.enum(['', 'remoteUnreachable', 'rateLimited', 'keyRefused']).default(''),
  /** Its technical cause as the network client or the remote said it ("other side closed (UND_ERR_SOCKET)"). */
  lastErrorCause: z.string().default(''),
});
export type SyncStatusView = z.infer<typeof SyncStatusViewSchema>;

export const LanguageSchema = z.enum(['it', 'en']);
export type Language = z.infer<typeof LanguageSchema>;

/** A reseller account's invoiced client, as a shipment names it (invoiced_client_id). */
export const InvoicedClientSchema = z.object({ id: z.number().int().positive(), name: z.string() });
export type InvoicedClientView = z.infer<typeof InvoicedClientSchema>;

/** The bench's mail server (dropshipping e-mails) as Settings show it: never its password, only whether one is set. */
export const MailViewSchema = z.object({
  configured: z.boolean(),
  host: z.string(),
  port: z.number(),
  security: z.string(),
  user: z.string(),
  from: z.string(),
  passwordSet: z.boolean(),
});
export type MailView = z.infer<typeof MailViewSchema>;

export const SettingsSchema = z.object({
  mode: StationModeSchema,
  remoteUrl: z.string(),
  /** Never the key itself: its last 4 characters, or "" when none is set. */
  apiKeyHint: z.string(),
  clientIds: z.array(z.number().int()),
  /** The connection's invoiced clients: the account is a reseller when there is any. */
  invoicedClients: z.array(InvoicedClientSchema),
  /** Where the API key is kept: encrypted by the system, in a file only this user can read, or not kept. */
  keyStorage: z.object({ available: z.boolean(), encrypted: z.boolean(), message: z.string() }),
  /** Something about the connection the operator must act on (e.g. the API key is missing), or "". */
  connectionProblem: z.string(),
  printers: z.array(PrinterViewSchema),
  labelPrinterId: z.string(),
  labelFormat: z.enum(['ZPL', 'PDF']),
  autoPrint: z.boolean(),
  /** The goods of a shipment when neither its order nor the operator gives any; '' when none is set. */
  goodsDefault: z.string(),
  /** Copies of a customs invoice printed with the label on the document printer (0: none). */
  invoiceCopies: z.number().int(),
  /** The station's own invoice numbers start with this (FT-2026-0001). */
  invoicePrefix: z.string(),
  /** The number the station's next invoice of this year takes. */
  invoiceNext: z.number().int(),
  /** This bench's series among the shop's benches (`B2` → `FT-2026-B2-0001`); '' none. */
  invoiceSeries: z.string(),
  /** The station's next invoice number of this year as it will be printed (`FT-2026-B2-0012`). */
  invoiceUpcoming: z.string(),
  /** This bench shares the shop's numbering with other benches: it numbers invoices only with a series set. */
  invoiceSeriesRequired: z.boolean(),
  language: LanguageSchema,
  /** Days without a new state after which a departed parcel needs a look ("Da gestire"). */
  attentionDays: z.number().int(),
  localApi: z.boolean(),
  mail: MailViewSchema,
  /** The recipient is e-mailed when their parcel is held, missed or its address not found (needs the mail server). */
  recipientMail: z.boolean(),
  /** The client ids whose orders are packed item by item, each item scanned into the box (none by default). */
  itemCheckClients: z.array(z.number().int()),
  /** A batch's parcels are weighed at the scan, which prints their labels; off: weights estimated from the items. */
  weighBatchParcels: z.boolean(),
  /**
   * This bench's name at its remote's shared order queue: its orders go there, its list is the queue's, a scan claims
   * the order there. '' when not on the queue; null on a standalone bench (no remote, no queue).
   */
  sharedQueueBench: z.string().nullable(),
  /** False until the first-run screen is finished (a bench that already has shipments has long been set up). */
  setupDone: z.boolean(),
  /** The local API's base URL while it runs, else "". */
  localApiUrl: z.string(),
  /** The key shop systems give the local API: the station's own when standalone; "" when connected (the remote's). */
  localApiKey: z.string(),
});
export type Settings = z.infer<typeof SettingsSchema>;
