// The top navigation: one button per screen with its function key shown, and the language switch.
import { useStore } from 'zustand';
import { useI18n, type MessageKey } from '../i18n';
import { useStores } from '../stores';
import type { Screen } from '../stores/appStore';
import { LANGUAGE_KEY, SCREEN_KEYS } from './shortcuts';

export const SCREEN_LABELS: Record<Screen, MessageKey> = {
  new: 'nav.new',
  orders: 'nav.orders',
  departing: 'nav.departing',
  confirm: 'nav.confirm',
  manifests: 'nav.manifests',
  departed: 'nav.departed',
  attention: 'nav.attention',
  settings: 'nav.settings',
  cod: 'nav.cod',
};

export function Nav() {
  const { t, language } = useI18n();
  const { app } = useStores();
  const screen = useStore(app, (s) => s.screen);
  const go = useStore(app, (s) => s.go);
  const toggleLanguage = useStore(app, (s) => s.toggleLanguage);

  return (
    <nav className="nav" aria-label={t('nav.label')}>
      <span className="nav__title">{t('app.title')}</span>
      <ul className="nav__items">
        {SCREEN_KEYS.map(({ screen: target, key }) => (
          <li key={target}>
            <button
              type="button"
              className="nav__item"
              data-testid={`nav-${target}`}
              aria-current={screen === target ? 'page' : undefined}
              aria-keyshortcuts={key}
              onClick={() => go(target)}
            >
              <kbd>{key}</kbd> {t(SCREEN_LABELS[target])}
            </button>
          </li>
        ))}
      </ul>
      <button
        type="button"
        className="nav__item nav__language"
        data-testid="nav-language"
        aria-keyshortcuts={LANGUAGE_KEY}
        aria-label={t('nav.languageSwitch')}
        onClick={() => void toggleLanguage()}
      >
        <kbd>{LANGUAGE_KEY}</kbd> {language.toUpperCase()}
      </button>
    </nav>
  );
}
