// A connected bench on a shared order queue, as the station's queue worker sees it: its own orders still to post to
// the hub, the claims it keeps before asking (one open claim per order), the hub's word on who claimed an order, and
// the shipment a claim made at the hub stored here as already there (synced, with its labels: the outbox never
// sends it again), linked to its order, in one transaction.
import type { ShipmentRecord } from '../../shared/api/shipmentRecord';
import { QUEUE_SOURCE, type OrderLine } from '../../shared/domain/orders';
import { isGoodRemoteStatus } from '../../shared/domain/states';
import type { Caller } from '../auth/users';
import type { OutboxContext } from '../outbox/context';
import { rememberNames } from '../outbox/remoteNames';
import { storeLabels } from '../shipments/labelCodec';
import { storedFieldsOf } from '../shipments/record';
import { formatDateTime } from '../ports';
import { owedOnWaybill, type OwedKind } from '../owed/index';
import { queueHubCancel } from '../shops/fulfilments';
import { hubParcelsPort, type HubParcelsPort, type OrderKey } from './hubParcels';
import { createSharedQueueRepo, type ClaimRow } from './repo';

export { QUEUE_SOURCE };
export type { OrderKey };

export interface UnpostedOrder {
  orderId: number;
  clientId: number;
  orderRef: string;
  values: Record<string, string>;
  lines: OrderLine[];
}

export type Claim = Pick<ClaimRow, 'id' | 'packages' | 'weight' | 'state'> & {
  clientId: number;
  orderRef: string;
  shipmentId?: number;
};

export interface SharedQueuePort extends HubParcelsPort {
  /** This bench's own orders (files, shops) the hub has not been given yet, oldest first. */
  unposted(caller: Caller, limit: number): UnpostedOrder[];
  posted(caller: Caller, orderId: number, remoteId?: number): void;
  isPosted(caller: Caller, orderId: number): boolean;
  /** The hub says `bench` claimed the order: it ships there (shown so at this bench). True when that was news. */
  claimedAt(caller: Caller, clientId: number, orderRef: string, bench: string): boolean;
  /** claimedAt for many orders, in one transaction (a pass of the queue learns of many at once). How many were news. */
  claimedAtAll(caller: Caller, claimed: readonly { clientId: number; orderRef: string; bench: string }[]): number;
  /**
   * Keeps a claim before it is asked for; the order's open claim when there is one already (it is resolved by reading
   * the order back, never asked again).
   */
  beginClaim(
    caller: Caller,
    claim: { clientId: number; orderRef: string; packages: number; weight: number },
  ): { claim: Claim; fresh: boolean };
  pending(caller: Caller): Claim[];
  /** Nothing was made for it at the hub (refused, or read back unclaimed): the order may be claimed again. */
  drop(caller: Caller, claimId: number): void;
  /**
   * The shipment the hub made for the order, stored here as the hub's (or found, when stored already); the claim (if
   * any) closed with it and the order shown as `bench`'s. Answers the local shipment's id.
   */
  adopt(caller: Caller, made: { claimId?: number; record: ShipmentRecord; orderRef: string; bench: string }): number;
  /**
   * Orders the hub lists as waiting again (their hub shipment deleted) that this bench keeps as another bench's: they
   * wait here again, and a shop told of that bench's shipment withdraws it. Answers those that wait again.
   */
  backInQueue(caller: Caller, orders: readonly OrderKey[]): OrderKey[];
  /**
   * The bench left the queue: the hub's orders kept here that still wait are dropped, all or none (a failure drops
   * none); those another bench claimed or this one shipped stay. Answers how many were dropped.
   */
  dropWaiting(caller: Caller): number;
}

const claimView = (row: ClaimRow): Claim => ({
  id: row.id,
  clientId: row.client_id,
  orderRef: row.order_ref,
  packages: row.packages,
  weight: row.weight,
  state: row.state,
  ...(row.shipment_id !== null ? { shipmentId: row.shipment_id } : {}),
});

/** The request part of a remote record: what a shipment made here keeps as its data. */
function dataOf(record: ShipmentRecord): Record<string, unknown> {
  const {
    id: _id,
    status: _status,
    error: _error,
    confermato: _confirmed,
    num_spedizione: _number,
    barcode: _barcode,
    tracking_link: _link,
    label_jpg: _jpg,
    label_pdf: _pdf,
    label_zpl: _zpl,
    date_upd: _updated,
    user_id: _user,
    ...request
  } = record;
  return storedFieldsOf(request);
}

