// The engine's only entry point for other layers: createEngine opens the SQLite file, writes the configured users and
// returns the service's operations, each scoped to the calling user.
import { availableParallelism } from 'node:os';
import type { OwedKind } from './owed/kinds';
import { parseCreateShipment } from '../shared/api/shipmentRequest';
import { withSender } from '../shared/domain/senderProfile';
import { changeInvoiceNumbering, takeStationInvoice, withStationInvoice } from './customs/numbering';
import { processLog } from '../shared/log';
import { createInvoicedClients } from './auth/invoicedClients';
import { authFor } from './auth/engineAuth';
import { configure, configuredSenders } from './configure';
import { customsDocument } from './customs/store';
import { confirmByClient, confirmByDdtNums, confirmByIds, previewConfirm } from './confirm/confirm';
import type { Engine, EngineDeps } from './contract';
import type { EngineContext } from './context';
import { BASE_AMENDABLE_FIELDS } from './couriers/common';
import { catalogOf } from './couriers/registry';
import { startCheckpointer } from './db/checkpointer';
import { openDatabase } from './db/open';
import { isStorageFailure } from './db/storageFailure';
import { walFlush } from './db/walFlush';
import { labelPoolFor, labelPoolOnDemand } from './labels/pool';
import { mailPort, recipientMailPort } from './mail/port';
import { createMailRepo } from './mail/repo';
import { listManifests } from './manifests/list';
import { createManifestRepo } from './manifests/repo';
import { getManifestPdf } from './manifests/store';
import { ordersPort, type OrdersPort } from './orders/orders';
import { productsPort, type ProductsPort } from './products/products';
import { batchesPort } from './batches/batches';
import { boxesPort } from './boxes/boxes';
import { rulesPort } from './rules/rules';
import { pickupsPort } from './pickups/port';
import { createOrderRepo } from './orders/repo';
import { outboxFlow } from './outbox/connected';
import type { OutboxContext } from './outbox/context';
import { createOutboxRepo } from './outbox/repo';
import { createSyncRepo } from './outbox/syncRepo';
import { stationPrefix, syncPort } from './outbox/syncPort';
import { sharedQueuePort } from './sharedQueue/port';
import { createHubRepo } from './shops/hubRepo';
import { createPartnerBook } from './partners/book';
import { partnerPort } from './partners/port';
import { createPartnerRepo } from './partners/repo';
import { shopPort } from './shops/port';
import { createShopRepo } from './shops/repo';
import { systemClock } from './ports';
import { builtinPriceLists, mergePriceLists } from './pricing/priceList';
import { quote } from './pricing/quote';
import { createPrintJobStore } from './printing/store';
import { labelPrintsPort } from './printing/labelPrints';
import { createSettingsRepo } from './settings/repo';
import { amendShipment } from './shipments/amend';
import { courierRefusal, createShipment } from './shipments/create';
import type { ShipmentFlow, ShipmentSettlement } from './shipments/flow';
import { hasShipments, listedShipment, listShipments, recentRecipients } from './shipments/list';
import { localCourierFlow } from './shipments/localCourier';
import { labelsForPrint } from './shipments/printLabels';
import { getShipment, getShipmentByDdtAlpha, getShipmentByDdtNum, shipmentInvoice } from './shipments/read';
import { trackShipments } from './tracking/read';
import { shipmentsList } from './shipments/shipmentsList';
import { createParcelNoticeRepo } from './tracking/notices';
import { parcelsPort } from './tracking/port';
import { returnsPort } from './shipments/returns';
import { codPort } from './cod/port';
import { deleteShipment, deleteShipmentByDdtAlpha } from './shipments/remove';
import { createShipmentRepo } from './shipments/repo';
import { queuePort } from './queue/port';
import { createResumeRetry } from './shipments/resumeRetry';
import { createSenderBook } from './shipments/senders';

