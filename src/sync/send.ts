// Sending outbox rows to the remote, one kind at a time, and applying each answer through the engine's sync port: a
// create is looked up by its reference before it is sent again (a shipment reaches the remote exactly once), amends
// and deletes address the remote's id, confirms go in batches. What did not go through goes to the health's rules.
import type { OutboxItem, SyncPort } from '../engine/index';
import type { ShipmentRecord } from '../shared/api/shipmentRecord';
import { MSG } from '../shared/api/messages';
import { remoteStatusMeaning } from '../shared/domain/states';
import type { SyncHealth } from './health';
import type { RemoteClient, RemoteOutcome } from './types';
import { remoteCreateBody } from './remoteRequest';

type ItemOf<K extends OutboxItem['kind']> = Extract<OutboxItem, { kind: K }>;
export type CreateItem = ItemOf<'create'>;
export type ChangeItem = ItemOf<'amend' | 'delete'>;
export type ConfirmItem = ItemOf<'confirm'>;

export interface SendersOptions {
  port: SyncPort;
  remote: RemoteClient;
  health: SyncHealth;
  now(): number;
  /** First wait before asking again about a shipment the remote is still processing (0.5); it doubles. */
  processingDelayMs: number;
}

export interface Senders {
  create(item: CreateItem): Promise<void>;
  amendOrDelete(item: ChangeItem): Promise<void>;
  confirms(items: readonly ConfirmItem[]): Promise<void>;
}

/** The longest wait before asking again about a shipment the remote is still processing. */
const MAX_PROCESSING_DELAY_MS = 60_000;

/**
 * A remote record is whole when the courier refused it (0.6), or when it is a good shipment (0, or a later state from
 * 1.0 up) with its waybill and labels. Still processing (0.5) and the states before labels (-1, 0.2, 0.3) are not: the
 * worker asks again later, and never takes them as a failure.
 */
function isComplete(record: ShipmentRecord): boolean {
  const meaning = remoteStatusMeaning(record.status);
  if (meaning === 'refused') return true;
  if (meaning !== 'created' && meaning !== 'progress') return false;
  return record.num_spedizione !== '' && record.label_zpl.length + record.label_pdf.length > 0;
}

/** After a lost answer, a shipment found by ddt_alpha is ours only if it is the same shipment. */
function sameShipment(payload: CreateItem['payload'], record: ShipmentRecord): boolean {
  return (
    record.client_id === payload.client_id &&
    record.ddt_alpha === payload.ddt_alpha &&
    payload.rcpt_cap !== undefined &&
    String(record.rcpt_cap) === payload.rcpt_cap &&
    record.colli === payload.colli
  );
}

