// The engine as other layers see it: what createEngine takes (EngineDeps) and what it hands back (Engine). Re-exported
// by index.ts, the only file they import.
import type { SharedQueuePort } from './sharedQueue/port';
import type { ShipmentRecord } from '../shared/api/shipmentRecord';
import type { FieldIssues } from '../shared/api/fieldIssues';
import type { Parsed } from '../shared/api/shipmentRequest';
import type { CatalogCourier } from '../shared/domain/courierCatalog';
import type { SpoolStore } from '../shared/domain/printJobs';
import type { LabelPrintsPort } from './printing/labelPrints';
import type { Log } from '../shared/log';
import type { SenderProfile } from '../shared/domain/senderProfile';
import type { Weighing } from '../shared/domain/weighings';
import type { PackingProof } from '../shared/domain/packingProof';
import type { Caller } from './auth/users';
import type { InvoicedClient } from './auth/invoicedClients';
import type { EngineConfigInput } from './config';
import type { TrackingOutcome, TrackingReference } from './tracking/read';
import type { ParcelsPort } from './tracking/port';
import type { CodPort } from './cod/port';
import type { ReturnsPort } from './shipments/returns';
import type { ShipmentsListQuery } from '../shared/api/shipmentsList';
import type { ShipmentsListPage } from './shipments/shipmentsList';
import type { ConfirmOutcome, ConfirmPreview, ConfirmResultOutcome, ConfirmTarget } from './confirm/confirm';
import type { OpenOptions } from './db/open';
import type { MailPort } from './mail/port';
import type { CustomsDocResult, CustomsDocument } from './customs/store';
import type { NumberingChange } from './customs/numbering';
import type { ManifestListed } from './manifests/list';
import type { OrdersPort } from './orders/orders';
import type { BatchesPort } from './batches/batches';
import type { ShopPort } from './shops/port';
import type { ProductsPort } from './products/products';
import type { BoxesPort } from './boxes/boxes';
import type { RulesPort } from './rules/rules';
import type { PickupsPort } from './pickups/port';
import type { QueuePort } from './queue/port';
import type { SyncPort } from './outbox/syncPort';
import type { PartnerPort } from './partners/port';
import type { PartnerSecrets } from './partners/book';
import type { Clock } from './ports';
import type { Quote } from './pricing/quote';
import type { AmendOutcome } from './shipments/amend';
import type { BenchExtras, CourierRefusal, CreateOutcome, ShipmentSettlement } from './shipments/flow';
import type { ListFilter, ListedShipment, Recipient } from './shipments/list';
import type { Lookup } from './shipments/read';
import type { DeleteOutcome } from './shipments/remove';
import type { RetryTiming } from './shipments/resumeRetry';
import type { SenderSource } from './shipments/senders';

