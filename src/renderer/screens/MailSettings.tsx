// The bench's mail server (Settings): where the dropshipping waybills are e-mailed from. The station checks the server
// (it answers, the security asked for, the login) before keeping it; the password is typed, never shown back. The
// draft is ../stores/settings/mailDraft.
import { useState, type FormEvent } from 'react';
import { useStore } from 'zustand';
import { SMTP_SECURITY } from '../../shared/domain/smtp';
import type { Settings } from '../../shared/ipc/views';
import { FieldShell, controlId } from '../components/Field';
import { Toggle } from '../components/Controls';
import { errorText } from '../components/errorText';
import { fieldErrorText } from '../components/fieldErrorText';
import { useT } from '../i18n';
import { useStores } from '../stores';
import { createMailDraft, MAIL_FIELDS, type MailDraft } from '../stores/settings/mailDraft';

function MailFields({ draft, mail }: { draft: MailDraft; mail: Settings['mail'] }) {
  const t = useT();
  const values = useStore(draft, (s) => s.values);
  const errors = useStore(draft, (s) => s.errors);
  return (
    <div className="form-row">
      {MAIL_FIELDS.map((field) => (
        <FieldShell
          key={field}
          name={`mail-${field}`}
          label={t(`mail.${field}`)}
          error={errors[field] && fieldErrorText(t, errors[field])}
          hint={field === 'password' && mail.passwordSet ? t('mail.passwordKept') : undefined}
          required={field === 'host' || field === 'from'}
        >
          <input
            id={controlId(`mail-${field}`)}
            data-testid={`mail-${field}`}
            type={field === 'password' ? 'password' : 'text'}
            inputMode={field === 'port' ? 'numeric' : undefined}
            autoComplete="off"
            spellCheck={false}
            value={values[field]}
            onChange={(event) => draft.getState().set(field, event.target.value)}
          />
        </FieldShell>
      ))}
      <FieldShell
        name="mail-security"
        label={t('mail.security')}
        error={errors.security && fieldErrorText(t, errors.security)}
      >
        <select
          id={controlId('mail-security')}
          data-testid="mail-security"
          value={values.security}
          onChange={(event) => draft.getState().set('security', event.target.value)}
        >
          {SMTP_SECURITY.map((s) => (
            <option key={s} value={s}>
              {t(`mail.security.${s}`)}
            </option>
          ))}
        </select>
      </FieldShell>
    </div>
  );
}

export function MailSettings({ onMessage }: { onMessage(text: string, error: boolean): void }) {
  const { app } = useStores();
  const mail = useStore(app, (s) => s.settings?.mail);
  if (!mail) return null;
  return <MailForm mail={mail} onMessage={onMessage} />;
}

function MailForm({ mail, onMessage }: { mail: Settings['mail']; onMessage(text: string, error: boolean): void }) {
  const t = useT();
  const { api, app } = useStores();
  // The station restarts on the new server: it is read again.
  const [draft] = useState(() => createMailDraft(api, mail, { afterSave: () => app.getState().init() }));
  const enabled = useStore(draft, (s) => s.values.enabled);
  const busy = useStore(draft, (s) => s.busy);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const result = await draft.getState().save();
    if (!result) return;
    if (result.ok) onMessage(result.value.message, false);
    else onMessage(errorText(t, result.error), true);
  };

  return (
    <form className="mail-settings" data-testid="mail-settings" onSubmit={(event) => void submit(event)}>
      <Toggle
        id="mail-enabled"
        checked={enabled}
        label={t('mail.enabled')}
        onChange={(on) => draft.getState().set('enabled', on)}
      />
      {enabled ? <MailFields draft={draft} mail={mail} /> : null}
      <button type="submit" className="primary" data-testid="mail-save" disabled={busy}>
        {busy ? t('mail.checking') : t('mail.save')}
      </button>
    </form>
  );
}
