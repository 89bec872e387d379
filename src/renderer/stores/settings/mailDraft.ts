// The bench's mail server draft (Settings): on or off, the server, its security, the login and the sender. The
// command's own schema checks it here; the station checks it with the server itself before keeping it and restarts on
// it. The password is typed, never shown back: a saved draft forgets it.
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { FieldIssues } from '../../../shared/api/fieldIssues';
import { SMTP_SECURITY } from '../../../shared/domain/smtp';
import type { CommandOutput } from '../../../shared/ipc/commands';
import type { Result } from '../../../shared/ipc/result';
import type { Settings } from '../../../shared/ipc/views';
import { parseInput, sameDraft, type StationCalls } from './draft';

export const MAIL_FIELDS = ['host', 'port', 'user', 'password', 'from'] as const;
export type MailField = (typeof MAIL_FIELDS)[number];

export interface MailValues extends Record<MailField, string> {
  enabled: boolean;
  security: string;
}

export interface MailDraftState {
  values: MailValues;
  baseline: MailValues;
  dirty: boolean;
  errors: FieldIssues;
  busy: boolean;
  set<F extends keyof MailValues>(field: F, value: MailValues[F]): void;
  reset(): void;
  /** Undefined while a save is under way. */
  save(): Promise<Result<CommandOutput<'settings.mail'>> | undefined>;
}

export type MailDraft = StoreApi<MailDraftState>;

/** The saved server as the form's values (its port blank when none is configured, the password never). */
export function mailValues(mail: Settings['mail']): MailValues {
  return {
    enabled: mail.configured,
    host: mail.host,
    port: mail.configured ? String(mail.port) : '',
    user: mail.user,
    password: '',
    from: mail.from,
    security: mail.security,
  };
}

export function createMailDraft(
  api: StationCalls,
  mail: Settings['mail'],
  options: { afterSave?: () => Promise<void> } = {},
): MailDraft {
  const start = mailValues(mail);
  return createStore<MailDraftState>()((set, get) => {
    const withValues = (values: MailValues) => ({ values, dirty: !sameDraft(values, get().baseline) });
    return {
      values: start,
      baseline: start,
      dirty: false,
      errors: {},
      busy: false,
      set: (field, value) => set(withValues({ ...get().values, [field]: value })),
      reset: () => set({ ...withValues(get().baseline), errors: {} }),
      async save() {
        if (get().busy) return undefined;
        const { security, ...values } = get().values;
        const checked = parseInput('settings.mail', {
          ...values,
          // A security the list does not know (an old setting) is sent as the default.
          security: SMTP_SECURITY.find((s) => s === security) ?? 'starttls',
        });
        if (!checked.ok) {
          set({ errors: checked.error.fields ?? {} });
          return checked;
        }
        set({ busy: true });
        const result = await api.call('settings.mail', checked.value);
        if (result.ok) {
          await options.afterSave?.();
          set({ ...withValues({ ...get().values, password: '' }), busy: false, errors: {} });
        } else set({ busy: false, errors: result.error.fields ?? {} });
        return result;
      },
    };
  });
}
