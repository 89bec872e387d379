// A connected station's side of each change: the shipment is stored at once and an outbox row describing it is
// written in the same transaction. Changes to a shipment the remote has never seen fold into its create row (an
// amend merges, a delete cancels both), so the remote only ever hears about what still matters.
import { MSG } from '../../shared/api/messages';
import { parseCreateShipment } from '../../shared/api/shipmentRequest';
import type { Caller } from '../auth/users';
import type { EngineContext } from '../context';
import { pad } from '../couriers/common';
import { formatDateTime } from '../ports';
import { labelFormatsFor, parcelsOf, readRecord, type CreateOutcome } from '../shipments/create';
import type { ShipmentRow } from '../shipments/repo';
import type { OutboxRow } from './repo';

/** What non-create rows carry so the worker can address the remote shipment even after the local row is gone. */
export interface ShipmentRef {
  remote_id?: number;
  ddt_alpha: string;
  client_id: number;
}

export function refOf(row: ShipmentRow): ShipmentRef {
  return { ...(row.remote_id ? { remote_id: row.remote_id } : {}), ddt_alpha: row.ddt_alpha, client_id: row.client_id };
}

/** The open create row the remote has certainly not seen yet (never attempted with a request that left). */
export function unsentCreate(open: readonly OutboxRow[]): OutboxRow | undefined {
  return open.find((r) => r.kind === 'create' && r.state === 'pending' && r.maybe_sent === 0);
}

export async function createQueued(ctx: EngineContext, caller: Caller, raw: unknown): Promise<CreateOutcome> {
  const sync = ctx.sync;
  if (!sync) throw new Error('createQueued needs a connected engine');
  const parsed = parseCreateShipment(raw);
  if (!parsed.ok) return { kind: 'invalid', error: parsed.error };
  const input = parsed.value;
  if (!ctx.auth.owns(caller, input.client_id)) return { kind: 'invalid', error: MSG.invalidFields([`client_id: ${MSG.clientIdNotOwned(input.client_id)}`]) };
  if ((input.corriere === 0) !== (input.servizio === 0)) {
    return { kind: 'invalid', error: MSG.invalidFields(['corriere, servizio: indicare entrambi, oppure 0 e 0 per il corriere più economico']) };
  }
  const now = formatDateTime(ctx.clock.now());
  const id = ctx.db.transaction(() => {
    const repo = ctx.shipments;
    const ddtNum = input.ddt_num ?? repo.nextCounter(`ddt_num:${input.client_id}`, repo.maxDdtNum(input.client_id));
    // Exactly once rests on this reference: unique per station (prefix) and per shipment (sequence).
    const ddtAlpha = input.ddt_alpha || `${sync.prefix}${pad(repo.nextCounter('station:ddt_alpha'), 7)}`;
    const { daticolli: _parcels, labelType: _labelType, ...stored } = input;
    const shipmentId = repo.insert({
      user_id: caller.userId, client_id: input.client_id, ddt_num: ddtNum, ddt_alpha: ddtAlpha,
      corriere: input.corriere, servizio: input.servizio, colli: input.colli, peso: input.peso, volume: input.volume,
      state: 'processing', error: '', num_spedizione: '', barcode: '', tracking_link: '',
      label_formats: labelFormatsFor(input).join(','),
      data: JSON.stringify({ ...stored, ddt_num: ddtNum, ddt_alpha: ddtAlpha }),
      created_at: now, date_upd: now, sync_state: 'pending',
    });
    for (const parcel of parcelsOf(input)) repo.insertParcel(shipmentId, { ...parcel, barcode: '' });
    ctx.outbox.insert(shipmentId, 'create', { ...input, ddt_num: ddtNum, ddt_alpha: ddtAlpha }, ctx.clock.now().getTime());
    return shipmentId;
  }).immediate();
  sync.notify();
  return { kind: 'created', record: readRecord(ctx, id) };
}

/** After a local amend (inside its transaction): merge into a create the remote has not seen, else queue an amend. */
export function enqueueAmend(ctx: EngineContext, row: ShipmentRow, fields: Record<string, unknown>): void {
  if (!ctx.sync || row.sync_state === 'gone') return;
  const create = unsentCreate(ctx.outbox.openOfShipment(row.id));
  if (create) ctx.outbox.setPayload(create.id, { ...(JSON.parse(create.payload) as Record<string, unknown>), ...fields });
  else ctx.outbox.insert(row.id, 'amend', { ...refOf(row), fields }, ctx.clock.now().getTime());
}

/**
 * Before a local delete (inside its transaction): a shipment the remote has never seen just vanishes with its rows;
 * otherwise its unsent amends are dropped (moot) and a delete is queued.
 */
export function enqueueDelete(ctx: EngineContext, row: ShipmentRow): void {
  if (!ctx.sync || row.sync_state === 'gone') return;
  const open = ctx.outbox.openOfShipment(row.id);
  if (unsentCreate(open)) {
    for (const r of open) ctx.outbox.deleteRow(r.id);
    return;
  }
  for (const r of open) if (r.kind === 'amend' && r.state === 'pending' && r.maybe_sent === 0) ctx.outbox.deleteRow(r.id);
  ctx.outbox.insert(row.id, 'delete', refOf(row), ctx.clock.now().getTime());
}

export function enqueueConfirm(ctx: EngineContext, row: ShipmentRow): void {
  if (!ctx.sync || row.sync_state !== 'synced') return;
  ctx.outbox.insert(row.id, 'confirm', refOf(row), ctx.clock.now().getTime());
}

/** Why a connected station cannot confirm a shipment yet (spec: still processing or in error), if it cannot. */
export function syncRefusal(row: ShipmentRow): string | undefined {
  switch (row.sync_state) {
    case 'pending':
      return MSG.confirmProcessing;
    case 'attention':
      return MSG.confirmInError(row.sync_error);
    case 'gone':
      return MSG.confirmDeletedRemotely;
    default:
      return undefined;
  }
}
