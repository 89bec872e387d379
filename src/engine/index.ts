// The engine's only entry point for other layers: createEngine opens the SQLite file, writes the configured users and
// returns the service's operations, each scoped to the calling user.
import { z } from 'zod';
import type { ShipmentRecord } from '../shared/api/shipmentRecord';
import { memoryKeyAuth, storedKeyAuth, type Auth, type Caller } from './auth/users';
import { loadAuthSecret } from './auth/secret';
import { EngineConfigSchema, type EngineConfigInput } from './config';
import {
  confirmByClient,
  confirmByDdtNums,
  confirmByIds,
  type ConfirmOutcome,
  type ConfirmResultOutcome,
} from './confirm/confirm';
import type { EngineContext } from './context';
import { createCourierRegistry, type CourierRegistry } from './couriers/registry';
import { openDatabase, type OpenOptions } from './db/open';
import { isStorageFailure } from './db/storageFailure';
import { walFlush } from './db/walFlush';
import { createResumeRetry, type RetryTiming } from './shipments/resumeRetry';
import type { ShipmentFlow } from './shipments/flow';
import { localCourierFlow } from './shipments/localCourier';
import { createSettingsRepo, type SettingsRepo } from './settings/repo';
import { outboxFlow } from './outbox/connected';
import type { OutboxContext } from './outbox/context';
import { createManifestRepo } from './manifests/repo';
import { getManifestPdf } from './manifests/store';
import { systemClock, type Clock } from './ports';
import { builtinPriceLists, mergePriceLists, type PriceList } from './pricing/priceList';
import { quote, quoteOnLists, type QuotedService, type Quote } from './pricing/quote';
import { openResources, type Resources } from './resources';
import { amendShipment, type AmendOutcome } from './shipments/amend';
import { courierRefusal, createShipment } from './shipments/create';
import type { BenchExtras, CourierRefusal, CreateOutcome } from './shipments/flow';
import { createOrderRepo } from './orders/repo';
import type { Weighing } from '../shared/domain/weighings';
import { getShipment, getShipmentByDdtAlpha, type Lookup } from './shipments/read';
import { deleteShipment, deleteShipmentByDdtAlpha, type DeleteOutcome } from './shipments/remove';
import { createShipmentRepo } from './shipments/repo';
import { parseCreateShipment, type Parsed } from '../shared/api/shipmentRequest';
import { randomBytes } from 'node:crypto';
import { createOutboxRepo } from './outbox/repo';
import { createPrintJobStore } from './printJobs/store';
import { labelsForPrint } from './shipments/printLabels';
import {
  listedShipment,
  listShipments,
  recentRecipients,
  type ListFilter,
  type ListedShipment,
  type Recipient,
} from './shipments/list';
import { listManifests, type ManifestListed } from './manifests/list';
import { BASE_AMENDABLE_FIELDS } from './couriers/common';
import { CATALOG_LABEL_FORMATS, type CatalogCourier } from '../shared/domain/courierCatalog';
import type { SenderProfile } from '../shared/domain/senderProfile';
import type { FieldIssues } from '../shared/api/fieldIssues';
import { ordersPort, type OrdersPort } from './orders/orders';
import { createSenderBook, type SenderSource } from './shipments/senders';
import { createMailRepo, type MailContent, type MailItem, type MailRow } from './mail/repo';
import { mailContent } from './mail/content';
import { labelPoolFor } from './labels/pool';
import { startCheckpointer } from './db/checkpointer';
import { createInvoicedClients, type InvoicedClient } from './auth/invoicedClients';
import { createPartnerRepo, type PartnerAttemptRow, type PartnerEventRow } from './partners/repo';
import { createPartnerBook, type PartnerEndpointView, type PartnerSave, type PartnerSecrets } from './partners/book';
import type { PartnerEndpoint } from '../shared/domain/partnerEndpoint';
import type { SpoolStore } from '../shared/domain/printJobs';
import { createSyncRepo } from './outbox/syncRepo';
import {
  applyCreated,
  applyRefresh,
  complete,
  markAttempt,
  nextDueAt,
  park,
  readyItems,
  refreshCandidates,
  resubmit,
  retryLater,
  syncCounts,
  type OutboxItem,
  type RefreshResult,
} from './outbox/apply';