export function createSenders({ port, remote, health, now, processingDelayMs }: SendersOptions): Senders {
  /** Outbox row → how many answers in a row said "still processing" (kept in memory: a restart starts at 1 s). */
  const processing = new Map<number, number>();

  /**
   * A shipment the remote is still processing (0.5): asked again after 1 s, then 2, 4, … up to a minute, so a morning
   * of slow shipments does not spend the GET budget on lookups. Only these answers count, not failed attempts.
   */
  function stillProcessing(item: CreateItem, inARow: number): void {
    processing.set(item.id, inARow + 1);
    const wait = processingDelayMs * 2 ** Math.min(inARow, 6);
    port.retryLater(item.id, now() + Math.min(MAX_PROCESSING_DELAY_MS, wait), MSG.syncProcessing, true);
  }

  /** The remote id of a shipment, from the row or by its reference; undefined when the remote has no such shipment. */
  async function remoteIdOf(item: ChangeItem | ConfirmItem): Promise<RemoteOutcome<number>> {
    const { remote_id: remoteId, ddt_alpha: ddtAlpha, client_id: clientId } = item.payload;
    if (remoteId !== undefined) return { kind: 'ok', status: 200, body: remoteId };
    const found = await remote.getShipmentByDdtAlpha(ddtAlpha, clientId);
    return found.kind === 'ok' ? { kind: 'ok', status: 200, body: found.body.id } : found;
  }

  /** The last attempt's answer was lost: the remote may have the shipment already. Look before sending again. */
  async function adoptLost(item: CreateItem, inARow: number): Promise<'sendAgain' | 'done'> {
    const found = await remote.getShipmentByDdtAlpha(item.payload.ddt_alpha, item.payload.client_id);
    if (found.kind === 'ok') {
      health.answered();
      if (!sameShipment(item.payload, found.body)) port.park(item.id, MSG.syncReferenceTaken(item.payload.ddt_alpha));
      else if (!isComplete(found.body)) stillProcessing(item, inARow);
      else port.applyCreated(item.id, found.body);
      return 'done';
    }
    if (found.kind === 'rejected' && found.status !== 404) port.park(item.id, found.error);
    else if (found.kind !== 'rejected') health.transient(item, found, true);
    else {
      health.answered();
      return 'sendAgain';
    }
    return 'done';
  }

  async function create(item: CreateItem): Promise<void> {
    const inARow = processing.get(item.id) ?? 0;
    processing.delete(item.id);
    if (item.maybeSent && (await adoptLost(item, inARow)) === 'done') return;
    port.markAttempt(item.id, true);
    const created = await remote.createShipment(remoteCreateBody(item.payload));
    if (created.kind === 'ok') {
      health.answered();
      // Taken but not labelled yet (0.5 and the like): looked up by reference later, like an answer that was lost.
      if (!isComplete(created.body)) return stillProcessing(item, inARow);
      // The real aggregator gives the parcels' barcodes (daticolli) only in the lookup by reference: one GET for them.
      if (created.body.daticolli === undefined && created.body.colli > 0) {
        const full = await remote.getShipmentByDdtAlpha(item.payload.ddt_alpha, item.payload.client_id);
        if (full.kind === 'ok' && full.body.id === created.body.id && isComplete(full.body))
          return port.applyCreated(item.id, full.body);
      }
      return port.applyCreated(item.id, created.body);
    }
    if (created.kind === 'rejected') {
      health.answered();
      return port.park(item.id, created.error);
    }
    return health.transient(item, created, item.maybeSent || (created.kind === 'unknown' ? created.sent : false));
  }

  async function amendOrDelete(item: ChangeItem): Promise<void> {
    port.markAttempt(item.id, true);
    const id = await remoteIdOf(item);
    if (id.kind === 'rejected' && id.status === 404) {
      health.answered();
      // Nothing to change or delete any more: the remote no longer has it.
      if (item.kind === 'amend') port.applyRefresh(item.shipmentId, { kind: 'gone' });
      return port.complete(item.id);
    }
    if (id.kind === 'rejected') return port.park(item.id, id.error);
    if (id.kind !== 'ok') return health.transient(item, id, true);
    const outcome =
      item.kind === 'amend'
        ? await remote.amendShipment(id.body, item.payload.fields)
        : await remote.deleteShipment(id.body);
    if (outcome.kind === 'ok' || (outcome.kind === 'rejected' && outcome.status === 404)) {
      health.answered();
      if (outcome.kind === 'rejected' && item.kind === 'amend') port.applyRefresh(item.shipmentId, { kind: 'gone' });
      return port.complete(item.id);
    }
    if (outcome.kind === 'rejected') {
      health.answered();
      return port.park(item.id, outcome.error);
    }
    return health.transient(item, outcome, true);
  }

  async function confirms(items: readonly ConfirmItem[]): Promise<void> {
    const ids = new Map<number, ConfirmItem>();
    for (const item of items) {
      port.markAttempt(item.id, true);
      const id = await remoteIdOf(item);
      if (id.kind === 'ok') ids.set(id.body, item);
      else if (id.kind === 'rejected') {
        health.answered();
        port.applyRefresh(item.shipmentId, { kind: 'gone' });
        port.park(item.id, id.status === 404 ? MSG.confirmDeletedRemotely : id.error);
      } else health.transient(item, id, true);
    }
    if (ids.size === 0) return;
    const outcome = await remote.confirmByIds([...ids.keys()], false);
    if (outcome.kind !== 'ok') {
      for (const item of ids.values()) {
        if (outcome.kind === 'rejected') port.park(item.id, outcome.error);
        else health.transient(item, outcome, true);
      }
      return;
    }
    health.answered();
    const errors = new Map(outcome.body.errors.map((e) => [e.id, e.error]));
    for (const [remoteId, item] of ids) {
      const error = errors.get(remoteId);
      // Already confirmed there (a retry after a lost answer, or confirmed elsewhere) is what we wanted.
      if (error === undefined || error === MSG.confirmAlready) port.complete(item.id);
      else port.park(item.id, error);
    }
  }

  return { create, amendOrDelete, confirms };
}
