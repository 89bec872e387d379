// The end of day's pickups: today's confirmed parcels per courier with each courier's pickup, the ready and closing
// times the form holds (Settings' times to start from), booking one, and the loud refusal of the last try (the
// courier's reason, or the station's). Read when F4 opens, when the station says a pickup or a shipment changed.
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { PickupCourierDay, PickupView } from '../../shared/ipc/pickupCommands';
import type { CommandError } from '../../shared/ipc/result';
import type { AnyStationEvent, StationApi } from '../stationApi';

export interface PickupsState {
  day: string;
  couriers: readonly PickupCourierDay[];
  /** Today's pickups, the latest first. */
  pickups: readonly PickupView[];
  ready: string;
  closing: string;
  /** The courier being booked now. */
  booking: number | undefined;
  /** The station refused the last booking (one already booked, nothing to pick up): its words. */
  error: CommandError | undefined;
  loaded: boolean;
  load(): Promise<void>;
  setTimes(times: { ready?: string; closing?: string }): void;
  book(courierId: number): Promise<PickupView | undefined>;
  apply(event: AnyStationEvent): void;
}

export type PickupsStore = StoreApi<PickupsState>;

/** A courier's pickup that stands (waiting to be sent or booked), else its latest (a refusal to show), if any. */
export function pickupOf(pickups: readonly PickupView[], courierId: number): PickupView | undefined {
  const mine = pickups.filter((p) => p.courierId === courierId);
  return mine.find((p) => p.state !== 'refused') ?? mine[0];
}

export function createPickupsStore(api: Pick<StationApi, 'call'>): PickupsStore {
  let asked = 0;
  let timesTouched = false;
  return createStore<PickupsState>()((set, get) => ({
    day: '',
    couriers: [],
    pickups: [],
    ready: '',
    closing: '',
    booking: undefined,
    error: undefined,
    loaded: false,
    async load() {
      const mine = ++asked;
      const answer = await api.call('pickups.today', {});
      if (mine !== asked || !answer.ok) return;
      const { day, couriers, pickups, times } = answer.value;
      // The operator's own times stay while the form is in use; Settings' fill it at first.
      set({ day, couriers, pickups, loaded: true, ...(timesTouched ? {} : times) });
    },
    setTimes(times) {
      timesTouched = true;
      set({ ...times, error: undefined });
    },
    async book(courierId) {
      const { ready, closing } = get();
      set({ booking: courierId, error: undefined });
      const answer = await api.call('pickups.book', { courierId, ready, closing });
      set({ booking: undefined, ...(answer.ok ? {} : { error: answer.error }) });
      await get().load();
      return answer.ok ? answer.value : undefined;
    },
    apply(event) {
      if (event.name === 'pickups.changed' || event.name === 'station.changed') void get().load();
    },
  }));
}
