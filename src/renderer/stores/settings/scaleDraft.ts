// The bench scale's draft (Settings): its serial port, speed, protocol and capacity (the plate's "Max", blank: the
// usual bench scale's). Normalised and checked here with the shared scale schema; a blank port saves "no scale".
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { FieldIssues } from '../../../shared/api/fieldIssues';
import { DEFAULT_SCALE_BAUD, type ScaleConfig, type ScaleProtocol } from '../../../shared/domain/scale';
import type { CommandOutput } from '../../../shared/ipc/commands';
import type { Result } from '../../../shared/ipc/result';
import { parseInput, draftEditing, type DraftEditing, type StationCalls } from './draft';

export interface ScaleValues {
  path: string;
  baudRate: number;
  protocol: ScaleProtocol;
  /** As typed: a decimal comma is fine; blank or not a positive number: the default capacity. */
  capacity: string;
}
type Saved = Result<CommandOutput<'scale.save'>>;

export interface ScaleDraftState extends DraftEditing<ScaleValues> {
  /** Saves the draft (a blank port: no scale). */
  save(): Promise<Saved>;
  /** The bench has no scale. */
  remove(): Promise<Saved>;
}

export type ScaleDraft = StoreApi<ScaleDraftState>;

export const scaleValues = (saved: ScaleConfig | null): ScaleValues => ({
  path: saved?.path ?? '',
  baudRate: saved?.baudRate ?? DEFAULT_SCALE_BAUD,
  protocol: saved?.protocol ?? 'mt-sics',
  capacity: saved?.capacityKg === undefined ? '' : String(saved.capacityKg),
});

/** The draft as the settings the station keeps: the port trimmed, a usable capacity in kg; null without a port. */
export function scaleConfig(values: ScaleValues): ScaleConfig | null {
  const path = values.path.trim();
  if (!path) return null;
  const config: ScaleConfig = { path, baudRate: values.baudRate, protocol: values.protocol };
  const typed = values.capacity.trim();
  const kg = Number(typed.replace(',', '.'));
  return typed !== '' && Number.isFinite(kg) && kg > 0 ? { ...config, capacityKg: kg } : config;
}

/** A schema path (`config.capacityKg`) as the draft's field (`capacity`). */
const fieldOf = (path: string): string => {
  const field = path.replace(/^config\./, '');
  return field === 'capacityKg' ? 'capacity' : field;
};

export function createScaleDraft(
  api: StationCalls,
  saved: ScaleConfig | null,
  options: { afterSave?: () => Promise<void> } = {},
): ScaleDraft {
  const start = scaleValues(saved);
  return createStore<ScaleDraftState>()((set, get) => {
    const send = async (config: ScaleConfig | null): Promise<Saved> => {
      const checked = parseInput('scale.save', { config });
      if (!checked.ok) {
        const fields: FieldIssues = {};
        for (const [path, issue] of Object.entries(checked.error.fields ?? {})) fields[fieldOf(path)] = issue;
        set({ errors: fields });
        return checked;
      }
      const result = await api.call('scale.save', checked.value);
      set({ errors: result.ok ? {} : (result.error.fields ?? {}) });
      if (result.ok) await options.afterSave?.();
      return result;
    };
    return {
      ...draftEditing(start, set, get),
      save: () => send(scaleConfig(get().values)),
      remove: () => send(null),
    };
  });
}
