// Who books the bench's pickups: its own engine when standalone (the demo couriers, as the service answers them), the
// remote's POST and GET pickup when connected (through the sync layer's client: its deadline, size cap and request
// budget). Either answers the same way (sync/remotePickup.ts), so the worker has one set of rules.
import type { BenchPickup, Caller, Engine } from '../../engine/index';
import { PICKUP_MSG } from '../../shared/api/pickups';
import type { RemoteClient, RemotePickup } from '../../sync/types';

export interface PickupCourier {
  book(pickup: BenchPickup): Promise<RemotePickup>;
  read(remoteId: number): Promise<RemotePickup>;
}

/** The request as the aggregator documents it, strict in what it sends: numbers as numbers, `HH:MM:SS` times. */
export function pickupBody(pickup: BenchPickup): Record<string, unknown> {
  return {
    client_id: pickup.clientId,
    corriere: pickup.courierId,
    servizio: pickup.serviceId,
    colli: pickup.parcels,
    peso: pickup.weightKg,
    date_req_ritiro: pickup.day,
    opening_time: pickup.openingTime,
    closing_time: pickup.closingTime,
  };
}

export function ownEngineCourier(engine: Engine, caller: Caller): PickupCourier {
  return {
    book(pickup) {
      const outcome = engine.pickups.book(caller, pickupBody(pickup));
      if (outcome.kind === 'invalid') return Promise.resolve({ kind: 'refused', status: 400, error: outcome.error });
      const { id, status, num_orm: numOrm, error, note } = outcome.answer;
      return Promise.resolve({ kind: 'answer', answer: { remoteId: id ?? null, status, numOrm, error, note } });
    },
    read(remoteId) {
      const answer = engine.pickups.read(caller, remoteId);
      if (!answer) return Promise.resolve({ kind: 'refused', status: 404, error: PICKUP_MSG.notFound });
      const { status, num_orm: numOrm, error, note } = answer;
      return Promise.resolve({ kind: 'answer', answer: { remoteId, status, numOrm, error, note } });
    },
  };
}

export function remoteCourier(remote: RemoteClient): PickupCourier {
  return { book: (pickup) => remote.bookPickup(pickupBody(pickup)), read: (remoteId) => remote.pickup(remoteId) };
}
