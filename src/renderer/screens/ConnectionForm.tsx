// The settings screen's connection form: standalone, or connected to the remote with its address, API key (typed,
// never shown back: only its last characters) and client ids. The station checks the key with the remote and restarts;
// changes still waiting for the remote need a second, explicit "switch anyway". The draft is ../stores/settings.
import { useEffect, useState, type FormEvent } from 'react';
import { useStore } from 'zustand';
import { controlId, errorId, FieldShell } from '../components/Field';
import { errorText } from '../components/errorText';
import { fieldErrorText } from '../components/fieldErrorText';
import { useT } from '../i18n';
import { useStores } from '../stores';
import {
  createConnectionDraft,
  keptKeyHint,
  type ConnectionDraft,
  type ConnectionValues,
} from '../stores/settings/connectionDraft';
import type { Settings } from '../../shared/ipc/views';

type TextField = Exclude<keyof ConnectionValues, 'mode'>;

function ModeChoice({ draft }: { draft: ConnectionDraft }) {
  const t = useT();
  const mode = useStore(draft, (s) => s.values.mode);
  return (
    <>
      <div className="flag">
        <input
          type="radio"
          name="connection-mode"
          id={controlId('connection-standalone')}
          data-testid="connection-mode-standalone"
          checked={mode === 'standalone'}
          onChange={() => draft.getState().set('mode', 'standalone')}
        />
        <label htmlFor={controlId('connection-standalone')}>{t('settings.connection.standalone')}</label>
      </div>
      <div className="flag">
        <input
          type="radio"
          name="connection-mode"
          id={controlId('connection-connected')}
          data-testid="connection-mode-connected"
          checked={mode === 'connected'}
          onChange={() => draft.getState().set('mode', 'connected')}
        />
        <label htmlFor={controlId('connection-connected')}>{t('settings.connection.connected')}</label>
      </div>
    </>
  );
}

function RemoteFields({ draft, settings }: { draft: ConnectionDraft; settings: Settings }) {
  const t = useT();
  const values = useStore(draft, (s) => s.values);
  const errors = useStore(draft, (s) => s.errors);
  const input = (name: TextField) => ({
    id: controlId(`connection-${name}`),
    'data-testid': `connection-${name}`,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? errorId(`connection-${name}`) : undefined,
    value: values[name],
    onChange: (e: { target: { value: string } }) => draft.getState().set(name, e.target.value),
  });
  const error = (name: TextField) => errors[name] && fieldErrorText(t, errors[name]);
  const hint = keptKeyHint(settings, values.remoteUrl);
  return (
    <div className="form-row">
      <FieldShell
        name="connection-remoteUrl"
        label={t('settings.connection.url')}
        error={error('remoteUrl')}
        hint={t('settings.connection.urlHint')}
        required
      >
        <input {...input('remoteUrl')} type="url" inputMode="url" autoComplete="off" spellCheck={false} />
      </FieldShell>
      <FieldShell
        name="connection-apiKey"
        label={t('settings.connection.apiKey')}
        error={error('apiKey')}
        hint={hint ? t('settings.connection.apiKeyKeep', { hint }) : t('settings.connection.apiKeyNew')}
      >
        <input {...input('apiKey')} type="password" autoComplete="off" spellCheck={false} />
      </FieldShell>
      <FieldShell
        name="connection-clientIds"
        label={t('settings.connection.clientIds')}
        error={error('clientIds')}
        hint={t('settings.connection.clientIdsHint')}
        required
      >
        <input {...input('clientIds')} inputMode="numeric" autoComplete="off" />
      </FieldShell>
      <FieldShell
        name="connection-invoicedClients"
        label={t('settings.connection.invoiced')}
        error={error('invoicedClients')}
        hint={t('settings.connection.invoicedHint')}
        className="field--wide"
      >
        <textarea {...input('invoicedClients')} rows={3} autoComplete="off" spellCheck={false} />
      </FieldShell>
    </div>
  );
}

function PendingWarning({ draft, onForce }: { draft: ConnectionDraft; onForce(): void }) {
  const t = useT();
  const warning = useStore(draft, (s) => s.pendingWarning);
  const busy = useStore(draft, (s) => s.busy);
  if (!warning) return null;
  return (
    <div className="banner banner--warning" role="alert" data-testid="connection-pending">
      <p>{warning}</p>
      <div className="actions">
        <button type="button" className="primary" data-testid="connection-force" disabled={busy} onClick={onForce}>
          {t('settings.connection.force')}
        </button>
        <button type="button" data-testid="connection-cancel" onClick={() => draft.getState().withdrawWarning()}>
          {t('common.cancel')}
        </button>
      </div>
    </div>
  );
}

export function ConnectionForm({
  onMessage,
  accountOnly = false,
  onConnected,
}: {
  onMessage(text: string, error: boolean): void;
  /** The first-run screen's form: connecting an account only, no standalone choice. */
  accountOnly?: boolean;
  /** Told once the station runs connected on what was typed (the first run then moves on). */
  onConnected?(): void;
}) {
  const t = useT();
  const { api, app, status } = useStores();
  const settings = useStore(app, (s) => s.settings);
  // The station restarted: what it is (mode, couriers, client ids) is read again with its settings.
  const [draft] = useState(() =>
    createConnectionDraft(api, settings, { accountOnly, afterSave: () => app.getState().init() }),
  );
  const mode = useStore(draft, (s) => s.values.mode);
  const busy = useStore(draft, (s) => s.busy);

  // After the station restarts (here or from another window), the form shows what now runs.
  useEffect(() => {
    if (settings) draft.getState().follow(settings);
  }, [draft, settings]);

  if (!settings) return null;

  const submit = async (force: boolean) => {
    const sent = draft.getState().values.mode;
    const result = await draft.getState().save(force);
    if (!result) return;
    if (result.ok) {
      await status.getState().init();
      onMessage(result.value.message, result.value.check === 'unreachable');
      if (sent === 'connected') onConnected?.();
    } else if (!result.error.fields?.force) onMessage(errorText(t, result.error), true);
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submit(false);
  };

  return (
    <form className="connection-form" data-testid="connection-form" onSubmit={onSubmit}>
      {settings.connectionProblem ? (
        <p className="banner banner--error" role="alert" data-testid="connection-problem">
          {settings.connectionProblem}
        </p>
      ) : null}
      {accountOnly ? null : <ModeChoice draft={draft} />}
      {mode === 'connected' ? <RemoteFields draft={draft} settings={settings} /> : null}
      <p className="muted">{t('settings.connection.data')}</p>
      <PendingWarning draft={draft} onForce={() => void submit(true)} />
      <button type="submit" className="primary" data-testid="connection-save" disabled={busy}>
        {busy ? t('settings.connection.checking') : t('settings.connection.save')}
      </button>
    </form>
  );
}
