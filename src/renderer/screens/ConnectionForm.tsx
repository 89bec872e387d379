// The settings screen's connection form: standalone, or connected to the remote with its address, API key (typed,
// never shown back: only its last characters) and client ids. The station checks the key with the remote and restarts;
// changes still waiting for the remote need a second, explicit "switch anyway".
import { useEffect, useState, type FormEvent } from 'react';
import { useStore } from 'zustand';
import { controlId, errorId, FieldShell } from '../components/Field';
import type { FieldIssues } from '../../shared/api/fieldIssues';
import { errorText } from '../components/errorText';
import { fieldErrorText } from '../components/fieldErrorText';
import { useT } from '../i18n';
import { useStores } from '../stores';
import type { StationMode } from '../../shared/domain/stationMode';

/** The connection's invoiced clients as the form writes them: a line each, "501 Rossi Srl". */
const invoicedText = (clients: readonly { id: number; name: string }[] | undefined): string =>
  (clients ?? []).map((c) => `${c.id} ${c.name}`).join('\n');

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
  const { app, status } = useStores();
  const settings = useStore(app, (s) => s.settings);
  const [mode, setMode] = useState<StationMode>(accountOnly ? 'connected' : (settings?.mode ?? 'standalone'));
  const [remoteUrl, setRemoteUrl] = useState(settings?.remoteUrl ?? '');
  const [apiKey, setApiKey] = useState('');
  const [clientIds, setClientIds] = useState(settings?.mode === 'connected' ? settings.clientIds.join(', ') : '');
  const [invoicedClients, setInvoicedClients] = useState(invoicedText(settings?.invoicedClients));
  const [errors, setErrors] = useState<FieldIssues>({});
  const [pendingWarning, setPendingWarning] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  // After the station restarts (here or from another window), the form shows what now runs.
  const runningMode = settings?.mode;
  const runningUrl = settings?.remoteUrl;
  const runningIds = settings?.clientIds.join(', ');
  const runningInvoiced = invoicedText(settings?.invoicedClients);
  useEffect(() => {
    if (!runningMode || accountOnly) return;
    // The form follows the running connection when a switch made elsewhere changes it: a sync with outside state.
    // eslint-disable-next-line react-hooks/set-state-in-effect -- see the line above
    setMode(runningMode);
    setRemoteUrl(runningUrl ?? '');
    setClientIds(runningMode === 'connected' ? (runningIds ?? '') : '');
    setInvoicedClients(runningInvoiced);
  }, [runningMode, runningUrl, runningIds, runningInvoiced, accountOnly]);

  // A warning about leaving queued changes is about what was typed then: editing the form withdraws it.
  // eslint-disable-next-line react-hooks/set-state-in-effect -- one reset for edits made through any of four fields
  useEffect(() => setPendingWarning(undefined), [mode, remoteUrl, apiKey, clientIds]);

  if (!settings) return null;

  const submit = async (force: boolean) => {
    setBusy(true);
    const result = await app
      .getState()
      .changeConnection({ mode, remoteUrl, apiKey, clientIds, invoicedClients, force });
    setBusy(false);
    setPendingWarning(undefined);
    if (result.ok) {
      setApiKey('');
      setErrors({});
      await status.getState().init();
      onMessage(result.value.message, result.value.check === 'unreachable');
      if (mode === 'connected') onConnected?.();
      return;
    }
    if (result.error.fields?.force) {
      setPendingWarning(result.error.message);
      return;
    }
    setErrors(result.error.fields ?? {});
    onMessage(errorText(t, result.error), true);
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!busy) void submit(false);
  };
  const input = (name: 'remoteUrl' | 'apiKey' | 'clientIds' | 'invoicedClients') => ({
    id: controlId(`connection-${name}`),
    'data-testid': `connection-${name}`,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? errorId(`connection-${name}`) : undefined,
  });

  return (
    <form className="connection-form" data-testid="connection-form" onSubmit={onSubmit}>
      {settings.connectionProblem ? (
        <p className="banner banner--error" role="alert" data-testid="connection-problem">
          {settings.connectionProblem}
        </p>
      ) : null}
      {accountOnly ? null : (
        <>
          <div className="flag">
            <input
              type="radio"
              name="connection-mode"
              id={controlId('connection-standalone')}
              data-testid="connection-mode-standalone"
              checked={mode === 'standalone'}
              onChange={() => setMode('standalone')}
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
              onChange={() => setMode('connected')}
            />
            <label htmlFor={controlId('connection-connected')}>{t('settings.connection.connected')}</label>
          </div>
        </>
      )}
      {mode === 'connected' ? (
        <div className="form-row">
          <FieldShell
            name="connection-remoteUrl"
            label={t('settings.connection.url')}
            error={errors.remoteUrl && fieldErrorText(t, errors.remoteUrl)}
            hint={t('settings.connection.urlHint')}
            required
          >
            <input
              {...input('remoteUrl')}
              type="url"
              inputMode="url"
              autoComplete="off"
              spellCheck={false}
              value={remoteUrl}
              onChange={(e) => setRemoteUrl(e.target.value)}
            />
          </FieldShell>
          <FieldShell
            name="connection-apiKey"
            label={t('settings.connection.apiKey')}
            error={errors.apiKey && fieldErrorText(t, errors.apiKey)}
            hint={
              settings.mode === 'connected' &&
              settings.apiKeyHint &&
              remoteUrl.trim().replace(/\/+$/, '') === settings.remoteUrl
                ? t('settings.connection.apiKeyKeep', { hint: settings.apiKeyHint.replace(/^[^A-Za-z0-9]+/, '') })
                : t('settings.connection.apiKeyNew')
            }
          >
            <input
              {...input('apiKey')}
              type="password"
              autoComplete="off"
              spellCheck={false}
              value={apiKey}
              onChange={(e) => setApiKey(e.target.value)}
            />
          </FieldShell>
          <FieldShell
            name="connection-clientIds"
            label={t('settings.connection.clientIds')}
            error={errors.clientIds && fieldErrorText(t, errors.clientIds)}
            hint={t('settings.connection.clientIdsHint')}
            required
          >
            <input
              {...input('clientIds')}
              inputMode="numeric"
              autoComplete="off"
              value={clientIds}
              onChange={(e) => setClientIds(e.target.value)}
            />
          </FieldShell>
          <FieldShell
            name="connection-invoicedClients"
            label={t('settings.connection.invoiced')}
            error={errors.invoicedClients && fieldErrorText(t, errors.invoicedClients)}
            hint={t('settings.connection.invoicedHint')}
            className="field--wide"
          >
            <textarea
              {...input('invoicedClients')}
              rows={3}
              autoComplete="off"
              spellCheck={false}
              value={invoicedClients}
              onChange={(e) => setInvoicedClients(e.target.value)}
            />
          </FieldShell>
        </div>
      ) : null}
      <p
        className={settings.keyStorage.encrypted ? 'muted' : 'banner banner--warning'}
        data-testid="connection-key-storage"
      >
        {settings.keyStorage.message}
      </p>
      <p className="muted">{t('settings.connection.data')}</p>
      {pendingWarning ? (
        <div className="banner banner--warning" role="alert" data-testid="connection-pending">
          <p>{pendingWarning}</p>
          <div className="actions">
            <button
              type="button"
              className="primary"
              data-testid="connection-force"
              disabled={busy}
              onClick={() => {
                if (!busy) void submit(true);
              }}
            >
              {t('settings.connection.force')}
            </button>
            <button type="button" data-testid="connection-cancel" onClick={() => setPendingWarning(undefined)}>
              {t('common.cancel')}
            </button>
          </div>
        </div>
      ) : null}
      <button type="submit" className="primary" data-testid="connection-save" disabled={busy}>
        {busy ? t('settings.connection.checking') : t('settings.connection.save')}
      </button>
    </form>
  );
}