export type { Caller } from './auth/users';
export type { BenchExtras, CourierRefusal, CreateOutcome } from './shipments/flow';
export { ORDER_NOT_WAITING } from './shipments/store';
export type { DeleteOutcome } from './shipments/remove';
export type { AmendOutcome } from './shipments/amend';
export type { Lookup } from './shipments/read';
export type { ConfirmOutcome, ConfirmResultOutcome } from './confirm/confirm';
export type { Quote, QuoteLine, Exclusion, QuotedService } from './pricing/quote';
export type { PriceList } from './pricing/priceList';
export type { MailContent, MailItem, MailMessage } from './mail/repo';
export type { PartnerEndpointView, PartnerSave, PartnerSecrets } from './partners/book';
export type { PartnerEventBody } from './partners/events';
export type { InvoicedClient } from './auth/invoicedClients';
export { readPriceListFile, type PriceListFile, type PriceListFileError } from './pricing/priceListFile';
export type { OutboxItem, RefreshResult } from './outbox/apply';
export type { ListFilter, ListedShipment, Recipient } from './shipments/list';
export type { ManifestListed } from './manifests/list';
export type { EngineConfig, EngineConfigInput } from './config';
export { EngineConfigSchema } from './config';
export { isStorageFailure } from './db/storageFailure';
export { FolderInUseError, lockDataFolder, type FolderLock, type FolderRole } from './db/folderLock';
export { tightenDataFolder, writePrivateFile } from './db/privateFiles';

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
  /** The resources folder (fonts, courier files, price lists); default: the one shipped beside the code. */
  resourcesDir?: string;
  /**
   * A mail server is configured, with this From address: a standalone engine queues the waybill e-mails of
   * dropshipping shipments for the mail worker (src/mail). Without it dropshipping 1 is refused at create.
   */
  mailFrom?: string;
  /**
   * Where a bench keeps the secrets of the partner endpoints saved in its Settings (its key store). Without it
   * endpoints come from the configuration only.
   */
  partnerSecrets?: PartnerSecrets;
  /**
   * PDF and JPG labels drawn on worker threads (default, unless STATION_LABEL_THREADS=0): the thread that answers
   * requests never draws. False draws them on the calling thread (the benchmarks' baseline, the tests). A connected
   * engine draws none (its remote does).
   */
  labelThreads?: boolean;
  /**
   * WAL checkpoints on a thread of their own (default for a database file, unless STATION_CHECKPOINT_THREAD=0): a
   * commit never stops to copy the WAL into the database. False: SQLite checkpoints inside commits, as by default.
   */
  checkpointThread?: boolean;
  /** The sender of a client id with no profile saved or configured (a standalone bench's demo sender); none: none. */
  defaultSender?: SenderProfile;
}

/** The e-mails owed, as the mail worker sees them (present on a standalone engine with a mail server). */
export interface MailPort {
  due(nowMs: number, limit: number): MailItem[];
  nextDueAt(): number | undefined;
  /** The message as it is to be sent now (built from the stored shipment), or why not (yet). */
  content(id: number): Promise<MailContent>;
  /** Before handing the message to the server: counts the attempt. */
  sending(id: number): void;
  sent(id: number): void;
  retryLater(id: number, atMs: number, error: string): void;
  /** Refused for good (a 5xx, no address): the bench and the log see it with the server's words. */
  failed(id: number, error: string): void;
  /** Told after a transaction queued an e-mail; returns the unsubscribe. */
  onQueued(listener: () => void): () => void;
  /** A shipment's e-mail as the bench shows it; undefined when it owes none. */
  stateOf(caller: Caller, shipmentId: number): { state: MailRow['state']; attempts: number; error: string } | undefined;
}

/** One tracking event as the webhook worker sends it. */
export interface PartnerDelivery {
  id: number;
  eventId: string;
  type: string;
  clientId: number;
  shipmentId: number;
  /** The exact bytes to send (and sign). */
  body: string;
  attempts: number;
  createdAt: number;
}

/** One event as the bench's delivery log shows it, with every attempt. */
export interface PartnerLogEntry {
  id: number;
  eventId: string;
  type: string;
  clientId: number;
  shipmentId: number;
  orderId: string;
  state: PartnerEventRow['state'];
  error: string;
  createdAt: number;
  deliveredAt: number | null;
  attempts: { at: number; status: number; durationMs: number; answer: string }[];
}

