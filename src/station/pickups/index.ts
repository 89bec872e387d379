// The bench's pickups at the end of the day: today's confirmed parcels per courier, the pickups asked for today, the
// ready and closing times Settings keeps, and asking for a courier's pickup (one per courier and day; tried at once so
// the operator sees the courier's answer, then sent or followed by the worker). Who books is the mode's
// (courier.ts): nobody on a connected bench whose sync could not start, where the pickup waits.
import type { BenchPickup, Caller, DayParcels, Engine } from '../../engine/index';
import { realClock, type Clock } from '../../shared/clock';
import { PICKUP_TIME_DEFAULTS } from '../../shared/domain/pickups';
import type { Log } from '../../shared/log';
import type { StationEvent } from '../../shared/ipc/events';
import type { Services } from '../services';
import type { RemoteClient } from '../../sync/types';
import { ownEngineCourier, remoteCourier, type PickupCourier } from './courier';
import { PICKUP_FIRST_TRY_MS, startPickupWorker, tryPickup } from './worker';

export const PICKUP_SETTING_KEYS = { ready: 'pickup.ready', closing: 'pickup.closing' } as const;

export interface PickupTimes {
  ready: string;
  closing: string;
}

export interface PickupDay {
  day: string;
  times: PickupTimes;
  couriers: DayParcels[];
  /** Today's pickups, the latest first (a refused one beside its retry). */
  pickups: BenchPickup[];
}

export type PickupAsked =
  | { ok: true; pickup: BenchPickup }
  | { ok: false; code: 'pickup_no_parcels' }
  | { ok: false; code: 'pickup_already'; existing: BenchPickup };

export interface StationPickups {
  today(): PickupDay;
  /** Asks for a courier's pickup of today's confirmed parcels between `times`, and tries it at once. */
  book(courierId: number, times: PickupTimes): Promise<PickupAsked>;
  saveTimes(times: PickupTimes): void;
  stop(): Promise<void>;
}

const pad = (n: number) => String(n).padStart(2, '0');
const dayOf = (ms: number) => {
  const d = new Date(ms);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
};

export function startPickups(options: {
  engine: Engine;
  caller: Caller;
  courier: PickupCourier | undefined;
  clock?: Clock | undefined;
  log: Log;
  onChange(): void;
}): StationPickups {
  const { engine, caller, courier, log } = options;
  const port = engine.pickups.bench;
  const clock = options.clock ?? realClock;
  const now = () => clock.now();
  const worker = courier && startPickupWorker({ port, courier, clock, log, onChange: options.onChange });
  const times = (): PickupTimes => ({
    ready: engine.settings.get(PICKUP_SETTING_KEYS.ready) ?? PICKUP_TIME_DEFAULTS.ready,
    closing: engine.settings.get(PICKUP_SETTING_KEYS.closing) ?? PICKUP_TIME_DEFAULTS.closing,
  });
  return {
    today() {
      const day = dayOf(now());
      return { day, times: times(), couriers: port.parcelsOn(caller, day), pickups: port.ofDay(caller, day) };
    },
    async book(courierId, asked) {
      const day = dayOf(now());
      const parcels = port.parcelsOn(caller, day).find((c) => c.courierId === courierId);
      if (!parcels) return { ok: false, code: 'pickup_no_parcels' };
      const { clientId, serviceId, weightKg } = parcels;
      const kept = port.ask(
        caller,
        {
          clientId,
          courierId,
          serviceId,
          parcels: parcels.parcels,
          weightKg,
          day,
          openingTime: `${asked.ready}:00`,
          closingTime: `${asked.closing}:00`,
        },
        now(),
        now() + PICKUP_FIRST_TRY_MS,
      );
      if (!kept.ok) return { ok: false, code: 'pickup_already', existing: kept.existing };
      if (courier)
        await tryPickup(port, courier, kept.pickup, now).catch((error: unknown) => {
          log.warn(`ritiri: ritiro ${kept.pickup.id} non inviato (${String(error)}); riprovo`);
        });
      worker?.kick();
      return { ok: true, pickup: port.byId(caller, kept.pickup.id) ?? kept.pickup };
    },
    saveTimes(saved) {
      engine.settings.set(PICKUP_SETTING_KEYS.ready, saved.ready);
      engine.settings.set(PICKUP_SETTING_KEYS.closing, saved.closing);
    },
    stop: () => worker?.stop() ?? Promise.resolve(),
  };
}

/** The station's pickups for its mode: booked by its own engine, by the remote, or (no remote yet) kept waiting. */
export function startBenchPickups(
  parts: { engine: Engine; caller: Caller; log: Log; clock: Clock | undefined; services: Services },
  remote: RemoteClient | undefined,
  emit: (event: StationEvent) => void,
): StationPickups {
  const { engine, caller, log, clock } = parts;
  const pickups = startPickups({
    engine,
    caller,
    log,
    ...(clock ? { clock } : {}),
    courier: remote ? remoteCourier(remote) : engine.sync ? undefined : ownEngineCourier(engine, caller),
    onChange: () => emit({ name: 'pickups.changed', payload: {} }),
  });
  parts.services.add('pickups', () => pickups.stop());
  return pickups;
}
