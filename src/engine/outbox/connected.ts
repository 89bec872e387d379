// A connected engine's flow: the shipment is stored at once and an outbox row describing it is written in the same
// transaction; the remote makes the waybill and labels. Changes to a shipment the remote has never seen fold into its
// create row (an amend merges, a delete cancels both), so the remote only ever hears about what still matters.
import type { ConfirmRefusal } from '../../shared/api/confirm';
import type { CreateShipmentRequest } from '../../shared/api/shipmentRequest';
import type { Caller } from '../auth/users';
import { claimInvoiceNumber } from '../shipments/invoiceHolders';
import { withInvoiceDocument } from '../customs/withInvoice';
import { pad } from '../couriers/common';
import { formatDateTime } from '../ports';
import { outsideEuCustoms } from '../../shared/domain/customs';
import { exportDataRefusal } from '../couriers/check';
import { refusalOf } from '../shipments/courierChoice';
import type { BenchExtras, CourierRefusal, CreateOutcome, ShipmentFlow } from '../shipments/flow';
import { storedFieldsOf } from '../shipments/record';
import type { ShipmentRow } from '../shipments/repo';
import { labelFormatsFor, parcelsOf, readRecord, storeBenchExtras } from '../shipments/store';
import type { OutboxContext } from './context';
import type { OutboxRow } from './repo';
import { readEntry, writePayload, type ShipmentRef } from './rows';

/** Outside the EU customs territory, goods only: what every export needs (couriers/check.ts), at its field. */
function exportRefusal(input: CreateShipmentRequest): CourierRefusal | undefined {
  if (input.documenti === 1 || !outsideEuCustoms(input.rcpt_country_code, input.rcpt_cap)) return undefined;
  const check = exportDataRefusal(input);
  return check.ok ? undefined : refusalOf(check, 'sender_eori');
}

function refOf(row: ShipmentRow): ShipmentRef {
  return { ...(row.remote_id ? { remote_id: row.remote_id } : {}), ddt_alpha: row.ddt_alpha, client_id: row.client_id };
}

/** The open create row the remote has certainly not seen yet (never attempted with a request that left). */
function unsentCreate(open: readonly OutboxRow[]): OutboxRow | undefined {
  return open.find((r) => r.kind === 'create' && r.state === 'pending' && r.maybe_sent === 0);
}

function createQueued(
  ctx: OutboxContext,
  caller: Caller,
  input: CreateShipmentRequest,
  extras: BenchExtras | undefined,
): CreateOutcome {
  const now = formatDateTime(ctx.clock.now());
  const id = ctx.db
    .transaction(() => {
      const repo = ctx.shipments;
      claimInvoiceNumber(ctx.db, input);
      const ddtNum = input.ddt_num ?? repo.nextCounter(`ddt_num:${input.client_id}`, repo.maxDdtNum(input.client_id));
      // Exactly once rests on this reference: unique per station (prefix) and per shipment (sequence).
      const ddtAlpha = input.ddt_alpha || `${ctx.prefix}${pad(repo.nextCounter('station:ddt_alpha'), 7)}`;
      const shipmentId = repo.insert({
        user_id: caller.userId,
        client_id: input.client_id,
        ddt_num: ddtNum,
        ddt_alpha: ddtAlpha,
        corriere: input.corriere,
        servizio: input.servizio,
        colli: input.colli,
        peso: input.peso,
        volume: input.volume,
        state: 'processing',
        error: '',
        num_spedizione: '',
        barcode: '',
        tracking_link: '',
        label_formats: labelFormatsFor(input).join(','),
        data: JSON.stringify({ ...storedFieldsOf(input), ddt_num: ddtNum, ddt_alpha: ddtAlpha }),
        created_at: now,
        date_upd: now,
        sync_state: 'pending',
      });
      storeBenchExtras(ctx, caller.userId, shipmentId, extras);
      for (const parcel of parcelsOf(input)) repo.insertParcel(shipmentId, { ...parcel, barcode: '' });
      repo.insertDocuments(shipmentId, input.trade_documents);
      const payload = writePayload('create', { ...input, ddt_num: ddtNum, ddt_alpha: ddtAlpha });
      ctx.outbox.insert(shipmentId, 'create', payload, ctx.clock.now().getTime());
      return shipmentId;
    })
    .immediate();
  ctx.notify();
  return { kind: 'created', record: readRecord(ctx, id) };
}

/** After a local amend (inside its transaction): merge into a create the remote has not seen, else queue an amend. */
function enqueueAmend(ctx: OutboxContext, row: ShipmentRow, fields: Record<string, unknown>): void {
  if (row.sync_state === 'gone') return;
  const create = unsentCreate(ctx.outbox.openOfShipment(row.id));
  const sent = create && readEntry(create);
  if (create && sent?.ok && sent.entry.kind === 'create') {
    ctx.outbox.setPayload(create.id, writePayload('create', { ...sent.entry.payload, ...fields }));
  } else {
    ctx.outbox.insert(row.id, 'amend', writePayload('amend', { ...refOf(row), fields }), ctx.clock.now().getTime());
  }
}

/**
 * Before a local delete (inside its transaction): a shipment the remote has never seen just vanishes with its rows;
 * otherwise its unsent amends are dropped (moot) and a delete is queued.
 */
function enqueueDelete(ctx: OutboxContext, row: ShipmentRow): void {
  if (row.sync_state === 'gone') return;
  const open = ctx.outbox.openOfShipment(row.id);
  if (unsentCreate(open)) {
    for (const r of open) ctx.outbox.deleteRow(r.id);
    return;
  }
  for (const r of open)
    if (r.kind === 'amend' && r.state === 'pending' && r.maybe_sent === 0) ctx.outbox.deleteRow(r.id);
  ctx.outbox.insert(row.id, 'delete', writePayload('delete', refOf(row)), ctx.clock.now().getTime());
}

/** Why a connected station cannot confirm a shipment yet (spec: still processing or in error), if it cannot. */
function syncRefusal(row: ShipmentRow): ConfirmRefusal | undefined {
  switch (row.sync_state) {
    case 'pending':
      return { kind: 'processing' };
    case 'attention':
      return { kind: 'inError', cause: row.sync_error };
    case 'gone':
      return { kind: 'deletedRemotely' };
    default:
      return undefined;
  }
}

/** The connected flow: every change becomes an outbox row; the remote makes waybills and labels. */
export function outboxFlow(ctx: OutboxContext): ShipmentFlow {
  return {
    create: async (caller, input, extras) => createQueued(ctx, caller, await withInvoiceDocument(ctx, input), extras),
    // The remote's couriers decide their own rules (a refusal comes back as the remote's 0.6), but what any export
    // needs is checked here: the real aggregator's refusal of a missing EORI names only the courier's destinations.
    refusal: exportRefusal,
    amended: (row, fields) => enqueueAmend(ctx, row, fields),
    deleting: (row) => enqueueDelete(ctx, row),
    confirmRefusal: syncRefusal,
    confirmed(row) {
      if (row.sync_state !== 'synced') return;
      ctx.outbox.insert(row.id, 'confirm', writePayload('confirm', refOf(row)), ctx.clock.now().getTime());
    },
    changed: () => ctx.notify(),
    // A connected station's "processing" shipments are waiting for the remote, not for local labels.
    resume: async () => 0,
  };
}
