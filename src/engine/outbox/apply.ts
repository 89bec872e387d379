// The worker's side of the outbox: which rows are ready, and writing each answer of the remote back in one
// transaction (ids, waybill, labels, status; refusals parked with the reason; deletions and confirmations made
// elsewhere shown as such, never undone).
import { parseCreateShipment, type Parsed } from '../../shared/api/shipmentRequest';
import type { ShipmentRecord } from '../../shared/api/shipmentRecord';
import { MSG } from '../../shared/api/messages';
import type { Caller } from '../auth/users';
import { formatDateTime } from '../ports';
import { storeLabels } from '../shipments/labelCodec';
import { parseStoredData, storedFieldsOf } from '../shipments/record';
import type { ShipmentSettlement } from '../shipments/flow';
import type { OutboxContext } from './context';
import type { OutboxKind } from './repo';
import { readEntry, readPayload, writePayload, type OutboxEntry, type OutboxPayload } from './rows';
import { isGoodRemoteStatus } from '../../shared/domain/states';
import { rememberNames } from './remoteNames';
import { owedOnWaybill, type OwedKind } from '../owed/index';

interface OutboxItemBase {
  id: number;
  shipmentId: number;
  attempts: number;
  /** A request for this row may have reached the remote (a create must then be looked up before resending). */
  maybeSent: boolean;
}

/**
 * The outbox rows still to send and those held for a person, and the shipments the remote's courier refused (0.6):
 * the bench's "Da verificare" counts both kinds, a refusal as much as a row the remote would not take.
 */
export interface SyncCounts {
  pending: number;
  parked: number;
  refused: number;
  oldestPendingAt?: number;
}

/** A ready row with the payload its kind's schema read (outbox/rows.ts): `kind` tells the payload's type. */
export type OutboxItem = OutboxItemBase & OutboxEntry;
/** A ready row of one kind. */
export type OutboxItemOf<K extends OutboxKind> = Extract<OutboxItem, { kind: K }>;

const COURIER_FIELDS = [
  'carrier1_servizio',
  'carrier1_id_fermoposta',
  'carrier1_accessori',
  'carrier2_uap_id',
  'carrier2_signature_required',
  'carrier3_num_segnacollo_da',
  'carrier3_num_segnacollo_a',
  'carrier4_options',
  'codice_merce_carrier5',
  'carrier6_tracking_code',
] as const;

/**
 * Rows ready to send, read through their kind's schema. A row that does not read is parked with the reason (its
 * shipment shown for attention) and the query runs again, so it never holds back the rows of other shipments.
 */
export function readyItems(ctx: OutboxContext, nowMs: number, limit: number): OutboxItem[] {
  // Each pass parks at least one row or returns; the bound only guards against a database that will not park.
  for (let pass = 0; pass < 100; pass += 1) {
    const items: OutboxItem[] = [];
    let parked = 0;
    for (const row of ctx.outbox.ready(nowMs, limit)) {
      const read = readEntry(row);
      if (read.ok) {
        const maybeSent = row.maybe_sent === 1;
        items.push({ id: row.id, shipmentId: row.shipment_id, attempts: row.attempts, maybeSent, ...read.entry });
      } else {
        park(ctx, row.id, read.reason);
        parked += 1;
      }
    }
    if (parked === 0) return items;
  }
  return [];
}

export function markAttempt(ctx: OutboxContext, id: number, maybeSent: boolean): void {
  ctx.outbox.markAttempt(id, maybeSent);
}

/**
 * A transient failure: try again at `atMs`. `maybeSent` says whether any request for this row may have reached the
 * remote so far (the worker marks it before sending and knows whether this one left), so it is set as given.
 */
export function retryLater(ctx: OutboxContext, id: number, atMs: number, error: string, maybeSent: boolean): void {
  ctx.outbox.retryAt(id, atMs, error, maybeSent);
}

/** The remote refused: keep the row for a person, with the remote's words, and flag the shipment. */
export function park(ctx: OutboxContext, id: number, reason: string): void {
  const shipmentId = ctx.db
    .transaction((): number | undefined => {
      const row = ctx.outbox.byId(id);
      if (!row) return undefined;
      ctx.outbox.park(id, reason);
      if (!ctx.shipments.byIdUnscoped(row.shipment_id)) return undefined;
      ctx.remoteState.setSyncState(row.shipment_id, 'attention', reason);
      return row.shipment_id;
    })
    .immediate();
  if (shipmentId !== undefined) ctx.settled(shipmentId, 'attention');
}

export function complete(ctx: OutboxContext, id: number): void {
  ctx.outbox.done(id, ctx.clock.now().getTime());
}

/**
 * A create's answer (or a shipment adopted after a lost answer): the remote's id, waybill, labels, parcel barcodes
 * and status become the local record's, and later rows of the shipment learn the remote id. The local row may be
 * gone (deleted meanwhile): then only the row is completed and the queued delete does the rest.
 */