/** The partner events owed, for the webhook worker and the bench (present on a standalone engine). */
export interface PartnerPort {
  due(nowMs: number, limit: number): PartnerDelivery[];
  nextDueAt(): number | undefined;
  /** The client's endpoint as it is now (a new URL or secret applies to waiting events); undefined: none any more. */
  endpoint(clientId: number): PartnerEndpoint | undefined;
  /** Logs one attempt (what the receiver answered, or why there was no answer). */
  attempted(id: number, attempt: Omit<PartnerAttemptRow, 'id' | 'event_row'>): void;
  delivered(id: number): void;
  retryLater(id: number, atMs: number, error: string): void;
  /** Given up (too old, no endpoint): the events behind it for the same shipment wait with it for "send again". */
  failed(id: number, error: string): void;
  onQueued(listener: () => void): () => void;
  /** The caller's delivery log, newest first: one client's, or all its clients'. */
  log(caller: Caller, options?: { clientId?: number; limit?: number; beforeId?: number }): PartnerLogEntry[];
  /** Sends a given-up event again (with those of its shipment behind it); false when it is not the caller's. */
  resend(caller: Caller, id: number): boolean;
  counts(): { pending: number; delivered: number; failed: number };
  endpoints(caller: Caller): { clientId: number; endpoint: PartnerEndpointView | null }[];
  saveEndpoint(
    caller: Caller,
    clientId: number,
    raw: { url?: unknown; secret?: unknown } | null,
  ): PartnerSave | { ok: false; notOwned: true };
}

/** The outbox as the sync worker sees it (present only on a connected engine). */
export interface SyncPort {
  /** Starts the ddt_alpha of shipments made here; unique per station, kept in the database. */
  prefix: string;
  ready(nowMs: number, limit: number): OutboxItem[];
  nextDueAt(): number | undefined;
  markAttempt(id: number, maybeSent: boolean): void;
  retryLater(id: number, atMs: number, error: string, maybeSent: boolean): void;
  park(id: number, reason: string): void;
  complete(id: number): void;
  applyCreated(id: number, record: ShipmentRecord): void;
  refreshCandidates(beforeMs: number, limit: number): { shipmentId: number; remoteId: number }[];
  applyRefresh(shipmentId: number, result: RefreshResult): void;
  counts(): { pending: number; parked: number; oldestPendingAt?: number };
  resubmit(caller: Caller, shipmentId: number, body?: unknown): Parsed<void>;
  /**
   * What the remote refused for this shipment (create, amend, delete, confirm): only a refused create can be
   * corrected.
   */
  parkedKinds(caller: Caller, shipmentId: number): string[];
  /** Called after every committed change that queued something; returns an unsubscribe function. */
  onChange(listener: () => void): () => void;
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
  getShipmentByDdtAlpha(caller: Caller, ddtAlpha: string, clientId?: number): Lookup<ShipmentRecord>;
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
  /** The print spooler's durable queue, in the same SQLite file. */
  printJobs: SpoolStore;
  /** Called after a shipment's labels became available (made here, or received from the remote). */
  onLabelsReady(listener: (shipmentId: number) => void): () => void;
  /** A shipment's labels for a printer: ZPL at its resolution, or the PDFs; undefined when it has none (yet). */
  labelsForPrint(caller: Caller, shipmentId: number, format: 'ZPL' | 'PDF', dpi: 203 | 300): Uint8Array[] | undefined;
  /** Ids of the caller's shipments created on a day (`YYYY-MM-DD`, bench local time), oldest first. */
  shipmentIdsCreatedOn(caller: Caller, day: string): number[];
  listShipments(caller: Caller, filter: ListFilter): { total: number; rows: ListedShipment[] };
  listedShipment(caller: Caller, id: number): ListedShipment | undefined;
  recentRecipients(caller: Caller, search: string, limit?: number): Recipient[];
  listManifests(caller: Caller): ManifestListed[];
  /** The fields the shipment's courier lets PATCH change (empty when the shipment is unknown). */
  amendableFields(caller: Caller, shipmentId: number): string[];
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
  /** Present on a standalone engine: the tracking events of partner orders (a connected bench's remote sends them). */
  partners?: PartnerPort;
  /** Orders waiting to be shipped (imported files, shop programs), found by a scanned reference (issue 15). */
  orders: OrdersPort;
  /** Present on an engine whose keys stay in memory: gives the caller a new key (the old one stops working). */
  replaceKey?(caller: Caller, apiKey: string): void;
  close(): void;
}

