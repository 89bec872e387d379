// The bench scale as the screens see it: its settings, the ports the computer has, and the live reading
// pushed by the station. A parcel gets only a fresh, stable weight within the scale's range, and never the weight the
// previous parcel was given until the pan has changed (emptied, or a clearly different weight); the station keeps
// that weight too, so a parcel left on the pan through a restart is still not the next one's.
import { createStore, type StoreApi } from 'zustand/vanilla';
import {
  DEFAULT_CAPACITY_KG,
  panChanged,
  usableWeight,
  type ScaleConfig,
  type ScaleReading,
  type UnusableWeight,
} from '../../shared/domain/scale';
import type { CommandError } from '../../shared/ipc/result';
import type { StationApi } from '../stationApi';

/** A weight for the next parcel, with the reading it came from (kept with the shipment), or why there is none. */
export type NextWeight =
  { ok: true; kg: number; reading: ScaleReading } | { ok: false; why: UnusableWeight | 'samePan'; kg?: number };

export interface ScaleState {
  config: ScaleConfig | null;
  reading: ScaleReading | null;
  ports: readonly string[];
  error: CommandError | undefined;
  /** The weight last given to a parcel while the pan has not changed since: the next parcel waits for a change. */
  heldKg: number | undefined;
  init(): Promise<void>;
  save(config: ScaleConfig | null): Promise<boolean>;
  /** The most the scale weighs (its setting, or DEFAULT_CAPACITY_KG). */
  capacityKg(): number;
  /** What the pan gives the next parcel now (`now` is the screen's clock, epoch ms). */
  next(now?: number): NextWeight;
  /** The weight was given to a parcel: the next parcel waits for the pan to change. */
  taken(kg: number): void;
  apply(event: { name: string; payload: unknown }): void;
}

export type ScaleStore = StoreApi<ScaleState>;

export function createScaleStore(api: StationApi): ScaleStore {
  return createStore<ScaleState>()((set, get) => ({
    config: null,
    reading: null,
    ports: [],
    error: undefined,
    heldKg: undefined,
    async init() {
      const answer = await api.call('scale.get', {});
      if (!answer.ok) return;
      const { config, reading, ports, heldKg } = answer.value;
      set({ config, reading, ports, heldKg: heldKg ?? undefined });
    },
    async save(config) {
      const answer = await api.call('scale.save', { config });
      if (!answer.ok) {
        set({ error: answer.error });
        return false;
      }
      set({ config: answer.value.config, reading: answer.value.reading, error: undefined });
      return true;
    },
    capacityKg: () => get().config?.capacityKg ?? DEFAULT_CAPACITY_KG,
    next(now = Date.now()) {
      const { reading, heldKg } = get();
      const usable = usableWeight(reading, get().capacityKg(), now);
      if (!usable.ok) return { ok: false, why: usable.why, kg: reading?.weightKg };
      if (heldKg !== undefined || !reading) return { ok: false, why: 'samePan', kg: usable.kg };
      return { ok: true, kg: usable.kg, reading };
    },
    taken(kg) {
      set({ heldKg: kg });
      // Kept by the station (its settings), which lets it go as this store does, on the readings it sends.
      void api.call('scale.hold', { kg });
    },
    apply(event) {
      if (event.name !== 'scale.changed') return;
      const reading = event.payload as ScaleReading;
      const heldKg = get().heldKg;
      set({ reading, heldKg: heldKg !== undefined && panChanged(heldKg, reading) ? undefined : heldKg });
    },
  }));
}
