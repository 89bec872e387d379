// A hint's way to the page of Settings it names ("Apri Impostazioni › E-mail"): Settings opens on that page, which
// F7 then opens again (the last page used).
import { useT, type MessageKey } from '../i18n';
import { useStores } from '../stores';
import type { SettingsPage } from '../stores/appStore';

export const SETTINGS_PAGE_LABELS: Record<SettingsPage, MessageKey> = {
  printers: 'settings.page.printers',
  bench: 'settings.page.bench',
  account: 'settings.page.account',
  senders: 'settings.page.senders',
  couriers: 'settings.page.couriers',
  products: 'settings.page.products',
  boxes: 'settings.page.boxes',
  rules: 'settings.page.rules',
  mail: 'settings.page.mail',
  partners: 'settings.page.partners',
  shops: 'settings.page.shops',
  scale: 'settings.page.scale',
};

export function SettingsLink({
  page,
  testId,
  outOfTabOrder = false,
}: {
  page: SettingsPage;
  testId: string;
  /** Inside a form typed with Tab from field to field, the link is for the mouse; the keyboard has F7. */
  outOfTabOrder?: boolean;
}) {
  const t = useT();
  const { app, detail } = useStores();
  return (
    <button
      type="button"
      className="link"
      data-testid={testId}
      tabIndex={outOfTabOrder ? -1 : undefined}
      onClick={() => {
        detail.getState().close();
        app.getState().openSettings(page);
      }}
    >
      {t('settings.goTo', { page: t(SETTINGS_PAGE_LABELS[page]) })}
    </button>
  );
}
