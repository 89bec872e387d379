// The worker's side of the outbox: which rows are ready, and writing each answer of the remote back in one
// transaction (ids, waybill, labels, status; refusals parked with the reason; deletions and confirmations made
// elsewhere shown as such, never undone).
import { parseCreateShipment, type Parsed } from '../../shared/api/shipmentRequest';
import type { ShipmentRecord } from '../../shared/api/shipmentRecord';
import { MSG } from '../../shared/api/messages';
import type { Caller } from '../auth/users';
import type { EngineContext } from '../context';
import { formatDateTime } from '../ports';
import { parseStoredData } from '../shipments/record';
import type { OutboxKind, OutboxRow } from './repo';

export interface OutboxItem {
  id: number;
  shipmentId: number;
  kind: OutboxKind;
  payload: Record<string, unknown>;
  attempts: number;
  /** A request for this row may have reached the remote (a create must then be looked up before resending). */
  maybeSent: boolean;
}

const itemOf = (row: OutboxRow): OutboxItem => ({
  id: row.id, shipmentId: row.shipment_id, kind: row.kind, payload: JSON.parse(row.payload) as Record<string, unknown>,
  attempts: row.attempts, maybeSent: row.maybe_sent === 1,
});

const COURIER_FIELDS = [
  'carrier1_servizio', 'carrier1_id_fermoposta', 'carrier1_accessori', 'carrier2_uap_id', 'carrier2_signature_required',
  'carrier3_num_segnacollo_da', 'carrier3_num_segnacollo_a', 'carrier4_options', 'codice_merce_carrier5', 'carrier6_tracking_code',
] as const;

export function readyItems(ctx: EngineContext, nowMs: number, limit: number): OutboxItem[] {
  return ctx.outbox.ready(nowMs, limit).map(itemOf);
}

export function markAttempt(ctx: EngineContext, id: number, maybeSent: boolean): void {
  ctx.outbox.markAttempt(id, maybeSent);
}

/**
 * A transient failure: try again at `atMs`. `maybeSent` says whether any request for this row may have reached the
 * remote so far (the worker marks it before sending and knows whether this one left), so it is set as given.
 */
export function retryLater(ctx: EngineContext, id: number, atMs: number, error: string, maybeSent: boolean): void {
  ctx.outbox.retryAt(id, atMs, error, maybeSent);
}

/** The remote refused: keep the row for a person, with the remote's words, and flag the shipment. */
export function park(ctx: EngineContext, id: number, reason: string): void {
  ctx.db.transaction(() => {
    const row = ctx.outbox.byId(id);
    if (!row) return;
    ctx.outbox.park(id, reason);
    if (ctx.shipments.byIdUnscoped(row.shipment_id)) ctx.syncRepo.setSyncState(row.shipment_id, 'attention', reason);
  }).immediate();
}

export function complete(ctx: EngineContext, id: number): void {
  ctx.outbox.done(id, ctx.clock.now().getTime());
}

/**
 * A create's answer (or a shipment adopted after a lost answer): the remote's id, waybill, labels, parcel barcodes
 * and status become the local record's, and later rows of the shipment learn the remote id. The local row may be
 * gone (deleted meanwhile): then only the row is completed and the queued delete does the rest.
 */