/** Couriers and price lists for a configuration, over the given resources; a bad courier entry throws with why. */
function quotingFor(
  config: Pick<EngineConfigInput, 'couriers' | 'price_lists'>,
  resources: Resources,
): { couriers: CourierRegistry; lists: PriceList[] } {
  const parsed = EngineConfigSchema.safeParse({ users: [{ api_key: 'quote-only-key', client_ids: [1] }], ...config });
  if (!parsed.success) throw new Error(`invalid configuration:\n${z.prettifyError(parsed.error)}`);
  return {
    couriers: createCourierRegistry(resources, parsed.data.couriers),
    lists: mergePriceLists(builtinPriceLists(resources), parsed.data.price_lists),
  };
}

/**
 * Prices shipments on every enabled courier service without a database (the `quote` command, benches): eligible
 * services cheapest first, the others with the reason they were excluded. The configuration is read once, here.
 */
export function createQuoter(
  config: Pick<EngineConfigInput, 'couriers' | 'price_lists'> = {},
  resources: Resources = openResources(),
): (body: unknown) => Parsed<Quote> {
  const { couriers, lists } = quotingFor(config, resources);
  return (body) => {
    const input = parseCreateShipment(body);
    return input.ok ? { ok: true, value: quote(input.value, couriers, lists) } : input;
  };
}

/** Prices a request on an account's own price lists, for the services named (a connected bench's catalog). */
export function quoteOnPriceLists(
  body: unknown,
  services: readonly QuotedService[],
  lists: readonly PriceList[],
): Parsed<Quote> {
  const input = parseCreateShipment(body);
  return input.ok ? { ok: true, value: quoteOnLists(input.value, services, lists) } : input;
}

/** The station's ddt_alpha prefix: made once per data folder ("ST" + 4 random letters/digits + "-") and kept. */
function stationPrefix(settings: SettingsRepo): string {
  const existing = settings.get('station_prefix');
  if (existing) return existing;
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const prefix = `ST${Array.from(randomBytes(4), (b) => alphabet[b % alphabet.length]).join('')}-`;
  settings.set('station_prefix', prefix);
  return prefix;
}

