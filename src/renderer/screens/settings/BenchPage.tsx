// Settings › Bench: what the bench may change at once (language, label format, print on save, batch parcels weighed
// at the scan, the recipient's e-mail when a parcel needs them, default goods, the clients whose items are checked by
// scan, the courier's pickup times), and the API that shop programs use to create shipments on this station (on or
// off, its address and key). That API is the station's own, not the account's key, so it lives here with its purpose
// said, never beside the account's API key.
import type { CommandInput } from '../../../shared/ipc/commands';
import type { Settings } from '../../../shared/ipc/views';
import { Toggle } from '../../components/Controls';
import { controlId } from '../../components/Field';
import { errorText } from '../../components/errorText';
import { LANGUAGE_KEY } from '../../components/shortcuts';
import { useT } from '../../i18n';
import { useStores } from '../../stores';
import { AttentionDaysSetting } from './AttentionDaysSetting';
import { GoodsDefaultSetting } from './GoodsDefaultSetting';
import { SharedQueueSetting } from './SharedQueueSetting';
import { InvoiceSettings } from './InvoiceSettings';
import { ItemCheckSetting } from './ItemCheckSetting';
import { PickupTimesSetting } from './PickupTimesSetting';

type Update = (patch: CommandInput<'settings.update'>) => void;
type Say = (text: string, error: boolean) => void;

function BenchPreferences({ settings, onUpdate }: { settings: Settings; onUpdate: Update }) {
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
      <Toggle
        id="settings-recipient-mail"
        checked={settings.recipientMail}
        label={t('settings.recipientMail')}
        onChange={(on) => onUpdate({ recipientMail: on })}
      />
      <small className="muted" data-testid="settings-recipient-mail-hint">
        {t(settings.mail.configured ? 'settings.recipientMailHint' : 'settings.recipientMailNoServer')}
      </small>
      <Toggle
        id="settings-weigh-batch"
        checked={settings.weighBatchParcels}
        label={t('settings.weighBatchParcels')}
        onChange={(on) => onUpdate({ weighBatchParcels: on })}
      />
      <GoodsDefaultSetting settings={settings} onUpdate={onUpdate} />
      <SharedQueueSetting settings={settings} onUpdate={onUpdate} />
      <InvoiceSettings settings={settings} onUpdate={onUpdate} />
      <AttentionDaysSetting settings={settings} onUpdate={onUpdate} />
      <PickupTimesSetting />
      <ItemCheckSetting settings={settings} onUpdate={onUpdate} />
    </fieldset>
  );
}

/** The API for shop programs: what it is for, on or off, where it answers, and the key a shop program sends. */
function ShopApi({ settings, onUpdate, onMessage }: { settings: Settings; onUpdate: Update; onMessage: Say }) {
  const t = useT();
  const { app } = useStores();
  const renew = async () => {
    const result = await app.getState().renewLocalApiKey();
    onMessage(result.ok ? t('settings.localApi.renewed') : errorText(t, result.error), !result.ok);
  };
  return (
    <fieldset className="group" data-testid="settings-shop-api">
      <legend>{t('settings.shopApi')}</legend>
      <p className="muted" data-testid="settings-shop-api-what">
        {t('settings.shopApi.what')}
      </p>
      <Toggle
        id="settings-local-api-toggle"
        checked={settings.localApi}
        label={t('settings.localApiToggle')}
        onChange={(on) => onUpdate({ localApi: on })}
      />
      <dl className="facts">
        <dt>{t('settings.shopApi')}</dt>
        <dd data-testid="settings-local-api">{t(settings.localApi ? 'settings.on' : 'settings.off')}</dd>
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

export function BenchPage({ settings, onUpdate, onMessage }: { settings: Settings; onUpdate: Update; onMessage: Say }) {
  return (
    <>
      <BenchPreferences settings={settings} onUpdate={onUpdate} />
      <ShopApi settings={settings} onUpdate={onUpdate} onMessage={onMessage} />
    </>
  );
}
