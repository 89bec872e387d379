// The bench scale as the screens see it (issue 15): its settings, the ports the computer has, and the live reading
// pushed by the station. Only a stable reading is offered as a weight.
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { ScaleConfig, ScaleReading } from '../../shared/domain/scale';
import type { CommandError } from '../../shared/ipc/result';
import type { StationApi } from '../stationApi';

export interface ScaleState {
  config: ScaleConfig | null;
  reading: ScaleReading | null;
  ports: readonly string[];
  error: CommandError | undefined;
  init(): Promise<void>;
  save(config: ScaleConfig | null): Promise<boolean>;
  /** The reading's weight when it is stable and positive: what the form may take. */
  stableKg(): number | undefined;
  apply(event: { name: string; payload: unknown }): void;
}

export type ScaleStore = StoreApi<ScaleState>;

export function createScaleStore(api: StationApi): ScaleStore {
  return createStore<ScaleState>()((set, get) => ({
    config: null,
    reading: null,
    ports: [],
    error: undefined,
    async init() {
      const answer = await api.call('scale.get', {});
      if (answer.ok) set({ config: answer.value.config, reading: answer.value.reading, ports: answer.value.ports });
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
    stableKg() {
      const reading = get().reading;
      return reading?.state === 'stable' && reading.weightKg !== undefined && reading.weightKg > 0
        ? reading.weightKg
        : undefined;
    },
    apply(event) {
      if (event.name === 'scale.changed') set({ reading: event.payload as ScaleReading });
    },
  }));
}
