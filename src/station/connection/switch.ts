// The running station behind a host, replaceable while commands run: commands wait while it is being replaced, the
// replacement starts once no command is in flight, with the bench's settings carried over, and if it cannot start the
// previous station is started again. Only when neither starts does every command say so until a restart.
import type { StationEvent } from '../../shared/ipc/events';
import { fail, type Result } from '../../shared/ipc/result';
import { createStation, type Station, type StationOptions } from '../index';
import { databaseFileFor } from './connection';
import { setOrdersAside } from '../orders/moving';
import { benchSetupOf, type BenchSetup } from './movingSetup';
import { BENCH_SETTING_KEYS } from '../settings/keys';

export interface StationSwitch {
  readonly station: Station;
  /** The options the current station was started with. */
  readonly options: StationOptions;
  /** Runs a command against the current station; waits while it is being replaced. */
  run<T>(work: (station: Station) => Promise<T> | T): Promise<T>;
  /** Replaces the station with one on `next`; a failure as the settings screen says it (undefined: done). */
  restartOn(next: StationOptions, what: string, after: string): Promise<Result<never> | undefined>;
  /** Waits for the commands in flight, then closes the station; commands after this are refused. */
  close(): Promise<void>;
}

/** Starts a station on `initial` and forwards its events (and its replacements' events) to `emit`. */
export async function startStationSwitch(
  initial: StationOptions,
  emit: (event: StationEvent) => void,
): Promise<StationSwitch> {
  let unsubscribe: () => void = () => undefined;
  const started = (station: Station): Station => {
    unsubscribe = station.onEvent(emit);
    return station;
  };
  let station = started(await createStation(initial));
  let current = initial;
  let switching: Promise<unknown> | undefined;
  let inFlight = 0;
  let idle: (() => void) | undefined;
  /** Set when neither the new station nor the previous one could start. */
  let broken: string | undefined;
  let closed = false;

  const waitIdle = () =>
    inFlight === 0
      ? Promise.resolve()
      : new Promise<void>((done) => {
          idle = done;
        });

  /** Closes the current station and starts `next`; if `next` cannot start, the previous one is started again. */
  const switchTo = async (next: StationOptions): Promise<void> => {
    await waitIdle();
    const bench: Record<string, string> = {};
    for (const key of BENCH_SETTING_KEYS) {
      const value = station.engine.settings.get(key);
      if (value !== undefined) bench[key] = value;
    }
    // The waiting orders go with the bench to another connection's database (orders/moving.ts): set aside now, taken
    // in by the station that starts. A restart on the same database (a new mail server) leaves them where they are.
    const otherDatabase =
      databaseFileFor(current.dataDir, current.remoteUrl) !== databaseFileFor(next.dataDir, next.remoteUrl);
    try {
      if (otherDatabase) setOrdersAside(station.engine, station.caller, current.dataDir);
    } catch (error) {
      station.log.warn(`setting the waiting orders aside failed: ${String(error)}`);
    }
    // The sender profiles and products stay in the old database too: carried in memory, nothing is lost by a stop.
    let setup: BenchSetup | undefined;
    try {
      if (otherDatabase) setup = benchSetupOf(station.engine, station.caller);
    } catch (error) {
      station.log.warn(`reading the bench's set-up failed: ${String(error)}`);
    }
    unsubscribe();
    try {
      await station.close();
    } catch (error) {
      station.log.warn(`closing the station before a connection change failed: ${String(error)}`);
    }
    try {
      station = started(
        await createStation({ ...next, benchSettings: bench, ...(setup ? { benchSetup: setup } : {}) }),
      );
      current = next;
    } catch (error) {
      try {
        station = started(await createStation(current));
      } catch (again) {
        broken =
          `La postazione non riparte (${(error as Error).message}; ${(again as Error).message}): riavvia ` +
          `il programma.`;
        throw new Error(broken, { cause: again });
      }
      throw error;
    }
  };

  return {
    get station() {
      return station;
    },
    get options() {
      return current;
    },
    async run(work) {
      while (switching) await switching.catch(() => undefined);
      if (broken) throw new Error(broken);
      if (closed) throw new Error('station closed');
      inFlight += 1;
      try {
        return await work(station);
      } finally {
        inFlight -= 1;
        if (inFlight === 0 && idle) {
          const done = idle;
          idle = undefined;
          done();
        }
      }
    },
    async restartOn(next, what, after) {
      const replacing = switchTo(next);
      switching = replacing;
      try {
        await replacing;
        return undefined;
      } catch (error) {
        if (broken) return fail('internal', broken);
        return fail('internal', `La postazione non è ripartita ${what} (${(error as Error).message})${after}.`);
      } finally {
        switching = undefined;
      }
    },
    async close() {
      closed = true;
      await waitIdle();
      unsubscribe();
      if (!broken) await station.close();
    },
  };
}
