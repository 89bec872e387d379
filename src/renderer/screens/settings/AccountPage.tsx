// Settings › Account: how the station runs now (mode, remote, the API key's last characters and how it is kept, the
// account, client ids) and the form that changes the connection. How the key is kept is said only where a key is in
// use, in the bench's language: a plain-text file is a warning, a key not kept says it must be typed at each start.
import { useStore } from 'zustand';
import type { Settings } from '../../../shared/ipc/views';
import { accountOf, accountText } from '../../components/account';
import { useT, type MessageKey } from '../../i18n';
import { useStores } from '../../stores';
import { ConnectionForm } from '../ConnectionForm';

type Say = (text: string, error: boolean) => void;
type KeyKept = 'encrypted' | 'plain' | 'notKept';

/** The key store's two flags as what happens to a key: encrypted by the system, a plain file, or not kept at all. */
export function keyKept(storage: Settings['keyStorage']): KeyKept {
  if (storage.encrypted) return 'encrypted';
  return storage.available ? 'plain' : 'notKept';
}

const KEY_KEPT_TEXT: Record<KeyKept, MessageKey> = {
  encrypted: 'settings.keyKept.encrypted',
  plain: 'settings.keyKept.plain',
  notKept: 'settings.keyKept.notKept',
};

function StationFacts({ settings }: { settings: Settings }) {
  const t = useT();
  const { status } = useStores();
  const pending = useStore(status, (s) => s.sync?.pending ?? 0);
  const account = settings.mode === 'connected' ? accountOf(settings.remoteUrl) : undefined;
  // Only a connected station uses a key of the account; a standalone one keeps none.
  const kept = settings.mode === 'connected' && settings.apiKeyHint ? keyKept(settings.keyStorage) : undefined;
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
        <dd>
          <span data-testid="settings-api-key">
            {settings.apiKeyHint
              ? `••••${settings.apiKeyHint.replace(/^[^A-Za-z0-9]+/, '')}`
              : t('settings.apiKeyNone')}
          </span>
          {kept === 'encrypted' ? (
            <span className="muted" data-testid="settings-key-storage" data-kept={kept}>
              {' '}
              · {t(KEY_KEPT_TEXT[kept])}
            </span>
          ) : null}
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
      </dl>
      {kept && kept !== 'encrypted' ? (
        <p className="banner banner--warning" data-testid="settings-key-storage" data-kept={kept}>
          {t(KEY_KEPT_TEXT[kept])}
        </p>
      ) : null}
    </fieldset>
  );
}

export function AccountPage({ settings, onMessage }: { settings: Settings; onMessage: Say }) {
  const t = useT();
  return (
    <>
      <StationFacts settings={settings} />
      <fieldset className="group">
        <legend>{t('settings.connection')}</legend>
        <ConnectionForm onMessage={onMessage} />
      </fieldset>
    </>
  );
}
