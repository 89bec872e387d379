// One client id's sender profile draft (Settings, first run): who ships and from where. Checked here with the shared
// profile rules field by field; the station checks it again with the CAP against the municipalities for Italy. A saved
// profile can be forgotten, so the configured or demo one applies again.
import { createStore, type StoreApi } from 'zustand/vanilla';
import {
  parseSenderProfile,
  SENDER_CUSTOMS_KEYS,
  SENDER_PROFILE_KEYS,
  type SenderProfile,
} from '../../../shared/domain/senderProfile';
import type { CommandOutput } from '../../../shared/ipc/commands';
import type { Result } from '../../../shared/ipc/result';
import { refusedFields, draftEditing, type DraftEditing, type StationCalls } from './draft';

/** The profile's fields as the editor shows them: the address, then the customs numbers (EORI, VAT number). */
export const SENDER_FORM_KEYS = [...SENDER_PROFILE_KEYS, ...SENDER_CUSTOMS_KEYS] as const;
export type SenderKey = (typeof SENDER_FORM_KEYS)[number];
export type SenderValues = Record<SenderKey, string>;
type Saved = Result<CommandOutput<'senders.save'>>;

export interface SenderDraftState extends DraftEditing<SenderValues> {
  clientId: number;
  save(): Promise<Saved>;
  /** Forgets the profile saved here: the configured or demo one applies again. */
  forget(): Promise<Saved>;
}

export type SenderDraft = StoreApi<SenderDraftState>;

/** A profile as the form's values; a client with none starts in Italy. */
export const senderValues = (profile: SenderProfile | null): SenderValues =>
  Object.fromEntries(
    SENDER_FORM_KEYS.map((k) => [k, profile?.[k] ?? (k === 'country_code' ? 'IT' : '')]),
  ) as SenderValues;

export function createSenderDraft(
  api: StationCalls,
  entry: { clientId: number; profile: SenderProfile | null },
  options: { afterSave?: () => void } = {},
): SenderDraft {
  const start = senderValues(entry.profile);
  return createStore<SenderDraftState>()((set, get) => {
    const send = async (profile: SenderProfile | null): Promise<Saved> => {
      const result = await api.call('senders.save', { clientId: entry.clientId, profile });
      set({ errors: result.ok ? {} : (result.error.fields ?? {}) });
      if (result.ok) options.afterSave?.();
      return result;
    };
    return {
      clientId: entry.clientId,
      ...draftEditing(start, set, get),
      async save() {
        const parsed = parseSenderProfile(get().values);
        if (!parsed.ok) {
          set({ errors: parsed.fields });
          return refusedFields(parsed.fields);
        }
        return send(parsed.value);
      },
      forget: () => send(null),
    };
  });
}