export function applyCreated(ctx: EngineContext, id: number, record: ShipmentRecord): void {
  const shipmentId = ctx.db.transaction((): number | undefined => {
    const row = ctx.outbox.byId(id);
    if (!row || row.state === 'done') return undefined;
    const local = ctx.shipments.byIdUnscoped(row.shipment_id);
    if (local) {
      const data: Record<string, unknown> = { ...parseStoredData(local), corriere: record.corriere, servizio: record.servizio };
      for (const field of COURIER_FIELDS) if (record[field] !== undefined) data[field] = record[field];
      ctx.syncRepo.applyRemote({
        id: local.id, remote_id: record.id, corriere: record.corriere, servizio: record.servizio,
        state: record.status === 0 ? 'ok' : 'failed', error: record.error, num_spedizione: record.num_spedizione,
        barcode: record.barcode, tracking_link: record.tracking_link, data: JSON.stringify(data),
        date_upd: formatDateTime(ctx.clock.now()), refreshed_at: ctx.clock.now().getTime(),
      });
      for (const parcel of record.daticolli ?? []) ctx.syncRepo.setParcelBarcode(local.id, parcel.n_collo, parcel.barcode);
      ctx.syncRepo.deleteLabels(local.id);
      record.label_zpl.forEach((zpl, i) => ctx.shipments.insertLabel(local.id, 'ZPL', i + 1, Buffer.from(zpl, 'utf8')));
      record.label_pdf.forEach((pdf, i) => ctx.shipments.insertLabel(local.id, 'PDF', i + 1, Buffer.from(pdf, 'base64')));
      record.label_jpg.forEach((jpg, i) => ctx.shipments.insertLabel(local.id, 'JPG', i + 1, Buffer.from(jpg, 'base64')));
    }
    for (const later of ctx.outbox.openOfShipment(row.shipment_id)) {
      if (later.id === id) continue;
      ctx.outbox.setPayload(later.id, { ...(JSON.parse(later.payload) as Record<string, unknown>), remote_id: record.id });
    }
    ctx.outbox.done(id, ctx.clock.now().getTime());
    return local && record.status === 0 ? local.id : undefined;
  }).immediate();
  if (shipmentId !== undefined) ctx.labelsReady(shipmentId);
}

/** Unconfirmed synced shipments not re-read since `beforeMs`, oldest first. */
export function refreshCandidates(ctx: EngineContext, beforeMs: number, limit: number): { shipmentId: number; remoteId: number }[] {
  return ctx.syncRepo.refreshCandidates(beforeMs, limit).map((r) => ({ shipmentId: r.id, remoteId: r.remote_id }));
}

export type RefreshResult = { kind: 'gone' } | { kind: 'record'; record: ShipmentRecord };

/** What a re-read found: deleted or confirmed elsewhere is shown so; nothing is ever re-created. */
export function applyRefresh(ctx: EngineContext, shipmentId: number, result: RefreshResult): void {
  ctx.db.transaction(() => {
    const local = ctx.shipments.byIdUnscoped(shipmentId);
    if (!local) return;
    const now = ctx.clock.now();
    ctx.syncRepo.refreshed(shipmentId, now.getTime());
    if (result.kind === 'gone') ctx.syncRepo.setSyncState(shipmentId, 'gone', MSG.confirmDeletedRemotely);
    else if (result.record.confermato === 1) ctx.syncRepo.confirmedElsewhere(shipmentId, formatDateTime(now));
  }).immediate();
}

export function syncCounts(ctx: EngineContext): { pending: number; parked: number; oldestPendingAt?: number } {
  return ctx.outbox.counts();
}

export function nextDueAt(ctx: EngineContext): number | undefined {
  return ctx.outbox.nextDue();
}

/**
 * The operator's answer to a parked shipment: for a refused create, the corrected shipment (checked like a new
 * one) replaces what was sent; any parked row of the shipment is then queued again.
 */
export function resubmit(ctx: EngineContext, caller: Caller, shipmentId: number, body?: unknown): Parsed<void> {
  const local = ctx.shipments.byId(caller.userId, shipmentId);
  if (!local) return { ok: false, error: MSG.shipmentNotFound };
  const parked = ctx.outbox.openOfShipment(shipmentId).filter((r) => r.state === 'parked');
  if (parked.length === 0) return { ok: false, error: MSG.nothingToResubmit };
  let replacement: Record<string, unknown> | undefined;
  if (body !== undefined) {
    const parsed = parseCreateShipment({ ...(body as Record<string, unknown>), ddt_alpha: local.ddt_alpha, ddt_num: local.ddt_num, client_id: local.client_id });
    if (!parsed.ok) return parsed;
    replacement = parsed.value;
  }
  ctx.db.transaction(() => {
    for (const row of parked) {
      const payload = row.kind === 'create' && replacement ? replacement : (JSON.parse(row.payload) as Record<string, unknown>);
      ctx.outbox.reopen(row.id, payload);
      if (row.kind === 'create' && replacement) {
        const { daticolli: _p, labelType: _l, ...stored } = replacement;
        ctx.shipments.setData(shipmentId, JSON.stringify(stored), formatDateTime(ctx.clock.now()));
      }
    }
    ctx.syncRepo.setSyncState(shipmentId, local.remote_id ? 'synced' : 'pending');
  }).immediate();
  ctx.sync?.notify();
  return { ok: true, value: undefined };
}