export function applyCreated(ctx: OutboxContext, id: number, record: ShipmentRecord): void {
  let owed: OwedKind[] = [];
  const settled = ctx.db
    .transaction((): { id: number; outcome: ShipmentSettlement } | undefined => {
      const row = ctx.outbox.byId(id);
      if (!row || row.state === 'done') return undefined;
      const local = ctx.shipments.byIdUnscoped(row.shipment_id);
      if (local) {
        const data: Record<string, unknown> = {
          ...parseStoredData(local),
          corriere: record.corriere,
          servizio: record.servizio,
        };
        for (const field of COURIER_FIELDS) if (record[field] !== undefined) data[field] = record[field];
        // The pickup the remote's courier booked, where it did (a number or a text: kept as text).
        const pickup: unknown = record.numero_ritiro;
        if ((typeof pickup === 'string' || typeof pickup === 'number') && String(pickup).trim() !== '')
          data.numero_ritiro = String(pickup).trim();
        ctx.remoteState.applyRemote({
          id: local.id,
          remote_id: record.id,
          corriere: record.corriere,
          servizio: record.servizio,
          state: isGoodRemoteStatus(record.status) ? 'ok' : 'failed',
          error: record.error,
          num_spedizione: record.num_spedizione,
          barcode: record.barcode,
          tracking_link: record.tracking_link,
          data: JSON.stringify(data),
          date_upd: formatDateTime(ctx.clock.now()),
          refreshed_at: ctx.clock.now().getTime(),
        });
        // The names it gives are the account's: kept with the answer, never apart from it.
        rememberNames(ctx.settings, record);
        for (const parcel of record.daticolli ?? [])
          ctx.remoteState.setParcelBarcode(local.id, parcel.n_collo, parcel.barcode);
        ctx.remoteState.deleteLabels(local.id);
        storeLabels(ctx.shipments, local.id, { zpl: record.label_zpl, pdf: record.label_pdf, jpg: record.label_jpg });
        // What the remote's waybill owes (a shop order's fulfilment), in the transaction that stores it.
        const stored = isGoodRemoteStatus(record.status) ? ctx.shipments.byIdUnscoped(local.id) : undefined;
        if (stored) owed = owedOnWaybill(ctx, stored);
      }
      for (const later of ctx.outbox.openOfShipment(row.shipment_id)) {
        const read = later.id === id ? undefined : readPayload(later);
        // A later row that does not read keeps its text: the worker parks it with the reason when its turn comes.
        if (!read?.ok) continue;
        ctx.outbox.setPayload(later.id, writePayload(later.kind, { ...read.payload, remote_id: record.id }));
      }
      ctx.outbox.done(id, ctx.clock.now().getTime());
      if (!local) return undefined;
      return { id: local.id, outcome: isGoodRemoteStatus(record.status) ? 'labels' : 'refused' };
    })
    .immediate();
  // The screens hear of a refusal as of labels: the operator who saved it is told within the second.
  if (settled) ctx.settled(settled.id, settled.outcome);
  ctx.queued(owed);
}

/** Unconfirmed synced shipments not re-read since `beforeMs`, oldest first. */
export function refreshCandidates(
  ctx: OutboxContext,
  beforeMs: number,
  limit: number,
): { shipmentId: number; remoteId: number }[] {
  return ctx.remoteState.refreshCandidates(beforeMs, limit).map((r) => ({ shipmentId: r.id, remoteId: r.remote_id }));
}

export type RefreshResult = { kind: 'gone' } | { kind: 'record'; record: ShipmentRecord };

/** What a re-read found: deleted or confirmed elsewhere is shown so; nothing is ever re-created. */
export function applyRefresh(ctx: OutboxContext, shipmentId: number, result: RefreshResult): void {
  ctx.db
    .transaction(() => {
      const local = ctx.shipments.byIdUnscoped(shipmentId);
      if (!local) return;
      const now = ctx.clock.now();
      ctx.remoteState.refreshed(shipmentId, now.getTime());
      if (result.kind === 'gone') {
        ctx.remoteState.setSyncState(shipmentId, 'gone', MSG.confirmDeletedRemotely);
        return;
      }
      rememberNames(ctx.settings, result.record);
      if (result.record.confermato === 1) ctx.remoteState.confirmedElsewhere(shipmentId, formatDateTime(now));
    })
    .immediate();
}

export function syncCounts(ctx: OutboxContext): SyncCounts {
  return { ...ctx.outbox.counts(), refused: ctx.remoteState.refusedCount() };
}

export function nextDueAt(ctx: OutboxContext): number | undefined {
  return ctx.outbox.nextDue();
}

/**
 * The operator's answer to a parked shipment: for a refused create, the corrected shipment (checked like a new
 * one) replaces what was sent; any parked row of the shipment is then queued again.
 */
export function resubmit(ctx: OutboxContext, caller: Caller, shipmentId: number, body?: unknown): Parsed<void> {
  const local = ctx.shipments.byId(caller.userId, shipmentId);
  if (!local) return { ok: false, error: MSG.shipmentNotFound };
  const parked = ctx.outbox.openOfShipment(shipmentId).filter((r) => r.state === 'parked');
  if (parked.length === 0) return { ok: false, error: MSG.nothingToResubmit };
  let replacement: OutboxPayload<'create'> | undefined;
  if (body !== undefined) {
    const parsed = parseCreateShipment({
      ...(body as Record<string, unknown>),
      ddt_alpha: local.ddt_alpha,
      ddt_num: local.ddt_num,
      client_id: local.client_id,
    });
    if (!parsed.ok) return parsed;
    replacement = { ...parsed.value, ddt_alpha: local.ddt_alpha, ddt_num: local.ddt_num };
  }
  ctx.db
    .transaction(() => {
      for (const row of parked) {
        if (row.kind === 'create' && replacement) {
          ctx.outbox.reopen(row.id, writePayload('create', replacement));
          ctx.shipments.setData(
            shipmentId,
            JSON.stringify(storedFieldsOf(replacement)),
            formatDateTime(ctx.clock.now()),
          );
        } else {
          // Sent again as it was: a row parked because it did not read is parked again, with the same reason.
          ctx.outbox.reopen(row.id, row.payload, row.version);
        }
      }
      ctx.remoteState.setSyncState(shipmentId, local.remote_id ? 'synced' : 'pending');
    })
    .immediate();
  ctx.notify();
  return { ok: true, value: undefined };
}
