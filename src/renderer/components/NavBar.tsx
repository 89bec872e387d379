// The top navigation drawn from plain values: one button per screen with its function key shown, and the language
// switch. The bench draws it through Nav.tsx; the build draws the same markup once per language (shell/navShell.tsx)
// for the browser host to send inside the page, so it is painted before any script runs.
import type { Language } from '../../shared/ipc/views';
import type { MessageKey, Translate } from '../i18n/translate';
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

export interface NavBarProps {
  t: Translate;
  language: Language;
  screen: Screen;
  go(screen: Screen): void;
  toggleLanguage(): void;
}

export function NavBar({ t, language, screen, go, toggleLanguage }: NavBarProps) {
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
        onClick={toggleLanguage}
      >
        <kbd>{LANGUAGE_KEY}</kbd> {language.toUpperCase()}
      </button>
    </nav>
  );
}
