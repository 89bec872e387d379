// The bench's mail server (Settings): where the dropshipping waybills are e-mailed from. The station checks the server
// (it answers, the security asked for, the login) before keeping it; the password is typed, never shown back.
import { useState, type FormEvent } from 'react';
import { useStore } from 'zustand';
import type { FieldIssues } from '../../shared/api/fieldIssues';
import { SMTP_SECURITY } from '../../shared/domain/smtp';
import { FieldShell, controlId } from '../components/Field';
import { Toggle } from '../components/Controls';
import { errorText } from '../components/errorText';
import { fieldErrorText } from '../components/fieldErrorText';
import { useT, type MessageKey } from '../i18n';
import { useStores } from '../stores';

const FIELDS = ['host', 'port', 'user', 'password', 'from'] as const;

export function MailSettings({ onMessage }: { onMessage(text: string, error: boolean): void }) {
  const t = useT();
  const { app } = useStores();
  const mail = useStore(app, (s) => s.settings?.mail);
  const [enabled, setEnabled] = useState(mail?.configured ?? false);
  const [values, setValues] = useState<Record<(typeof FIELDS)[number], string>>({
    host: mail?.host ?? '',
    port: mail?.configured ? String(mail.port) : '',
    user: mail?.user ?? '',
    password: '',
    from: mail?.from ?? '',
  });
  const [security, setSecurity] = useState(mail?.security ?? 'starttls');
  const [errors, setErrors] = useState<FieldIssues>({});
  const [busy, setBusy] = useState(false);
  if (!mail) return null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    const result = await app.getState().changeMail({
      enabled,
      ...values,
      security: SMTP_SECURITY.find((s) => s === security) ?? 'starttls',
    });
    setBusy(false);
    if (result.ok) {
      setErrors({});
      setValues({ ...values, password: '' });
      onMessage(result.value.message, false);
    } else {
      setErrors(result.error.fields ?? {});
      onMessage(errorText(t, result.error), true);
    }
  };

  return (
    <form className="mail-settings" data-testid="mail-settings" onSubmit={(event) => void submit(event)}>
      <Toggle id="mail-enabled" checked={enabled} label={t('mail.enabled')} onChange={setEnabled} />
      {enabled ? (
        <div className="form-row">
          {FIELDS.map((field) => (
            <FieldShell
              key={field}
              name={`mail-${field}`}
              label={t(`mail.${field}` as MessageKey)}
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
                onChange={(event) => setValues({ ...values, [field]: event.target.value })}
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
              value={security}
              onChange={(event) => setSecurity(event.target.value)}
            >
              {SMTP_SECURITY.map((s) => (
                <option key={s} value={s}>
                  {t(`mail.security.${s}` as MessageKey)}
                </option>
              ))}
            </select>
          </FieldShell>
        </div>
      ) : null}
      <button type="submit" className="primary" data-testid="mail-save" disabled={busy}>
        {busy ? t('mail.checking') : t('mail.save')}
      </button>
    </form>
  );
}
