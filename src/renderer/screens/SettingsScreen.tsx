// Settings as pages with their list at the left (settings/SettingsTabs): the printers first, then the bench (its
// preferences and the API for shop programs), the account (how the station runs and its connection), the senders,
// the couriers and price lists, the products (customs facts per SKU), the boxes, e-mail, partners, the connected shops
// and the scale. F7 opens the page last used in this session.
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useStore } from 'zustand';
import type { CommandInput } from '../../shared/ipc/commands';
import type { Settings } from '../../shared/ipc/views';
import { errorText } from '../components/errorText';
import { useT } from '../i18n';
import { useStores } from '../stores';
import type { SettingsPage } from '../stores/appStore';
import { CatalogEditor } from './CatalogEditor';
import { MailSettings } from './MailSettings';
import { PartnerSettings } from './PartnerSettings';
import { PriceListsEditor } from './PriceListsEditor';
import { ScaleSettings } from './ScaleSettings';
import { SendersEditor } from './SendersEditor';
import { AccountPage } from './settings/AccountPage';
import { BenchPage } from './settings/BenchPage';
import { BoxesPage } from './settings/BoxesPage';
import { RulesPage } from './settings/RulesPage';
import { PrintersPage } from './settings/PrintersPage';
import { ProductsPage } from './settings/ProductsPage';
import { ShopsPage } from './settings/ShopsPage';
import { PANEL_ID, SettingsTabs, tabId } from './settings/SettingsTabs';

/** A message for the page's banner; undefined takes the banner away (what it said no longer holds). */
type Say = (text: string | undefined, error: boolean) => void;
type Update = (patch: CommandInput<'settings.update'>) => void;

/** A section in its own box with its title, as every page but the printers, bench and account ones shows it. */
function Group({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="group">
      <legend>{title}</legend>
      {children}
    </fieldset>
  );
}

function PageContent({
  page,
  settings,
  onMessage,
  onUpdate,
}: {
  page: SettingsPage;
  settings: Settings;
  onMessage: Say;
  onUpdate: Update;
}) {
  const t = useT();
  switch (page) {
    case 'printers':
      return <PrintersPage labelPrinterId={settings.labelPrinterId} onMessage={onMessage} />;
    case 'bench':
      return <BenchPage settings={settings} onUpdate={onUpdate} onMessage={onMessage} />;
    case 'account':
      return <AccountPage settings={settings} onMessage={onMessage} />;
    case 'senders':
      return (
        <Group title={t('senders.title')}>
          <SendersEditor onMessage={onMessage} />
        </Group>
      );
    case 'couriers':
      return (
        <>
          <Group title={t('catalog.title')}>
            <CatalogEditor onMessage={onMessage} />
          </Group>
          <Group title={t('pricing.title')}>
            <PriceListsEditor onMessage={onMessage} />
          </Group>
        </>
      );
    case 'products':
      return <ProductsPage onMessage={onMessage} />;
    case 'boxes':
      return <BoxesPage onMessage={onMessage} />;
    case 'rules':
      return <RulesPage onMessage={onMessage} />;
    case 'mail':
      return (
        <Group title={t('mail.title')}>
          <MailSettings onMessage={onMessage} />
        </Group>
      );
    case 'partners':
      return (
        <Group title={t('partners.title')}>
          <PartnerSettings onMessage={onMessage} />
        </Group>
      );
    case 'shops':
      return <ShopsPage onMessage={onMessage} />;
    case 'scale':
      return (
        <Group title={t('settings.scale')}>
          <ScaleSettings onMessage={onMessage} />
        </Group>
      );
  }
}

const FOCUSABLE = 'input:not([disabled]), select:not([disabled]), textarea:not([disabled]), button:not([disabled])';

export function SettingsScreen() {
  const t = useT();
  const { app } = useStores();
  const settings = useStore(app, (s) => s.settings);
  const page = useStore(app, (s) => s.settingsPage);
  const [message, setMessage] = useState<{ text: string; error: boolean } | undefined>();
  // Opened from the keyboard: the focus goes into the page once it has drawn.
  const [enter, setEnter] = useState(0);
  const panel = useRef<HTMLDivElement>(null);
  const ready = settings !== undefined;

  // Settings opens with the focus on its open page in the list, so the arrow keys work at once after F7.
  useEffect(() => {
    if (ready) document.getElementById(tabId(app.getState().settingsPage))?.focus();
  }, [app, ready]);
  useEffect(() => {
    if (enter === 0 || !panel.current) return;
    const first = panel.current.querySelector<HTMLElement>(FOCUSABLE);
    (first ?? panel.current).focus();
  }, [enter]);

  if (!settings) return <p className="muted">{t('common.loading')}</p>;
  const say: Say = (text, error) => setMessage(text === undefined ? undefined : { text, error });
  const update = async (patch: CommandInput<'settings.update'>) => {
    const result = await app.getState().updateSettings(patch);
    setMessage(
      result.ok ? { text: t('settings.saved'), error: false } : { text: errorText(t, result.error), error: true },
    );
  };
  const open = (to: SettingsPage, fromKeyboard: boolean) => {
    // A message belongs to the page it was said on.
    if (to !== page) setMessage(undefined);
    app.getState().openSettings(to);
    if (fromKeyboard) setEnter((n) => n + 1);
  };

  return (
    <section className="settings-screen" aria-labelledby="settings-title">
      <h1 id="settings-title">{t('settings.title')}</h1>
      <div className="settings-layout">
        <SettingsTabs page={page} onOpen={open} />
        <div
          className="settings-page"
          role="tabpanel"
          id={PANEL_ID}
          aria-labelledby={tabId(page)}
          data-testid={`settings-page-${page}`}
          data-page={page}
          tabIndex={-1}
          ref={panel}
        >
          {message ? (
            <p
              className={`banner ${message.error ? 'banner--error' : 'banner--ok'}`}
              role="status"
              data-testid="settings-message"
            >
              {message.text}
            </p>
          ) : null}
          <PageContent page={page} settings={settings} onMessage={say} onUpdate={(patch) => void update(patch)} />
        </div>
      </div>
    </section>
  );
}