export type { Caller } from './auth/users';
export type { BenchExtras, CourierRefusal, CreateOutcome, ShipmentSettlement } from './shipments/flow';
export { ORDER_NOT_WAITING } from './shipments/store';
export type { RecordFiles } from './shipments/recordFiles';
export { labelBase64 } from './shipments/labelCodec';
export type { DeleteOutcome } from './shipments/remove';
export type { AmendOutcome } from './shipments/amend';
export type { Lookup } from './shipments/read';
export type { ConfirmOutcome, ConfirmPreview, ConfirmResultOutcome, ConfirmTarget } from './confirm/confirm';
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
export type { CustomsDocResult, CustomsDocument } from './customs/store';
export {
  DEFAULT_INVOICE_PREFIX,
  INVOICE_SERIES_MAX,
  INVOICE_SETTING_KEYS,
  invoiceNumberingOf,
  nextInvoiceNumber,
  upcomingInvoiceNumber,
} from './customs/numbering';
export type { EngineConfig, EngineConfigInput } from './config';
export { EngineConfigSchema } from './config';
export { isStorageFailure } from './db/storageFailure';
export { FolderInUseError, lockDataFolder, type FolderLock, type FolderRole } from './db/folderLock';
export { tightenDataFolder, writePrivateFile } from './db/privateFiles';
export type { TrackingOutcome, TrackingRecord, TrackingReference } from './tracking/read';
export type { ShipmentsListPage } from './shipments/shipmentsList';
export type { ActOutcome, AttentionFound, ParcelAnswered, ParcelDue, ParcelState, ParcelsPort } from './tracking/port';
export type { HubParcelAnswered, HubParcelDue } from './sharedQueue/hubParcels';
export type { CodPort, PaymentOutcome, RemittanceFile, TypedPayment } from './cod/port';
export type { ReturnChoice, ReturnRef, ReturnsPort } from './shipments/returns';
export type { MailLanguage } from './mail/returnLabel';
export { FOLLOW_EVERY_MS, FOLLOW_QUIET_MAX_MS, nextAskAfter } from './tracking/port';
export type { Engine, EngineDeps } from './contract';
export { RECIPIENT_MAIL_SETTING, type MailPort } from './mail/port';
export type { PartnerDelivery, PartnerLogEntry, PartnerPort } from './partners/port';
export type {
  OrdersTaken,
  ShopConnectionRow,
  ShopConnectionView,
  ShopFulfilmentDue,
  ShopLogEntry,
  ShopOrderIn,
  ShopPlatform,
  ShopPort,
} from './shops/port';
export type { FulfilmentBody } from './shops/fulfilments';
export type { ShopEventBody, ShopEventDue, ShopEventLogEntry, ShopEventView, ShopEventsPort } from './shops/eventsPort';
export type { SyncPort } from './outbox/syncPort';
export type { BenchPickup, BenchPickupsPort, DayParcels, PickupAnswered, PickupAsk, PickupsPort } from './pickups/port';
export type { ClaimOutcome, OrderAmended, OrderCreated, OrdersPage, QueuePort } from './queue/port';
export { QUEUE_SOURCE, type Claim, type SharedQueuePort, type UnpostedOrder } from './sharedQueue/port';
export { createQuoter, quoteOnPriceLists } from './pricing/quoter';

/** The spec's operations: the eight endpoints and the quote. */
function serviceOperations(
  ctx: EngineContext,
): Pick<
  Engine,
  | 'authenticate'
  | 'createShipment'
  | 'courierRefusal'
  | 'getShipment'
  | 'getShipmentByDdtAlpha'
  | 'getShipmentByDdtNum'
  | 'deleteShipment'
  | 'deleteShipmentByDdtAlpha'
  | 'amendShipment'
  | 'confirmByIds'
  | 'confirmByClient'
  | 'confirmByDdtNums'
  | 'previewConfirm'
  | 'getManifestPdf'
  | 'quote'
  | 'tracking'
  | 'shipmentsList'
> {
  return {
    authenticate: (apiKey) => ctx.auth.authenticate(apiKey),
    createShipment: (caller, body, extras) => createShipment(ctx, caller, body, extras),
    courierRefusal: (caller, body) => courierRefusal(ctx, caller, body),
    getShipment: (caller, id) => getShipment(ctx, caller, id),
    getShipmentByDdtAlpha: (caller, ddtAlpha, clientId) => getShipmentByDdtAlpha(ctx, caller, ddtAlpha, clientId),
    getShipmentByDdtNum: (caller, ddtNum, clientId) => getShipmentByDdtNum(ctx, caller, ddtNum, clientId),
    deleteShipment: (caller, id) => deleteShipment(ctx, caller, id),
    deleteShipmentByDdtAlpha: (caller, ddtAlpha, clientId) => deleteShipmentByDdtAlpha(ctx, caller, ddtAlpha, clientId),
    amendShipment: (caller, id, body) => amendShipment(ctx, caller, id, body),
    confirmByIds: (caller, ids, createManifest) => confirmByIds(ctx, caller, ids, createManifest),
    confirmByClient: (caller, clientId, createManifest) => confirmByClient(ctx, caller, clientId, createManifest),
    confirmByDdtNums: (caller, ddtNums, clientId, createManifest) =>
      confirmByDdtNums(ctx, caller, ddtNums, clientId, createManifest),
    previewConfirm: (caller, target) => previewConfirm(ctx, caller, target),
    getManifestPdf: (caller, manifestId) => getManifestPdf(ctx, caller, manifestId),
    tracking: (caller, ref) => trackShipments(ctx, caller, ref),
    shipmentsList: (caller, query) => shipmentsList(ctx, caller, query),
    quote(body) {
      const input = parseCreateShipment(body);
      if (!input.ok) return input;
      // Quoted as create prepares it (the profile's EORI; a station's next invoice number, read and not taken), so a
      // courier's customs check refuses here only what the save would refuse.
      const sent = withSender(input.value, ctx.senders.get(input.value.client_id)?.profile);
      const prepared = ctx.invoiceNumbering ? withStationInvoice(sent, ctx, false) : sent;
      return { ok: true, value: quote(prepared, ctx.couriers, ctx.priceLists) };
    },
  };
}