function mailPort(ctx: EngineContext, listeners: Set<() => void>): MailPort {
  const now = () => ctx.clock.now().getTime();
  return {
    onQueued(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    due: (nowMs, limit) =>
      ctx.mail.due(nowMs, limit).map((r) => ({
        id: r.id,
        shipmentId: r.shipment_id,
        messageId: r.message_id,
        attempts: r.attempts,
      })),
    nextDueAt: () => ctx.mail.nextDueAt(),
    async content(id) {
      const row = ctx.mail.byId(id);
      return row ? mailContent(ctx, row) : { kind: 'never', reason: 'E-mail non più in coda' };
    },
    sending: (id) => void ctx.mail.sending(id),
    sent: (id) => void ctx.mail.sent(id, now()),
    retryLater: (id, atMs, error) => void ctx.mail.retry(id, atMs, error),
    failed: (id, error) => void ctx.mail.failed(id, error),
    stateOf(caller, shipmentId) {
      if (!ctx.shipments.byId(caller.userId, shipmentId)) return undefined;
      const row = ctx.mail.byShipment(shipmentId);
      return row && { state: row.state, attempts: row.attempts, error: row.last_error };
    },
  };
}

function partnerPort(ctx: EngineContext, listeners: Set<() => void>): PartnerPort {
  const now = () => ctx.clock.now().getTime();
  const mine = (caller: Caller, id: number) => {
    const row = ctx.partners.byId(id);
    return row && row.user_id === caller.userId && ctx.auth.owns(caller, row.client_id) ? row : undefined;
  };
  return {
    due: (nowMs, limit) =>
      ctx.partners.due(nowMs, limit).map((r) => ({
        id: r.id,
        eventId: r.event_id,
        type: r.type,
        clientId: r.client_id,
        shipmentId: r.shipment_id,
        body: r.body,
        attempts: r.attempts,
        createdAt: r.created_at,
      })),
    nextDueAt: () => ctx.partners.nextDueAt(),
    endpoint(clientId) {
      const found = ctx.partnerBook.get(clientId);
      return found && { url: found.url, secret: found.secret };
    },
    attempted: (id, attempt) => ctx.partners.attempted({ ...attempt, event_row: id }),
    delivered: (id) => void ctx.partners.delivered(id, now()),
    retryLater: (id, atMs, error) => void ctx.partners.retry(id, atMs, error),
    failed: (id, error) => ctx.partners.failed(id, error),
    onQueued(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    log(caller, options = {}) {
      const clients = options.clientId === undefined ? caller.clientIds : [options.clientId];
      const owned = clients.filter((clientId) => ctx.auth.owns(caller, clientId));
      return ctx.partners
        .ofClients(owned, Math.min(options.limit ?? 100, 500), options.beforeId)
        .filter((r) => r.user_id === caller.userId)
        .map((r) => ({
          id: r.id,
          eventId: r.event_id,
          type: r.type,
          clientId: r.client_id,
          shipmentId: r.shipment_id,
          orderId: r.order_id,
          state: r.state,
          error: r.last_error,
          createdAt: r.created_at,
          deliveredAt: r.delivered_at,
          attempts: ctx.partners
            .attemptsOf(r.id)
            .map((a) => ({ at: a.at, status: a.status, durationMs: a.duration_ms, answer: a.answer })),
        }));
    },
    resend(caller, id) {
      if (!mine(caller, id)) return false;
      const done = ctx.partners.resend(id);
      if (done) listeners.forEach((listener) => listener());
      return done;
    },
    counts() {
      const c = ctx.partners.counts();
      return { pending: c.pending ?? 0, delivered: c.delivered ?? 0, failed: c.failed ?? 0 };
    },
    endpoints: (caller) =>
      caller.clientIds.map((clientId) => ({ clientId, endpoint: ctx.partnerBook.view(clientId) ?? null })),
    saveEndpoint: (caller, clientId, raw) =>
      ctx.auth.owns(caller, clientId) ? ctx.partnerBook.save(clientId, raw) : { ok: false, notOwned: true },
  };
}

/** The outbox as the sync worker sees it, over a connected engine's outbox context. */
function syncPort(ctx: OutboxContext, listeners: Set<() => void>): SyncPort {
  return {
    prefix: ctx.prefix,
    ready: (nowMs, limit) => readyItems(ctx, nowMs, limit),
    nextDueAt: () => nextDueAt(ctx),
    markAttempt: (id, maybeSent) => markAttempt(ctx, id, maybeSent),
    retryLater: (id, atMs, error, maybeSent) => retryLater(ctx, id, atMs, error, maybeSent),
    park: (id, reason) => park(ctx, id, reason),
    complete: (id) => complete(ctx, id),
    applyCreated: (id, record) => applyCreated(ctx, id, record),
    refreshCandidates: (beforeMs, limit) => refreshCandidates(ctx, beforeMs, limit),
    applyRefresh: (shipmentId, result) => applyRefresh(ctx, shipmentId, result),
    counts: () => syncCounts(ctx),
    resubmit: (caller, shipmentId, body) => resubmit(ctx, caller, shipmentId, body),
    parkedKinds: (caller, shipmentId) =>
      ctx.shipments.byId(caller.userId, shipmentId)
        ? ctx.outbox
            .openOfShipment(shipmentId)
            .filter((r) => r.state === 'parked')
            .map((r) => r.kind)
        : [],
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export function createEngine(deps: EngineDeps): Engine {
  const parsed = EngineConfigSchema.safeParse(deps.config);
  if (!parsed.success) throw new Error(`invalid engine configuration:\n${z.prettifyError(parsed.error)}`);
  const config = parsed.data;
  const resources = openResources(deps.resourcesDir);
  let couriers: CourierRegistry;
  try {
    couriers = createCourierRegistry(resources, config.couriers);
  } catch (error) {
    throw new Error(`invalid engine configuration:\n${(error as Error).message}`, { cause: error });
  }
  const db = openDatabase(deps.file, {
    busyTimeoutMs: deps.busyTimeoutMs,
    synchronous: deps.synchronous,
    maxPages: deps.maxPages,
  });
  let auth: Auth;
  try {
    auth = deps.keysInMemory
      ? memoryKeyAuth(db, config.users)
      : storedKeyAuth(db, config.users, loadAuthSecret(deps.file));
  } catch (error) {
    db.close();
    throw error;
  }
  const invoiced = createInvoicedClients(db);
  invoiced.write(
    config.users.flatMap((user) => {
      const caller = auth.authenticate(user.api_key);
      return caller && user.invoiced_clients ? [{ userId: caller.userId, clients: user.invoiced_clients }] : [];
    }),
  );
  const wal =
    deps.file === ':memory:' ? { flush: () => Promise.resolve(), close: () => undefined } : walFlush(deps.file);
  const labelListeners = new Set<(shipmentId: number) => void>();
  const mailListeners = new Set<() => void>();
  const partnerListeners = new Set<() => void>();
  const settings = createSettingsRepo(db);
  const configured = new Map(
    config.users.flatMap((u) => (u.clients ?? []).flatMap((c) => (c.sender ? [[c.client_id, c.sender] as const] : []))),
  );
  for (const [clientId, profile] of configured) {
    const place =
      profile.country_code === 'IT' ? couriers.places.check(profile.cap, profile.city, profile.prov) : undefined;
    if (place && !place.ok) {
      db.close();
      throw new Error(`invalid engine configuration:\nclient ${clientId}: sender: ${place.reason}`);
    }
  }
  const checkpoints =
    deps.file !== ':memory:' && (deps.checkpointThread ?? process.env.STATION_CHECKPOINT_THREAD !== '0')
      ? startCheckpointer(db, deps.file)
      : undefined;
  const threads = deps.labelThreads ?? process.env.STATION_LABEL_THREADS !== '0';
  const labelPool = deps.connected || !threads ? undefined : labelPoolFor(resources.dir);
  const base: Omit<EngineContext, 'flow'> = {
    db,
    shipments: createShipmentRepo(db),
    manifests: createManifestRepo(db),
    orders: createOrderRepo(db),
    settings,
    senders: createSenderBook(settings, couriers.places, configured, deps.defaultSender),
    mail: createMailRepo(db),
    mailFrom: deps.connected ? undefined : deps.mailFrom,
    mailQueued: () => mailListeners.forEach((listener) => listener()),
    partners: createPartnerRepo(db),
    partnerBook: createPartnerBook(
      settings,
      new Map(
        config.users.flatMap((u) =>
          (u.clients ?? []).flatMap((c) => (c.partner ? [[c.client_id, c.partner] as const] : [])),
        ),
      ),
      deps.partnerSecrets,
    ),
    partnerQueued: () => partnerListeners.forEach((listener) => listener()),
    resources,
    ...(labelPool ? { labelPool } : {}),
    couriers,
    priceLists: mergePriceLists(builtinPriceLists(resources), config.price_lists),
    auth,
    invoiced,
    clock: deps.clock ?? systemClock,
    zplDpi: config.zpl_dpi,
    labelsReady: (shipmentId) => labelListeners.forEach((listener) => listener(shipmentId)),
    storageFailed: () => retry.schedule(),
  };
  // The one place the two modes part: what happens to a stored shipment next (shipments/flow.ts).
  const listeners = new Set<() => void>();
  const outbox: OutboxContext | undefined = deps.connected
    ? {
        ...base,
        outbox: createOutboxRepo(db),
        remoteState: createSyncRepo(db),
        prefix: stationPrefix(base.settings),
        notify: () => listeners.forEach((l) => l()),
      }
    : undefined;
  const flow: ShipmentFlow = outbox ? outboxFlow(outbox) : localCourierFlow(base);
  const ctx: EngineContext = { ...base, flow };
  const retry = createResumeRetry(() => flow.resume(), deps.resumeRetry);
  return {
    authenticate: (apiKey) => ctx.auth.authenticate(apiKey),
    createShipment: (caller, body, extras) => createShipment(ctx, caller, body, extras),
    courierRefusal: (caller, body) => courierRefusal(ctx, caller, body),
    weighings: (caller, shipmentId) =>
      ctx.shipments.byId(caller.userId, shipmentId) ? ctx.shipments.weighings(shipmentId) : [],
    getShipment: (caller, id) => getShipment(ctx, caller, id),
    getShipmentByDdtAlpha: (caller, ddtAlpha, clientId) => getShipmentByDdtAlpha(ctx, caller, ddtAlpha, clientId),
    deleteShipment: (caller, id) => deleteShipment(ctx, caller, id),
    deleteShipmentByDdtAlpha: (caller, ddtAlpha, clientId) => deleteShipmentByDdtAlpha(ctx, caller, ddtAlpha, clientId),
    amendShipment: (caller, id, body) => amendShipment(ctx, caller, id, body),
    confirmByIds: (caller, ids, createManifest) => confirmByIds(ctx, caller, ids, createManifest),
    confirmByClient: (caller, clientId, createManifest) => confirmByClient(ctx, caller, clientId, createManifest),
    confirmByDdtNums: (caller, ddtNums, clientId, createManifest) =>
      confirmByDdtNums(ctx, caller, ddtNums, clientId, createManifest),
    getManifestPdf: (caller, manifestId) => getManifestPdf(ctx, caller, manifestId),
    quote(body) {
      const input = parseCreateShipment(body);
      return input.ok ? { ok: true, value: quote(input.value, ctx.couriers, ctx.priceLists) } : input;
    },
    async resume() {
      try {
        return await flow.resume();
      } catch (error) {
        if (!isStorageFailure(error)) throw error;
        retry.schedule();
        return 0;
      }
    },
    flush: () => wal.flush(),
    storageSettings: () => ({
      synchronous: Number(db.pragma('synchronous', { simple: true })),
      journalMode: String(db.pragma('journal_mode', { simple: true })),
    }),
    printJobs: createPrintJobStore(db, ctx.clock),
    onLabelsReady(listener) {
      labelListeners.add(listener);
      return () => labelListeners.delete(listener);
    },
    labelsForPrint: (caller, shipmentId, format, dpi) => labelsForPrint(ctx, caller, shipmentId, format, dpi),
    listShipments: (caller, filter) => listShipments(ctx, caller, filter),
    listedShipment: (caller, id) => listedShipment(ctx, caller, id),
    recentRecipients: (caller, search, limit) => recentRecipients(ctx, caller, search, limit),
    listManifests: (caller) => listManifests(ctx, caller),
    amendableFields(caller, shipmentId) {
      const row = ctx.shipments.byId(caller.userId, shipmentId);
      if (!row) return [];
      return [...(ctx.couriers.get(row.corriere)?.amendableFields ?? BASE_AMENDABLE_FIELDS)];
    },
    settings: { get: (key) => ctx.settings.get(key), set: (key, value) => ctx.settings.set(key, value) },
    municipalitiesForCap: (cap) => ctx.couriers.places.forCap(cap),
    invoicedClients: (caller) => ctx.invoiced.of(caller.userId),
    senderProfiles: (caller) =>
      caller.clientIds.map((clientId) => {
        const found = ctx.senders.get(clientId);
        return { clientId, profile: found?.profile ?? null, source: found?.source ?? null };
      }),
    saveSenderProfile: (caller, clientId, raw) =>
      ctx.auth.owns(caller, clientId) ? ctx.senders.save(clientId, raw) : { ok: false, notOwned: true },
    couriers: () =>
      ctx.couriers.all().map((c) => ({
        id: c.id,
        name: c.name,
        services: c.services.map((s) => ({ id: s.id, name: s.name })),
        labelFormats: CATALOG_LABEL_FORMATS.filter((f) => c.labelFormats.includes(f)),
        fields: [...c.requestFields],
      })),
    shipmentIdsCreatedOn: (caller, day) =>
      /^\d{4}-\d{2}-\d{2}$/.test(day) ? ctx.shipments.createdOn(caller.userId, day) : [],
    orders: ordersPort(ctx),
    sync: outbox && syncPort(outbox, listeners),
    ...(ctx.mailFrom ? { mail: mailPort(ctx, mailListeners) } : {}),
    ...(outbox ? {} : { partners: partnerPort(ctx, partnerListeners) }),
    ...(auth.replaceKey ? { replaceKey: auth.replaceKey } : {}),
    close() {
      retry.stop();
      checkpoints?.stop();
      wal.close();
      // A checkpoint that fails (disk full) leaves the WAL for the next open to replay; the file is closed either way.
      try {
        db.pragma('wal_checkpoint(TRUNCATE)');
      } finally {
        db.close();
      }
    },
  };
}
