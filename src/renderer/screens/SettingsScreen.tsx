// Settings: how the station runs now (mode, remote, API key hint, client ids) and the form that changes the connection,
// the printers with their live state, a test print and the editor, what the bench may change (label format,
// auto-print, language), and the local API for shop programs with its address and key.
import { useState } from 'react';
import { useStore } from 'zustand';
import type { CommandInput } from '../../shared/ipc/commands';
import type { Settings } from '../../shared/ipc/views';
import { controlId } from '../components/Field';
import { accountOf, accountText } from '../components/account';
import { Toggle } from '../components/Controls';
import { errorText } from '../components/errorText';
import { PRINTER_STATE_LABELS, printerDetail, shownState } from '../components/printerStatusText';
import { LANGUAGE_KEY } from '../components/shortcuts';
import { useT } from '../i18n';
import { useStores } from '../stores';
import { CatalogEditor } from './CatalogEditor';
import { ConnectionForm } from './ConnectionForm';
import { PrinterEditor } from './PrinterEditor';
import { PriceListsEditor } from './PriceListsEditor';
import { SendersEditor } from './SendersEditor';
import { MailSettings } from './MailSettings';
import { ScaleSettings } from './ScaleSettings';
import { PartnerSettings } from './PartnerSettings';

function Printers({
  labelPrinterId,
  onMessage,
}: {
  labelPrinterId: string;
  onMessage(text: string, error: boolean): void;
}) {
  const t = useT();
  const { status, app } = useStores();
  const printers = useStore(status, (s) => s.printers);
  const testPrint = async (printerId: string) => {
    const result = await app.getState().testPrint(printerId);
    if (result.ok) onMessage(t('settings.testQueued', { job: result.value.jobId }), false);
    else onMessage(errorText(t, result.error), true);
  };
  if (printers.length === 0)
    return (
      <p className="muted" data-testid="settings-no-printers">
        {t('settings.noPrinters')}
      </p>
    );
  return (
    <table className="table" data-testid="settings-printers">
      <thead>
        <tr>
          <th scope="col">{t('settings.printer.name')}</th>
          <th scope="col">{t('settings.printer.language')}</th>
          <th scope="col">{t('settings.printer.url')}</th>
          <th scope="col">{t('settings.printer.state')}</th>
          <th scope="col">{t('manifests.col.actions')}</th>
        </tr>
      </thead>
      <tbody>
        {printers.map((p) => (
          <tr key={p.id} data-testid={`printer-${p.id}`}>
            <td>
              {p.name}
              {p.id === labelPrinterId ? <strong> · {t('settings.labelPrinter')}</strong> : null}
            </td>
            <td>
              {p.language} · {p.dpi} dpi
            </td>
            <td className="wrap">{p.url}</td>
            <td data-testid={`printer-state-${p.id}`} data-state={p.status?.state ?? 'unknown'}>
              <span className={`badge badge--printer-${p.status?.state ?? 'unknown'}`}>
                {t(PRINTER_STATE_LABELS[shownState(p.status)])}
              </span>
              {printerDetail(t, p.status) ? ` ${printerDetail(t, p.status)}` : ''}
            </td>
            <td>
              <button type="button" data-testid={`printer-test-${p.id}`} onClick={() => void testPrint(p.id)}>
                {t('settings.testPrint')}
              </button>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The local API: on or off, where it answers, and its key (the station's own, shown to give to a shop program). */
function LocalApi({
  settings,
  onToggle,
  onMessage,
}: {
  settings: Settings;
  onToggle(on: boolean): void;
  onMessage(text: string, error: boolean): void;
}) {
  const t = useT();
  const { app } = useStores();
  const renew = async () => {
    const result = await app.getState().renewLocalApiKey();
    onMessage(result.ok ? t('settings.localApi.renewed') : errorText(t, result.error), !result.ok);
  };
  return (
    <fieldset className="group">
      <legend>{t('settings.localApi')}</legend>
      <Toggle
        id="settings-local-api-toggle"
        checked={settings.localApi}
        label={t('settings.localApiToggle')}
        onChange={onToggle}
      />
      <dl className="facts">
        <dt>{t('settings.localApi.url')}</dt>
        <dd data-testid="settings-local-api-url" className="wrap">
          {settings.localApiUrl || '—'}
        </dd>
        <dt>{t('settings.localApi.key')}</dt>
        <dd data-testid="settings-local-api-key" className="wrap">
          {settings.localApiKey ? <code>{settings.localApiKey}</code> : t('settings.localApi.keyRemote')}
        </dd>
      </dl>
      {settings.localApiKey ? (
        <button type="button" data-testid="settings-local-api-key-renew" onClick={() => void renew()}>
          {t('settings.localApi.renew')}
        </button>
      ) : null}
    </fieldset>
  );
}

/** How the station runs now: mode, remote, the API key's last characters, the account, client ids, the local API. */
function StationFacts({ settings }: { settings: Settings }) {
  const t = useT();
  const { status } = useStores();
  const pending = useStore(status, (s) => s.sync?.pending ?? 0);
  const account = settings.mode === 'connected' ? accountOf(settings.remoteUrl) : undefined;
  return (
    <fieldset className="group">
      <legend>{t('settings.station')}</legend>
      <dl className="facts">
        <dt>{t('settings.mode')}</dt>
        <dd data-testid="settings-mode">
          {t(settings.mode === 'connected' ? 'settings.mode.connected' : 'settings.mode.standalone')}
        </dd>
        <dt>{t('settings.remoteUrl')}</dt>
        <dd data-testid="settings-remote-url" className="wrap">
          {settings.remoteUrl || '—'}
        </dd>
        <dt>{t('settings.apiKey')}</dt>
        <dd data-testid="settings-api-key">
          {settings.apiKeyHint ? `••••${settings.apiKeyHint.replace(/^[^A-Za-z0-9]+/, '')}` : t('settings.apiKeyNone')}
        </dd>
        {account ? (
          <>
            <dt>{t('settings.account')}</dt>
            <dd data-testid="settings-account">{accountText(t, account)}</dd>
            <dt>{t('settings.pending')}</dt>
            <dd data-testid="settings-pending">{pending}</dd>
          </>
        ) : null}
        <dt>{t('settings.clientIds')}</dt>
        <dd data-testid="settings-client-ids">{settings.clientIds.join(', ') || '—'}</dd>
        <dt>{t('settings.localApi')}</dt>
        <dd data-testid="settings-local-api">{t(settings.localApi ? 'settings.on' : 'settings.off')}</dd>
      </dl>
    </fieldset>
  );
}

/** What the bench may change at once: language, label format, auto-print. */
function BenchPreferences({
  settings,
  onUpdate,
}: {
  settings: Settings;
  onUpdate(patch: CommandInput<'settings.update'>): void;
}) {
  const t = useT();
  const { app } = useStores();
  return (
    <fieldset className="group">
      <legend>{t('settings.bench')}</legend>
      <div className="field">
        <label htmlFor={controlId('settings-language')}>
          {t('settings.language')} ({LANGUAGE_KEY})
        </label>
        <select
          id={controlId('settings-language')}
          data-testid="settings-language"
          value={settings.language}
          onChange={(event) => void app.getState().setLanguage(event.target.value === 'en' ? 'en' : 'it')}
        >
          <option value="it">Italiano</option>
          <option value="en">English</option>
        </select>
      </div>
      <div className="field">
        <label htmlFor={controlId('settings-label-format')}>{t('settings.labelFormat')}</label>
        <select
          id={controlId('settings-label-format')}
          data-testid="settings-label-format"
          value={settings.labelFormat}
          onChange={(event) => onUpdate({ labelFormat: event.target.value === 'PDF' ? 'PDF' : 'ZPL' })}
        >
          <option value="ZPL">ZPL</option>
          <option value="PDF">PDF</option>
        </select>
      </div>
      <Toggle
        id="settings-auto-print"
        checked={settings.autoPrint}
        label={t('settings.autoPrint')}
        onChange={(on) => onUpdate({ autoPrint: on })}
      />
    </fieldset>
  );
}

export function SettingsScreen() {
  const t = useT();
  const { app } = useStores();
  const settings = useStore(app, (s) => s.settings);
  const [message, setMessage] = useState<{ text: string; error: boolean } | undefined>();
  if (!settings) return <p className="muted">{t('common.loading')}</p>;
  const say = (text: string, error: boolean) => setMessage({ text, error });

  const update = async (patch: CommandInput<'settings.update'>) => {
    const result = await app.getState().updateSettings(patch);
    setMessage(
      result.ok ? { text: t('settings.saved'), error: false } : { text: errorText(t, result.error), error: true },
    );
  };

  return (
    <section className="settings-screen" aria-labelledby="settings-title">
      <h1 id="settings-title">{t('settings.title')}</h1>
      {message ? (
        <p
          className={`banner ${message.error ? 'banner--error' : 'banner--ok'}`}
          role="status"
          data-testid="settings-message"
        >
          {message.text}
        </p>
      ) : null}
      <StationFacts settings={settings} />
      <fieldset className="group">
        <legend>{t('settings.connection')}</legend>
        <ConnectionForm onMessage={say} />
      </fieldset>
      <fieldset className="group">
        <legend>{t('settings.scale')}</legend>
        <ScaleSettings onMessage={say} />
      </fieldset>
      <fieldset className="group">
        <legend>{t('mail.title')}</legend>
        <MailSettings onMessage={say} />
      </fieldset>
      <fieldset className="group">
        <legend>{t('partners.title')}</legend>
        <PartnerSettings onMessage={say} />
      </fieldset>
      <fieldset className="group">
        <legend>{t('senders.title')}</legend>
        <SendersEditor onMessage={say} />
      </fieldset>
      <fieldset className="group">
        <legend>{t('catalog.title')}</legend>
        <CatalogEditor onMessage={say} />
      </fieldset>
      <fieldset className="group">
        <legend>{t('pricing.title')}</legend>
        <PriceListsEditor onMessage={say} />
      </fieldset>
      <BenchPreferences settings={settings} onUpdate={(patch) => void update(patch)} />
      <LocalApi settings={settings} onToggle={(on) => void update({ localApi: on })} onMessage={say} />
      <fieldset className="group">
        <legend>{t('settings.printers')}</legend>
        <Printers labelPrinterId={settings.labelPrinterId} onMessage={say} />
        <PrinterEditor onMessage={say} />
      </fieldset>
    </section>
  );
}