/** What the bench shows and keeps beyond the spec: lists, labels for printers, settings, senders, couriers, orders. */
function benchOperations(
  ctx: EngineContext,
  orders: OrdersPort,
  products: ProductsPort,
): Pick<
  Engine,
  | 'weighings'
  | 'packingProof'
  | 'labelsForPrint'
  | 'listShipments'
  | 'listedShipment'
  | 'hasShipments'
  | 'recentRecipients'
  | 'listManifests'
  | 'amendableFields'
  | 'shipmentInvoice'
  | 'customsDocument'
  | 'settings'
  | 'changeInvoiceNumbering'
  | 'takeInvoiceNumber'
  | 'municipalitiesForCap'
  | 'invoicedClients'
  | 'senderProfiles'
  | 'saveSenderProfile'
  | 'couriers'
  | 'shipmentIdsCreatedOn'
  | 'orders'
  | 'products'
> {
  return {
    weighings: (caller, shipmentId) =>
      ctx.shipments.byId(caller.userId, shipmentId) ? ctx.shipments.weighings(shipmentId) : [],
    packingProof: (caller, id) => (ctx.shipments.byId(caller.userId, id) ? ctx.shipments.packingProof(id) : undefined),
    labelsForPrint: (caller, shipmentId, format, dpi) => labelsForPrint(ctx, caller, shipmentId, format, dpi),
    listShipments: (caller, filter) => listShipments(ctx, caller, filter),
    listedShipment: (caller, id) => listedShipment(ctx, caller, id),
    hasShipments: (caller) => hasShipments(ctx, caller),
    recentRecipients: (caller, search, limit) => recentRecipients(ctx, caller, search, limit),
    listManifests: (caller) => listManifests(ctx, caller),
    amendableFields(caller, shipmentId) {
      const row = ctx.shipments.byId(caller.userId, shipmentId);
      if (!row) return [];
      return [...(ctx.couriers.get(row.corriere)?.amendableFields ?? BASE_AMENDABLE_FIELDS)];
    },
    shipmentInvoice: (caller, shipmentId) => shipmentInvoice(ctx, caller, shipmentId),
    customsDocument: (caller, shipmentId, which) => customsDocument(ctx, caller, shipmentId, which),
    settings: { get: (key) => ctx.settings.get(key), set: (key, value) => ctx.settings.set(key, value) },
    changeInvoiceNumbering: (year, change) =>
      ctx.db.transaction(() => changeInvoiceNumbering(ctx.db, ctx.settings, year, change)).immediate(),
    takeInvoiceNumber: () => ctx.db.transaction(() => takeStationInvoice(ctx)).immediate(),
    municipalitiesForCap: (cap) => ctx.couriers.places.forCap(cap),
    invoicedClients: (caller) => ctx.invoiced.of(caller.userId),
    senderProfiles: (caller) =>
      caller.clientIds.map((clientId) => {
        const found = ctx.senders.get(clientId);
        return { clientId, profile: found?.profile ?? null, source: found?.source ?? null };
      }),
    saveSenderProfile: (caller, clientId, raw) =>
      ctx.auth.owns(caller, clientId) ? ctx.senders.save(clientId, raw) : { ok: false, notOwned: true },
    couriers: () => catalogOf(ctx.couriers),
    shipmentIdsCreatedOn: (caller, day) =>
      /^\d{4}-\d{2}-\d{2}$/.test(day) ? ctx.shipments.createdOn(caller.userId, day) : [],
    orders,
    products,
  };
}

