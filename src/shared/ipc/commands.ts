// Every call the renderer can make to the station, in one typed table (STYLE.md example 1): name → input and output
// schemas. Electron's IPC bridge and the browser host both carry exactly these, and the station validates each input.
import { ConfirmRefusalSchema } from '../api/confirm';
import { FieldIssueSchema } from '../api/fieldIssues';
import { EXCLUSION_CODES, ExclusionParamsSchema } from '../api/exclusionReasons';
import { z } from 'zod';
import { BENCH_COMMANDS } from './benchCommands';
import { PRODUCT_COMMANDS } from './productCommands';
import { PrinterLanguageSchema } from '../domain/printers';
import { ReceiptModelSchema } from '../domain/packingSlip';
import { CatalogCourierSchema, CourierCatalogSchema } from '../domain/courierCatalog';
import { NamedCourierSchema, SeenCourierSchema } from '../domain/seenCouriers';
import { SenderProfileSchema } from '../domain/senderProfile';
import { SMTP_SECURITY } from '../domain/smtp';
import {
  LanguageSchema,
  ListStatusSchema,
  ManifestSummarySchema,
  PrinterStatusViewSchema,
  PrinterViewSchema,
  SettingsSchema,
  ShipmentDetailSchema,
  ShipmentPageSchema,
  SyncStatusViewSchema,
  InvoicedClientSchema,
} from './views';
import { WeighingSchema } from '../domain/weighings';
import { StationModeSchema } from '../domain/stationMode';
import { PartnerLogEntrySchema } from '../domain/partnerEndpoint';

const id = z.number().int().positive();
const body = z.record(z.string(), z.unknown());

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
    }),
  ),
});

const PriceListsViewSchema = z.object({
  editable: z.boolean(),
  lists: z.array(
    z.object({ corriere: z.number(), servizio: z.number(), description: z.string(), currency: z.string() }),
  ),
});

const RecipientSchema = z.object({
  rcpt_name: z.string(),
  rcpt_contact: z.string(),
  rcpt_addr: z.string(),
  rcpt_cap: z.string(),
  rcpt_city: z.string(),
  rcpt_prov: z.string(),
  rcpt_country_code: z.string(),
  rcpt_phone: z.string(),
  rcpt_email: z.string(),
});