export function sharedQueuePort(ctx: OutboxContext): SharedQueuePort {
  const repo = createSharedQueueRepo(ctx.db);
  /** Inside the transaction: the local shipment that is the hub's `record`, stored now when it is not yet. */
  const storeRecord = (caller: Caller, record: ShipmentRecord): { id: number; fresh: boolean } => {
    const found = ctx.shipments
      .byDdtAlpha(caller.userId, record.ddt_alpha, record.client_id)
      .find((row) => row.remote_id === record.id);
    if (found) return { id: found.id, fresh: false };
    const now = formatDateTime(ctx.clock.now());
    const good = isGoodRemoteStatus(record.status);
    const labels = { zpl: record.label_zpl, pdf: record.label_pdf, jpg: record.label_jpg };
    const id = ctx.shipments.insert({
      user_id: caller.userId,
      client_id: record.client_id,
      ddt_num: record.ddt_num,
      ddt_alpha: record.ddt_alpha,
      corriere: record.corriere,
      servizio: record.servizio,
      colli: record.colli,
      peso: record.peso,
      volume: record.volume,
      state: good ? 'ok' : 'failed',
      error: record.error,
      num_spedizione: record.num_spedizione,
      barcode: record.barcode,
      tracking_link: record.tracking_link,
      label_formats: (['ZPL', 'PDF', 'JPG'] as const)
        .filter((f) => labels[f.toLowerCase() as 'zpl' | 'pdf' | 'jpg'].length > 0)
        .join(','),
      data: JSON.stringify(dataOf(record)),
      created_at: now,
      date_upd: now,
      sync_state: 'pending',
    });
    const parcels = record.daticolli ?? [];
    for (let n = 1; n <= record.colli; n += 1) {
      const given = parcels.find((p) => p.n_collo === n);
      ctx.shipments.insertParcel(id, {
        n_collo: n,
        peso: given?.peso ?? Math.round((record.peso / record.colli) * 1000) / 1000,
        volume: given?.volume ?? 0,
        larghezza: given?.larghezza ?? 0,
        lunghezza: given?.lunghezza ?? 0,
        altezza: given?.altezza ?? 0,
        barcode: given?.barcode ?? '',
      });
    }
    storeLabels(ctx.shipments, id, labels);
    // Synced from the first commit: it is the hub's shipment, so the outbox has nothing to send for it.
    ctx.remoteState.applyRemote({
      id,
      remote_id: record.id,
      corriere: record.corriere,
      servizio: record.servizio,
      state: good ? 'ok' : 'failed',
      error: record.error,
      num_spedizione: record.num_spedizione,
      barcode: record.barcode,
      tracking_link: record.tracking_link,
      data: JSON.stringify(dataOf(record)),
      date_upd: now,
      refreshed_at: ctx.clock.now().getTime(),
    });
    rememberNames(ctx.settings, record);
    return { id, fresh: true };
  };
  return {
    unposted: (caller, limit) =>
      repo.unposted(caller.userId, QUEUE_SOURCE, limit).map((row) => ({
        orderId: row.id,
        clientId: row.client_id,
        orderRef: row.order_ref,
        values: JSON.parse(row.data) as Record<string, string>,
        lines: JSON.parse(row.lines) as OrderLine[],
      })),
    posted: (caller, orderId, remoteId) =>
      void repo.posted(caller.userId, orderId, remoteId ?? null, ctx.clock.now().getTime()),
    isPosted: (caller, orderId) => repo.isPosted(caller.userId, orderId),
    claimedAt: (caller, clientId, orderRef, bench) => repo.claimedBy(caller.userId, clientId, orderRef, bench),
    claimedAtAll: (caller, claimed) =>
      ctx.db
        .transaction(() => claimed.filter((c) => repo.claimedBy(caller.userId, c.clientId, c.orderRef, c.bench)).length)
        .immediate(),
    beginClaim(caller, { clientId, orderRef, packages, weight }) {
      return ctx.db
        .transaction(() => {
          const open = repo.openClaim(caller.userId, clientId, orderRef);
          if (open) return { claim: claimView(open), fresh: false };
          const id = repo.insertClaim(caller.userId, clientId, orderRef, packages, weight, ctx.clock.now().getTime());
          return { claim: claimView(repo.claim(caller.userId, id)!), fresh: true };
        })
        .immediate();
    },
    pending: (caller) => repo.pending(caller.userId).map(claimView),
    drop: (caller, claimId) => void repo.settle(caller.userId, claimId, 'dropped', null),
    adopt(caller, { claimId, record, orderRef, bench }) {
      let owed: OwedKind[] = [];
      const stored = ctx.db
        .transaction(() => {
          const made = storeRecord(caller, record);
          const order = ctx.orders.byRef(caller.userId, record.client_id, orderRef);
          if (order && order.shipment_id !== made.id) {
            // Linked as any order shipped here (its slip, its shipment); the hub's word on it is written after.
            repo.claimedBy(caller.userId, record.client_id, orderRef, '');
            ctx.orders.link(caller.userId, order.id, made.id);
            // Its waybill owes what any waybill made here owes (this bench's shop order's fulfilment), once linked.
            const row = isGoodRemoteStatus(record.status) ? ctx.shipments.byIdUnscoped(made.id) : undefined;
            if (row) owed = owedOnWaybill(ctx, row);
          }
          repo.claimedBy(caller.userId, record.client_id, orderRef, bench);
          if (claimId !== undefined) repo.settle(caller.userId, claimId, 'done', made.id);
          return made;
        })
        .immediate();
      // Heard as any label made: auto-print prints it (once: a label is queued once per printer).
      if (stored.fresh) ctx.settled(stored.id, isGoodRemoteStatus(record.status) ? 'labels' : 'refused');
      ctx.queued(owed);
      return stored.id;
    },
    ...hubParcelsPort(ctx),
    backInQueue(caller, orders) {
      let withdrawn = false;
      const again = ctx.db
        .transaction(() =>
          orders.filter(({ clientId, orderRef }) => {
            const order = ctx.orders.byRef(caller.userId, clientId, orderRef);
            if (!order || order.claimed_by === '' || order.shipment_id !== null) return false;
            repo.claimedBy(caller.userId, clientId, orderRef, '');
            withdrawn = queueHubCancel(ctx, { userId: caller.userId, clientId, orderRef }) || withdrawn;
            return true;
          }),
        )
        .immediate();
      if (withdrawn) ctx.queued(['shop']);
      return again;
    },
    dropWaiting: (caller) => repo.dropWaiting(caller.userId, QUEUE_SOURCE),
  };
}