export function createEngine(deps: EngineDeps): Engine {
  const { config, resources, couriers } = configure(deps);
  const db = openDatabase(deps.file, {
    busyTimeoutMs: deps.busyTimeoutMs,
    synchronous: deps.synchronous,
    maxPages: deps.maxPages,
  });
  const auth = authFor(db, config, deps);
  const invoiced = createInvoicedClients(db);
  invoiced.write(
    config.users.flatMap((user) => {
      const caller = auth.authenticate(user.api_key);
      return caller && user.invoiced_clients ? [{ userId: caller.userId, clients: user.invoiced_clients }] : [];
    }),
  );
  const wal =
    deps.file === ':memory:' ? { flush: () => Promise.resolve(), close: () => undefined } : walFlush(deps.file);
  const settledListeners = new Set<(shipmentId: number, outcome: ShipmentSettlement) => void>();
  // One fan-out for every notice an engine owes (owed/index.ts): each port's worker listens to its own kind.
  const queuedListeners = new Set<(kind: OwedKind) => void>();
  const onQueued = (kind: OwedKind, listener: () => void) => {
    const heard = (queued: OwedKind) => queued === kind && listener();
    queuedListeners.add(heard);
    return () => void queuedListeners.delete(heard);
  };
  const settings = createSettingsRepo(db);
  const configured = configuredSenders(db, config, couriers);
  const checkpoints = deps.file !== ':memory:' && deps.checkpointThread ? startCheckpointer(db, deps.file) : undefined;
  const labelPool =
    deps.connected || !deps.labelThreads
      ? undefined
      : deps.labelThreads === 'onDemand'
        ? labelPoolOnDemand(resources.dir)
        : labelPoolFor(resources.dir, deps.labelThreads === 'everyCore' ? availableParallelism() : undefined);
  const base: Omit<EngineContext, 'flow'> = {
    db,
    shipments: createShipmentRepo(db),
    manifests: createManifestRepo(db),
    orders: createOrderRepo(db),
    settings,
    senders: createSenderBook(settings, couriers.places, configured, deps.defaultSender),
    mail: createMailRepo(db),
    mailFrom: deps.connected ? undefined : deps.mailFrom,
    noticeMailFrom: deps.noticeMailFrom,
    invoiceNumbering: deps.invoiceNumbering ?? false,
    invoiceSeriesRequired: () => deps.invoiceSeriesRequired?.(settings) ?? false,
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
    shops: createShopRepo(db),
    parcelNotices: createParcelNoticeRepo(db),
    hubShipments: createHubRepo(db),
    connected: deps.connected ?? false,
    queued: (kinds) => kinds.forEach((kind) => queuedListeners.forEach((listener) => listener(kind))),
    resources,
    ...(labelPool ? { labelPool } : {}),
    couriers,
    priceLists: mergePriceLists(builtinPriceLists(resources), config.price_lists),
    auth,
    invoiced,
    clock: deps.clock ?? systemClock,
    zplDpi: config.zpl_dpi,
    settled: (shipmentId, outcome) => settledListeners.forEach((listener) => listener(shipmentId, outcome)),
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
  const retry = createResumeRetry(() => flow.resume(), {
    ...(deps.resumeRetry ? { timing: deps.resumeRetry } : {}),
    warn: (message) => (deps.log ?? processLog).warn(message),
  });
  const products = productsPort(ctx.db, ctx.clock);
  const boxes = boxesPort(ctx.db, ctx.clock, products);
  const rules = rulesPort(ctx, boxes);
  const orders = ordersPort(ctx, products, rules);
  return {
    ...serviceOperations(ctx),
    ...benchOperations(ctx, orders, products),
    batches: batchesPort(ctx, orders, products),
    boxes,
    rules,
    shops: shopPort(ctx, orders, (listener) => onQueued('shop', listener)),
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
    labelPrints: labelPrintsPort(ctx),
    parcels: parcelsPort(ctx),
    queue: queuePort(ctx),
    cod: codPort(ctx),
    pickups: pickupsPort(ctx),
    returns: returnsPort(ctx),
    onShipmentSettled(listener) {
      settledListeners.add(listener);
      return () => settledListeners.delete(listener);
    },
    sync: outbox && syncPort(outbox, listeners),
    sharedQueue: outbox && sharedQueuePort(outbox),
    ...(ctx.mailFrom ? { mail: mailPort(ctx, (listener) => onQueued('mail', listener)) } : {}),
    ...(ctx.noticeMailFrom ? { recipientMail: recipientMailPort(ctx, (listener) => onQueued('mail', listener)) } : {}),
    ...(outbox ? {} : { partners: partnerPort(ctx, (listener) => onQueued('partner', listener)) }),
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
