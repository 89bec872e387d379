// This bench's shop orders that another bench of the shared queue shipped: the shop told of the hub's shipment once
// (one with no waybill read again on a parcel's schedule, not at every pass), then of its parcel's states, followed
// for the shop alone through the hub's tracking on the schedule of the bench's own parcels (tracking/port.ts
// nextAskAfter), each new state once (shops/events.ts), none after the fulfilment was withdrawn. The bench that
// shipped one follows it for its own screens and its recipient's e-mails.
import type { ShipmentRecord } from '../../shared/api/shipmentRecord';
import { isGoodRemoteStatus } from '../../shared/domain/states';
import { FINAL_KINDS, type TrackingState } from '../../shared/domain/tracking';
import type { Caller } from '../auth/users';
import type { EngineContext } from '../context';
import { queueHubShopEvent } from '../shops/events';
import { queueHubFulfilment, type FulfilmentBody } from '../shops/fulfilments';
import { nextAskAfter } from '../tracking/port';

export interface OrderKey {
  clientId: number;
  orderRef: string;
}

/** A hub shipment's parcel due to be asked about: the fulfilment the shop got, the hub's id and the waybill. */
export interface HubParcelDue {
  fulfilmentId: number;
  hubShipmentId: number;
  waybill: string;
}

/** What the hub said of one (heard now, at the engine's clock). */
export interface HubParcelAnswered {
  fulfilmentId: number;
  state: TrackingState;
}

/** The shared queue port's part for this bench's shop orders another bench shipped. */
export interface HubParcelsPort {
  /**
   * This bench's shop orders another bench (not `bench`) shipped whose shop is still to be told, oldest first; one read
   * lately with no waybill at the hub waits for its turn (shippedElsewhere).
   */
  owedToShops(caller: Caller, bench: string, limit: number): OrderKey[];
  /**
   * The hub's shipment `record` (made at another bench) fulfils this bench's shop order `orderRef`: its fulfilment
   * queued as for a shipment made here, once per shop order. False when nothing was owed, or no waybill yet: then the
   * order is read again on the schedule of a parcel that keeps its state (an hour, then up to four).
   */
  shippedElsewhere(caller: Caller, orderRef: string, record: ShipmentRecord): boolean;
  /** The caller's hub parcels due now (the engine's clock), at most `limit`. */
  hubParcelsDue(caller: Caller, limit: number): HubParcelDue[];
  /** The hub's answers, kept in one commit: each new state told to the shop once. The fulfilments that changed. */
  hubParcelsSeen(caller: Caller, answers: readonly HubParcelAnswered[]): number[];
  /** Asking failed (the hub away, its limit): asked again `waitMs` from now, the reason kept. */
  hubParcelFailed(caller: Caller, fulfilmentId: number, reason: string, waitMs: number): void;
}

type HubContext = Pick<
  EngineContext,
  'db' | 'hubShipments' | 'shops' | 'parcelNotices' | 'clock' | 'queued' | 'auth' | 'orders' | 'couriers'
>;

export function hubParcelsPort(ctx: HubContext): HubParcelsPort {
  const repo = ctx.hubShipments;
  const mine = (caller: Caller, id: number) => {
    const fulfil = ctx.shops.byId(id);
    return fulfil && fulfil.user_id === caller.userId && fulfil.hub_shipment_id !== null ? fulfil : undefined;
  };
  const seenAll = ctx.db.transaction((caller: Caller, answers: readonly HubParcelAnswered[]) => {
    const changed: number[] = [];
    const atMs = ctx.clock.now().getTime();
    for (const { fulfilmentId, state } of answers) {
      const fulfil = mine(caller, fulfilmentId);
      const last = repo.row(fulfilmentId);
      if (!fulfil || !last) continue;
      const isNew = last.code !== state.code || last.words !== state.words;
      if (isNew) {
        repo.kept(fulfilmentId, state, atMs);
        queueHubShopEvent(ctx, fulfil, state);
        changed.push(fulfilmentId);
      }
      const quietMs = isNew || last.seen_at === null ? 0 : atMs - last.seen_at;
      repo.asked(fulfilmentId, atMs + nextAskAfter(quietMs), atMs, FINAL_KINDS.has(state.kind));
    }
    return changed;
  });
  return {
    owedToShops: (caller, bench, limit) =>
      ctx.hubShipments
        .owedElsewhere(caller.userId, bench, ctx.clock.now().getTime(), limit)
        .map((row) => ({ clientId: row.client_id, orderRef: row.order_ref })),
    shippedElsewhere(caller, orderRef, record) {
      if (!ctx.auth.owns(caller, record.client_id)) return false;
      const order = { userId: caller.userId, clientId: record.client_id, orderRef };
      const good = isGoodRemoteStatus(record.status);
      const queued = ctx.db
        .transaction(() => {
          if (good && queueHubFulfilment(ctx, order, record.id, record)) return true;
          // No waybill (refused by the courier, or not made yet): read again later, not at every pass.
          const kept = ctx.orders.byRef(caller.userId, record.client_id, orderRef);
          const waybill = good && record.num_spedizione !== '' && record.num_spedizione !== '0';
          if (kept && !waybill) ctx.hubShipments.rereadLater(kept.id, ctx.clock.now().getTime(), nextAskAfter);
          return false;
        })
        .immediate();
      if (queued) ctx.queued(['shop']);
      return queued;
    },
    hubParcelsDue: (caller, limit) =>
      repo.due(caller.userId, ctx.clock.now().getTime(), limit).map((row) => ({
        fulfilmentId: row.fulfilment_id,
        hubShipmentId: row.hub_shipment_id,
        waybill: (JSON.parse(row.body) as FulfilmentBody).number,
      })),
    hubParcelsSeen(caller, answers) {
      const changed = seenAll.immediate(caller, answers);
      if (changed.length > 0) ctx.queued(['shop']);
      return changed;
    },
    hubParcelFailed(caller, fulfilmentId, reason, waitMs) {
      const retryAtMs = ctx.clock.now().getTime() + waitMs;
      if (mine(caller, fulfilmentId)) repo.asked(fulfilmentId, retryAtMs, null, false, reason);
    },
  };
}
