// The settings screen's connection draft: standalone, or connected with the remote's address, the API key (typed,
// never shown back), client ids and invoiced clients. The command's own schema checks it here; the station checks the
// key with the remote and restarts. Leaving changes queued for the current remote takes a second, explicit "switch
// anyway": the station's warning stands until the operator edits what it was about.
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { FieldIssues } from '../../../shared/api/fieldIssues';
import type { StationMode } from '../../../shared/domain/stationMode';
import type { CommandOutput } from '../../../shared/ipc/commands';
import type { Result } from '../../../shared/ipc/result';
import type { Settings } from '../../../shared/ipc/views';
import { parseInput, sameDraft, type StationCalls } from './draft';

export interface ConnectionValues {
  mode: StationMode;
  remoteUrl: string;
  apiKey: string;
  clientIds: string;
  /** A line each: "501 Rossi Srl". */
  invoicedClients: string;
}
type Field = keyof ConnectionValues;

/** Fields whose edit withdraws the warning about queued changes (it was about what they said). */
const WARNED_FIELDS: ReadonlySet<Field> = new Set(['mode', 'remoteUrl', 'apiKey', 'clientIds']);

export interface ConnectionDraftState {
  values: ConnectionValues;
  /** The running connection as the form writes it: where the draft starts, and what it is dirty against. */
  baseline: ConnectionValues;
  dirty: boolean;
  errors: FieldIssues;
  /** The station's question before it leaves changes queued for the current remote. */
  pendingWarning: string | undefined;
  busy: boolean;
  set<F extends Field>(field: F, value: ConnectionValues[F]): void;
  /** The running connection changed (here or from another window): the form shows what now runs. */
  follow(settings: Settings): void;
  withdrawWarning(): void;
  reset(): void;
  /** Undefined while a save is under way. `force`: switch although changes still wait for the current remote. */
  save(force?: boolean): Promise<Result<CommandOutput<'settings.connection'>> | undefined>;
}

export type ConnectionDraft = StoreApi<ConnectionDraftState>;

/** The invoiced clients as the form writes them: a line each, "501 Rossi Srl". */
export const invoicedText = (clients: readonly { id: number; name: string }[] | undefined): string =>
  (clients ?? []).map((c) => `${c.id} ${c.name}`).join('\n');

/** The running connection as the form's values; the first-run form connects an account whatever runs now. */
export function connectionValues(settings: Settings | undefined, accountOnly = false): ConnectionValues {
  return {
    mode: accountOnly ? 'connected' : (settings?.mode ?? 'standalone'),
    remoteUrl: settings?.remoteUrl ?? '',
    apiKey: '',
    clientIds: settings?.mode === 'connected' ? settings.clientIds.join(', ') : '',
    invoicedClients: invoicedText(settings?.invoicedClients),
  };
}

/** The last characters of the key the station keeps for this address (so the key may be left blank), if any. */
export function keptKeyHint(settings: Settings, remoteUrl: string): string | undefined {
  if (settings.mode !== 'connected' || !settings.apiKeyHint) return undefined;
  if (remoteUrl.trim().replace(/\/+$/, '') !== settings.remoteUrl) return undefined;
  return settings.apiKeyHint.replace(/^[^A-Za-z0-9]+/, '');
}

export function createConnectionDraft(
  api: StationCalls,
  settings: Settings | undefined,
  options: { accountOnly?: boolean; afterSave?: () => Promise<void> } = {},
): ConnectionDraft {
  const accountOnly = options.accountOnly ?? false;
  const start = connectionValues(settings, accountOnly);
  return createStore<ConnectionDraftState>()((set, get) => {
    const withValues = (values: ConnectionValues, baseline = get().baseline) => ({
      values,
      baseline,
      dirty: !sameDraft(values, baseline),
    });
    return {
      values: start,
      baseline: start,
      dirty: false,
      errors: {},
      pendingWarning: undefined,
      busy: false,

      set(field, value) {
        const values = get().values;
        if (values[field] === value) return;
        set({
          ...withValues({ ...values, [field]: value }),
          ...(WARNED_FIELDS.has(field) ? { pendingWarning: undefined } : {}),
        });
      },

      follow(running) {
        if (accountOnly) return;
        const next = connectionValues(running);
        const baseline = get().baseline;
        // Only a change of the connection itself: settings read again for another reason leave the typing alone.
        if (sameDraft({ ...next, apiKey: '' }, { ...baseline, apiKey: '' })) return;
        const values = { ...next, apiKey: get().values.apiKey };
        const warned = (['mode', 'remoteUrl', 'clientIds'] as const).some((f) => values[f] !== get().values[f]);
        set({ ...withValues(values, next), ...(warned ? { pendingWarning: undefined } : {}) });
      },

      withdrawWarning: () => set({ pendingWarning: undefined }),

      reset: () => set({ ...withValues(get().baseline), errors: {}, pendingWarning: undefined }),

      async save(force = false) {
        if (get().busy) return undefined;
        const checked = parseInput('settings.connection', { ...get().values, force });
        if (!checked.ok) {
          set({ errors: checked.error.fields ?? {}, pendingWarning: undefined });
          return checked;
        }
        set({ busy: true });
        const result = await api.call('settings.connection', checked.value);
        if (result.ok) {
          await options.afterSave?.();
          set({ ...withValues({ ...get().values, apiKey: '' }), busy: false, errors: {}, pendingWarning: undefined });
        } else if (result.error.fields?.force) {
          set({ busy: false, pendingWarning: result.error.message });
        } else {
          set({ busy: false, errors: result.error.fields ?? {}, pendingWarning: undefined });
        }
        return result;
      },
    };
  });
}