export const COMMANDS = {
  'station.info': {
    input: z.object({}),
    output: z.object({
      mode: StationModeSchema,
      prefix: z.string(),
      clientIds: z.array(z.number().int()),
      canShowPdf: z.boolean(),
      /** What the courier picker offers: the demo couriers when standalone, the account's catalog when connected. */
      couriers: z.array(CatalogCourierSchema),
      /** Whether "Più economico" (0/0) is offered. */
      cheapest: z.boolean(),
      /** Every courier a screen may name (filters, summaries): the catalog's, then those only the remote named. */
      namedCouriers: z.array(NamedCourierSchema),
      /** Who e-mails a dropshipping waybill: this station, the remote (connected), or nobody (no mail server here). */
      dropshipping: z.enum(['station', 'remote', 'off']),
      /** A reseller account's invoiced clients (the form's picker); empty: not a reseller. */
      invoicedClients: z.array(InvoicedClientSchema),
    }),
  },
  /**
   * The form's save. `orderId`: the order waiting it ships (linked in the shipment's own transaction, shipped while
   * the shipment holds up; its packing slip prints with the label). `weighings`: the scale readings its parcels were
   * weighed with, kept with it. A courier's refusal is answered beside its field and stores nothing.
   */
  'shipments.create': {
    input: z.object({ body, orderId: id.optional(), weighings: z.array(WeighingSchema).max(999).optional() }),
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
      offset: z.number().int().min(0).default(0),
      limit: z.number().int().min(1).max(500).default(100),
    }),
    output: ShipmentPageSchema,
  },
  'shipments.get': { input: z.object({ id }), output: ShipmentDetailSchema },
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
    input: z.object({ id, document: z.enum(['invoice', 'cn23']).default('invoice') }),
    output: z.object({ base64: z.string(), name: z.string(), kind: z.enum(['commercial', 'proforma', 'cn23']) }),
  },
  /** Opens the invoice (or CN23) in a window of its own, with the system's print (desktop app only: station.info). */
  'shipments.showDocument': {
    input: z.object({ id, document: z.enum(['invoice', 'cn23']).default('invoice') }),
    output: z.object({}),
  },
  /** Prints the invoice's copies (the bench's number) on the document printer; 0 printed when there is none. */
  'shipments.printInvoice': { input: z.object({ id }), output: z.object({ printed: z.number().int() }) },
  'addresses.byCap': {
    input: z.object({ cap: z.string().regex(/^\d{5}$/) }),
    output: z.array(z.object({ nome: z.string(), sigla: z.string() })),
  },
  'addresses.recent': {
    input: z.object({ search: z.string().max(100).default('') }),
    output: z.array(RecipientSchema),
  },
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
  'printing.printers': { input: z.object({}), output: z.array(PrinterViewSchema) },
  'printing.testPrint': {
    input: z.object({ printerId: z.string().min(1) }),
    output: z.object({ jobId: z.number().int() }),
  },
  'printing.printLabels': {
    input: z.object({ ids: z.array(id).min(1).max(10_000), reprintReason: z.string().max(200).optional() }),
    output: z.object({ batchId: z.string(), queued: z.number().int() }),
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
  /** Asks a network printer (tcp://HOST:PORT) how it is, before adding it. */
  /** Asks a network printer how it is: Zebra's ~HS, or DLE EOT for a receipt printer (which would print "~HS"). */
  'printing.probe': {
    input: z.object({ url: z.string().trim().min(1).max(300), language: PrinterLanguageSchema.default('ZPL') }),
    output: PrinterStatusViewSchema.extend({ reachable: z.boolean() }),
  },
  'sync.status': { input: z.object({}), output: SyncStatusViewSchema },
  /**
   * The connection's courier catalog (connected), with the aggregator's test couriers not yet in it as suggestions;
   * a standalone station answers its demo couriers, not editable.
   */
  'catalog.get': {
    input: z.object({}),
    output: z.object({
      editable: z.boolean(),
      catalog: CourierCatalogSchema,
      suggestions: z.array(CatalogCourierSchema),
      /** What the remote's answers named (or only numbered): the editor proposes what the catalog lacks or names. */
      seen: z.array(SeenCourierSchema),
    }),
  },
  /** The connection's imported price lists (what each is for); a standalone station uses its own and lists none. */
  'pricing.lists': { input: z.object({}), output: PriceListsViewSchema },
  /**
   * Imports a price-list file's text (one list, an array, or `{ "price_lists": [...] }`), replacing the lists of the
   * same courier and service. A file with problems changes nothing and answers each with its line.
   */
  'pricing.import': {
    input: z.object({ text: z.string().max(5_000_000) }),
    output: PriceListsViewSchema.extend({
      errors: z.array(z.object({ line: z.number().int(), path: z.string(), message: z.string() })),
      /** How many problems the file has in all (`errors` lists the first ones); 0 when it was imported. */
      errorCount: z.number().int(),
    }),
  },
  'pricing.clear': { input: z.object({}), output: PriceListsViewSchema },
  /**
   * The station's client ids, each with its sender profile and where it comes from: saved here (`station`), the
   * configuration's, the demo sender of a standalone bench (`default`), or none (null).
   */
  'senders.list': {
    input: z.object({}),
    output: z.array(
      z.object({
        clientId: z.number().int(),
        profile: SenderProfileSchema.nullable(),
        source: z.enum(['station', 'config', 'default']).nullable(),
      }),
    ),
  },
  /** Checks and keeps a client's sender profile, field by field like a recipient; null forgets the saved one. */
  'senders.save': {
    input: z.object({ clientId: id, profile: z.unknown() }),
    output: z.object({ profile: SenderProfileSchema.nullable() }),
  },
  /**
   * The bench's mail server for dropshipping e-mails: off, or a server checked with the server itself before it is
   * kept (an empty password keeps the one saved); the station restarts on it. Field errors name what to fix.
   */
  'settings.mail': {
    input: z.object({
      enabled: z.boolean(),
      host: z.string().max(255).default(''),
      port: z.string().max(5).default(''),
      security: z.enum(SMTP_SECURITY).default('starttls'),
      user: z.string().max(255).default(''),
      password: z.string().max(1000).default(''),
      from: z.string().max(300).default(''),
    }),
    output: z.object({ message: z.string(), settings: SettingsSchema }),
  },
  /**
   * Partner orders at a standalone bench: each client id's partner endpoint (never its secret) and how the
   * deliveries stand. A connected bench's events are sent by its service: `available` false, with why.
   */
  'partners.list': {
    input: z.object({}),
    output: z.object({
      available: z.boolean(),
      message: z.string(),
      clients: z.array(
        z.object({
          clientId: z.number().int(),
          endpoint: z
            .object({ url: z.string(), hasSecret: z.boolean(), source: z.enum(['station', 'config']) })
            .nullable(),
        }),
      ),
      counts: z.object({ pending: z.number().int(), delivered: z.number().int(), failed: z.number().int() }),
    }),
  },
  /** Keeps a client's partner endpoint (https; an empty secret keeps the saved one), or forgets it (`remove`). */
  'partners.save': {
    input: z.object({
      clientId: id,
      url: z.string().max(2000).default(''),
      secret: z.string().max(500).default(''),
      remove: z.boolean().default(false),
    }),
    output: z.object({ saved: z.boolean() }),
  },
  /** The delivery log, newest first: every event with every attempt (status, time, the answer's start). */
  'partners.log': {
    input: z.object({ clientId: id.optional(), limit: z.number().int().min(1).max(500).default(100) }),
    output: z.array(PartnerLogEntrySchema),
  },
  /** Sends a given-up event again (with those of its shipment held behind it). */
  'partners.resend': { input: z.object({ id }), output: z.object({ resent: z.boolean() }) },
  /** The first-run screen is done: the bench opens on the new-shipment screen from now on. */
  'setup.finish': { input: z.object({}), output: SettingsSchema },
  /** Replaces the connection's catalog; checked field by field (`couriers.0.services.1.name`). */
  'catalog.save': {
    input: z.object({ catalog: z.unknown() }),
    output: z.object({ catalog: CourierCatalogSchema }),
  },
  'settings.get': { input: z.object({}), output: SettingsSchema },
  'settings.update': {
    input: z.object({
      language: LanguageSchema.optional(),
      autoPrint: z.boolean().optional(),
      labelFormat: z.enum(['ZPL', 'PDF']).optional(),
      invoiceCopies: z.number().int().min(0).max(10).optional(),
      invoicePrefix: z.string().max(20).optional(),
      invoiceNext: z.number().int().min(1).max(999_999).optional(),
      localApi: z.boolean().optional(),
    }),
    output: SettingsSchema,
  },
  /** Standalone: a new key for the local API; the old one stops working at once. */
  'settings.renewLocalApiKey': { input: z.object({}), output: SettingsSchema },
  /**
   * Changes how the station is connected: standalone, or a remote (base URL with its instance), its API key (empty:
   * keep the one in use for that remote) and client ids as typed ("1001, 1002"). The station checks the key with the
   * remote, then restarts on the new connection. `force`: switch although changes still wait for the current remote.
   */
  'settings.connection': {
    input: z.object({
      mode: StationModeSchema,
      remoteUrl: z.string().max(300).default(''),
      apiKey: z.string().max(300).default(''),
      clientIds: z.string().max(400).default(''),
      /** A reseller account's invoiced clients, a line each: "501 Rossi Srl". */
      invoicedClients: z.string().max(20_000).default(''),
      force: z.boolean().default(false),
    }),
    output: z.object({
      check: z.enum(['verified', 'unreachable', 'standalone']),
      message: z.string(),
      settings: SettingsSchema,
    }),
  },
  ...BENCH_COMMANDS,
  ...PRODUCT_COMMANDS,
} as const;

export type CommandName = keyof typeof COMMANDS;
export type CommandInput<N extends CommandName> = z.input<(typeof COMMANDS)[N]['input']>;
/** A command's input as its handler gets it: parsed, defaults filled in. */
export type CommandArgs<N extends CommandName> = z.infer<(typeof COMMANDS)[N]['input']>;
export type CommandOutput<N extends CommandName> = z.infer<(typeof COMMANDS)[N]['output']>;
