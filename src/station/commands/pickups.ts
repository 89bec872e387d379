// The end of day's pickups: today's parcels per courier and pickups (couriers named as every screen names them), a
// courier's pickup asked for (refused with the station's Italian reason when one is already asked for or booked that
// day, or no parcel of that courier was confirmed today), and the times Settings keeps.
import type { BenchPickup } from '../../engine/index';
import { pickupKindOf } from '../../shared/domain/pickups';
import type { PickupView } from '../../shared/ipc/pickupCommands';
import { fail, ok } from '../../shared/ipc/result';
import type { Station } from '../index';
import { stationNaming } from '../settings/courierCatalog';
import type { Handlers } from './context';

function viewOf(station: Station, pickup: BenchPickup): PickupView {
  return {
    id: pickup.id,
    courierId: pickup.courierId,
    courierName: stationNaming(station)(pickup.courierId, 0).courierName,
    day: pickup.day,
    readyTime: pickup.openingTime.slice(0, 5),
    closingTime: pickup.closingTime.slice(0, 5),
    parcels: pickup.parcels,
    weightKg: pickup.weightKg,
    state: pickup.state,
    status: pickup.status,
    kind: pickup.status === null ? null : pickupKindOf(pickup.status),
    numOrm: pickup.numOrm,
    error: pickup.error,
    note: pickup.note,
    lastError: pickup.lastError,
  };
}

export const pickupHandlers: Handlers<'pickups.today' | 'pickups.book' | 'pickups.saveTimes'> = {
  'pickups.today'({ station }) {
    const today = station.pickups.today();
    const naming = stationNaming(station);
    return ok({
      day: today.day,
      times: today.times,
      couriers: today.couriers.map((c) => ({
        courierId: c.courierId,
        courierName: naming(c.courierId, 0).courierName,
        shipments: c.shipments,
        parcels: c.parcels,
        weightKg: c.weightKg,
      })),
      pickups: today.pickups.map((p) => viewOf(station, p)),
    });
  },
  async 'pickups.book'({ station }, { courierId, ready, closing }) {
    const asked = await station.pickups.book(courierId, { ready, closing });
    if (asked.ok) return ok(viewOf(station, asked.pickup));
    if (asked.code === 'pickup_no_parcels')
      return fail('refused', 'Nessuna spedizione confermata oggi per questo corriere: niente da ritirare');
    const { existing } = asked;
    return fail(
      'refused',
      existing.state === 'booked'
        ? `Ritiro già prenotato oggi per questo corriere: ${existing.numOrm || 'numero non ancora assegnato'}`
        : 'Ritiro già richiesto oggi per questo corriere, in attesa di invio',
    );
  },
  'pickups.saveTimes'({ station }, times) {
    station.pickups.saveTimes(times);
    return ok(times);
  },
};
