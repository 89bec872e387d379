// One client id's partner endpoint draft (Settings): the shop system's address and the signing secret (typed, never
// shown back; blank keeps the saved one). Checked here with the shared endpoint rules, in their own words as the
// station says them; the station keeps it, or forgets it on "remove".
import { createStore, type StoreApi } from 'zustand/vanilla';
import { otherIssue, type FieldIssues } from '../../../shared/api/fieldIssues';
import { PartnerEndpointSchema, PartnerUrlSchema } from '../../../shared/domain/partnerEndpoint';
import type { CommandOutput } from '../../../shared/ipc/commands';
import type { Result } from '../../../shared/ipc/result';
import {
  draftEditing,
  fieldsOf,
  parseInput,
  refusedFields,
  sameDraft,
  type DraftEditing,
  type StationCalls,
} from './draft';

export interface PartnerValues {
  url: string;
  secret: string;
}
type Saved = Result<CommandOutput<'partners.save'>>;

export interface PartnerDraftState extends DraftEditing<PartnerValues> {
  clientId: number;
  save(): Promise<Saved>;
  /** Forgets the endpoint saved here. */
  remove(): Promise<Saved>;
}

export type PartnerDraft = StoreApi<PartnerDraftState>;

/** The endpoint's rules speak Italian for themselves: each issue in its own words. */
const inOwnWords = (issue: { message: string }) => otherIssue(issue.message);

/** A typed address and secret as the shared endpoint rules see them (a blank secret: the saved one is kept). */
function checkEndpoint(values: PartnerValues): { ok: true; url: string } | { ok: false; fields: FieldIssues } {
  const url = PartnerUrlSchema.safeParse(values.url);
  const secret = values.secret === '' ? undefined : PartnerEndpointSchema.shape.secret.safeParse(values.secret);
  const fields: FieldIssues = {
    ...(url.success ? {} : fieldsOf(url.error.issues, inOwnWords, 'url')),
    ...(secret && !secret.success ? fieldsOf(secret.error.issues, inOwnWords, 'secret') : {}),
  };
  return url.success && Object.keys(fields).length === 0 ? { ok: true, url: url.data } : { ok: false, fields };
}

export function createPartnerDraft(
  api: StationCalls,
  client: { clientId: number; endpoint: { url: string } | null },
  options: { afterSave?: () => void } = {},
): PartnerDraft {
  const start = { url: client.endpoint?.url ?? '', secret: '' };
  return createStore<PartnerDraftState>()((set, get) => {
    const send = async (remove: boolean, url: string): Promise<Saved> => {
      const input = parseInput('partners.save', {
        clientId: client.clientId,
        url,
        secret: get().values.secret,
        remove,
      });
      if (!input.ok) {
        set({ errors: input.error.fields ?? {} });
        return input;
      }
      const result = await api.call('partners.save', input.value);
      if (result.ok) {
        const values = { ...get().values, secret: '' };
        set({ values, dirty: !sameDraft(values, get().baseline), errors: {} });
        options.afterSave?.();
      } else set({ errors: result.error.fields ?? {} });
      return result;
    };
    return {
      clientId: client.clientId,
      ...draftEditing(start, set, get),
      async save() {
        const checked = checkEndpoint(get().values);
        if (!checked.ok) {
          set({ errors: checked.fields });
          return refusedFields(checked.fields);
        }
        return send(false, checked.url);
      },
      remove: () => send(true, get().values.url),
    };
  });
}