export interface EngineDeps {
  /** SQLite file; created and migrated when needed. */
  file: string;
  config: EngineConfigInput;
  clock?: Clock;
  /**
   * A connected station's engine: shipments are stored at once and queued for the remote (which makes the waybill
   * and labels) through the outbox, instead of being sent to a local courier.
   */
  connected?: boolean;
  /**
   * A station's engine: its key (the remote's, or the station's own local API key) is compared in memory and nothing
   * derived from it is written to the database or beside it. Otherwise (the service) each key is stored as its HMAC
   * with a secret kept in `<file>.secret`.
   */
  keysInMemory?: boolean;
  /** See OpenOptions.busyTimeoutMs: the station's short wait for a locked file, or the default. */
  busyTimeoutMs?: number;
  /**
   * FULL for a station: its exactly-once marks ("sending", "maybe sent", printed) must survive a power cut.
   * Default NORMAL (durable across a process crash). See docs/decisions.md, "Storage hardening".
   */
  synchronous?: OpenOptions['synchronous'];
  /** Caps the database file at this many pages (SQLite max_page_count): a full disk on demand, for tests. */
  maxPages?: number;
  /** How often shipments left unfinished by a storage failure are tried again while running. */
  resumeRetry?: RetryTiming;
  /** Where the engine says what fails in the background (the host's log; stdout and stderr by default). */
  log?: Log;
  /** The resources folder (fonts, courier files, price lists); default: the one shipped beside the code. */
  resourcesDir?: string;
  /**
   * A mail server is configured, with this From address: a standalone engine queues the waybill e-mails of
   * dropshipping shipments for the mail worker (src/mail). Without it dropshipping 1 is refused at create.
   */
  mailFrom?: string;
  /**
   * A mail server is configured, in either mode: the recipients' e-mails on a parcel's states (held, a delivery
   * missed, the address not found) are queued when the bench setting asks for them (mail/recipient.ts).
   */
  noticeMailFrom?: string;
  /**
   * A station's engine: a parcel leaving the EU customs territory with goods lines and no invoice number gets the
   * station's own (customs/numbering.ts) when it is created. The service, like the real aggregator, leaves it to the
   * courier's refusal.
   */
  invoiceNumbering?: boolean;
  /**
   * Asked each time a number would be given: this bench shares the shop's numbering with other benches, so it numbers
   * invoices only in a series of its own (Settings › Banco); without one a create that needs a number is refused.
   */
  invoiceSeriesRequired?: (settings: { get(key: string): string | undefined }) => boolean;
  /**
   * Where a bench keeps the secrets of the partner endpoints saved in its Settings (its key store). Without it
   * endpoints come from the configuration only.
   */
  partnerSecrets?: PartnerSecrets;
  /**
   * PDF and JPG labels drawn on worker threads (the hosts turn it on, service/engineSwitches.ts): the thread that
   * answers requests never draws. False or absent draws them on the calling thread (the benchmarks' baseline, the
   * tests). A connected engine draws none (its remote does). 'onDemand': on threads, started at the first label.
   * 'everyCore': a thread per core rather than one fewer (an engine on a thread that answers no request: the
   * service's writer thread).
   */
  labelThreads?: boolean | 'onDemand' | 'everyCore';
  /**
   * WAL checkpoints on a thread of their own (a database file; the hosts turn it on, service/engineSwitches.ts): a
   * commit never stops to copy the WAL into the database. False or absent: SQLite checkpoints inside commits.
   */
  checkpointThread?: boolean;
  /** The sender of a client id with no profile saved or configured (a standalone bench's demo sender); none: none. */
  defaultSender?: SenderProfile;
}

export interface Engine {
  authenticate(apiKey: string | undefined): Caller | undefined;
  /** POST Shipment; `extras` from the bench: the order it ships and its scale readings, stored with it. */
  createShipment(caller: Caller, body: unknown, extras?: BenchExtras): Promise<CreateOutcome>;
  /**
   * Why the couriers would refuse the request (status 0.6), asked before storing it, with the field concerned;
   * undefined when they would not, when the request is invalid, or when the remote decides (connected).
   */
  courierRefusal(caller: Caller, body: unknown): CourierRefusal | undefined;
  getShipment(caller: Caller, id: number): ShipmentRecord | undefined;
  /** The scale readings the shipment's parcels were weighed with (empty: none, or not the caller's). */
  weighings(caller: Caller, shipmentId: number): Weighing[];
  /** The item scans (and override) it was packed with; undefined: not checked by scan, or not the caller's. */
  packingProof(caller: Caller, shipmentId: number): PackingProof | undefined;
  getShipmentByDdtAlpha(caller: Caller, ddtAlpha: string, clientId?: number): Lookup<ShipmentRecord>;
  getShipmentByDdtNum(caller: Caller, ddtNum: number, clientId?: number): Lookup<ShipmentRecord>;
  /** GET tracking: the latest state of the caller's shipments a reference names (tracking/read.ts). */
  tracking(caller: Caller, ref: TrackingReference): TrackingOutcome;
  /** GET ShipmentsList: one page of the caller's shipments, records without labels (shipments/shipmentsList.ts). */
  shipmentsList(caller: Caller, query: ShipmentsListQuery): ShipmentsListPage;
  /** The departed parcels the bench follows: what is due to be asked, each state seen (tracking/port.ts). */
  parcels: ParcelsPort;
  /** The order queue several benches share (GET/POST/PATCH Orders, Order To Shipment; queue/port.ts). */
  queue: QueuePort;
  /** Cash on delivery after departure: the report, the courier's payments and remittance lists (cod/port.ts). */
  cod: CodPort;
  /** Return labels made from departed shipments, their links, their e-mail to the customer (shipments/returns.ts). */
  returns: ReturnsPort;
  deleteShipment(caller: Caller, id: number): DeleteOutcome;
  deleteShipmentByDdtAlpha(caller: Caller, ddtAlpha: string, clientId?: number): DeleteOutcome;
  amendShipment(caller: Caller, id: number, body: unknown): AmendOutcome;
  confirmByIds(caller: Caller, ids: readonly number[], createManifest: boolean): Promise<ConfirmOutcome>;
  confirmByClient(caller: Caller, clientId: number, createManifest: boolean): Promise<ConfirmResultOutcome>;
  confirmByDdtNums(
    caller: Caller,
    ddtNums: readonly number[],
    clientId: number | undefined,
    createManifest: boolean,
  ): Promise<ConfirmResultOutcome>;
  /** What confirming `target` would do, writing nothing; undefined when a client id named is not the caller's. */
  previewConfirm(caller: Caller, target: ConfirmTarget): ConfirmPreview | undefined;
  getManifestPdf(caller: Caller, manifestId: number): Promise<Buffer | undefined>;
  /** Every courier service priced or excluded with the reason, cheapest first. */
  quote(body: unknown): Parsed<Quote>;
  /**
   * Finishes shipments a crash or a storage failure left between their two transactions; returns how many. While the
   * storage still fails it returns 0 and keeps trying on its own (resumeRetry.ts).
   */
  resume(): Promise<number>;
  /** The connection's own settings as SQLite reports them (synchronous: 1 NORMAL, 2 FULL). */
  storageSettings(): { synchronous: number; journalMode: string };
  /**
   * Resolves once every commit made before the call is on disk (the WAL synced off the thread, db/walFlush.ts): what a
   * host opened with synchronous NORMAL awaits before answering a change it promises.
   */
  flush(): Promise<void>;
  /** Present on a connected station's engine. */
  sync?: SyncPort;
  /** Present on a connected engine: the bench's side of a shared order queue at its remote (the hub). */
  sharedQueue?: SharedQueuePort;
  /** The print spooler's durable queue, in the same SQLite file. */
  printJobs: SpoolStore;
  /** Labels owed to a printer beyond the station's memory: never queued, or asked for once made (labelPrints.ts). */
  labelPrints: LabelPrintsPort;
  /**
   * Called after a stored shipment came to rest: its labels available (made here, or received from the remote), or
   * the remote's refusal (0.6), or a row held for a person; the screens hear of each within the second.
   */
  onShipmentSettled(listener: (shipmentId: number, outcome: ShipmentSettlement) => void): () => void;
  /** A shipment's labels for a printer: ZPL at its resolution, or the PDFs; undefined when it has none (yet). */
  labelsForPrint(caller: Caller, shipmentId: number, format: 'ZPL' | 'PDF', dpi: 203 | 300): Uint8Array[] | undefined;
  /** Ids of the caller's shipments created on a day (`YYYY-MM-DD`, bench local time), oldest first. */
  shipmentIdsCreatedOn(caller: Caller, day: string): number[];
  listShipments(caller: Caller, filter: ListFilter): { total: number; rows: ListedShipment[] };
  listedShipment(caller: Caller, id: number): ListedShipment | undefined;
  /** Whether the caller has any shipment, departing or departed. */
  hasShipments(caller: Caller): boolean;
  recentRecipients(caller: Caller, search: string, limit?: number): Recipient[];
  listManifests(caller: Caller): ManifestListed[];
  /** The fields the shipment's courier lets PATCH change (empty when the shipment is unknown). */
  amendableFields(caller: Caller, shipmentId: number): string[];
  /**
   * The invoice number and date the request gave (the spec's record does not return them), and the customs form its
   * courier takes beside the invoice (a postal service's CN23; null: none); undefined when unknown.
   */
  shipmentInvoice(
    caller: Caller,
    shipmentId: number,
  ): { number: string; date: string; customsForm: 'CN23' | null } | undefined;
  /** A shipment's invoice (commercial or proforma), or a postal courier's CN23: drawn once, then kept. */
  customsDocument(caller: Caller, shipmentId: number, which: CustomsDocument): Promise<CustomsDocResult>;
  /**
   * Changes the station's invoice numbering (its prefix, `year`'s next number), never onto a number already given in
   * that numbering: refused by field, nothing changed.
   */
  changeInvoiceNumbering(year: string, change: NumberingChange): { ok: true } | { ok: false; fields: FieldIssues };
  /**
   * Takes this bench's next invoice number (its series), dated today, for a shipment another engine makes from an
   * order this bench claims; refused where the bench must number in a series and has none.
   */
  takeInvoiceNumber(): { ok: true; number: string; date: string } | { ok: false; error: string };
  /** Small station settings kept in the database (language, auto-print, ...). */
  settings: { get(key: string): string | undefined; set(key: string, value: string): void };
  /** A reseller's invoiced clients, by name (empty: the caller is not a reseller). */
  invoicedClients(caller: Caller): InvoicedClient[];
  /** The caller's client ids with each one's sender profile and where it comes from (null: none). */
  senderProfiles(caller: Caller): { clientId: number; profile: SenderProfile | null; source: SenderSource | null }[];
  /** Checks and keeps a client's sender profile (null: forget the saved one); a client not the caller's is refused. */
  saveSenderProfile(
    caller: Caller,
    clientId: number,
    raw: unknown,
  ): { ok: true; value: SenderProfile | null } | { ok: false; fields: FieldIssues } | { ok: false; notOwned: true };
  /** The enabled couriers as a courier catalog's entries (services, label formats, request fields), for the form. */
  couriers(): CatalogCourier[];
  /** Municipalities for an Italian postal code (the list the couriers check addresses against). */
  municipalitiesForCap(cap: string): { nome: string; sigla: string }[];
  mail?: MailPort;
  /** The recipients' e-mails on their parcels' states (present with `noticeMailFrom`), for a mail worker of its own. */
  recipientMail?: MailPort;
  /** Present on a standalone engine: the tracking events of partner orders (a connected bench's remote sends them). */
  partners?: PartnerPort;
  /** Orders waiting to be shipped (imported files, shop programs), found by a scanned reference. */
  orders: OrdersPort;
  /** Batches of waiting orders shipped in one go (the orders list's selection): kept, pick-ordered, estimated. */
  batches: BatchesPort;
  /** Shops connected to the bench (Shopify, WooCommerce): their orders in, their fulfilments out. */
  shops: ShopPort;
  /** The bench's product list: the customs facts of each SKU, per user. */
  products: ProductsPort;
  /** The bench's box presets, per user: picked by key at the scan, by name by a rule, or by the items' volume. */
  boxes: BoxesPort;
  /** The bench's shipping rules, per user: kept, checked, run at import, at the scan and in the form, previewed. */
  rules: RulesPort;
  /** Couriers' pickups: POST and GET pickup at the service, and the bench's own pickups (pickups/port.ts). */
  pickups: PickupsPort;
  /** Present on an engine whose keys stay in memory: gives the caller a new key (the old one stops working). */
  replaceKey?(caller: Caller, apiKey: string): void;
  close(): void;
}
