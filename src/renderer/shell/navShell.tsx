// The navigation bar as a bench first shows it, as HTML, in each language: made at build (electron.vite.config.ts
// writes each beside the built page) for the browser host to send inside the page, so the bar is painted before any
// script runs (src/station/hosts/pageShell.ts). The page never imports this file; its app draws the same NavBar.
import { renderToStaticMarkup } from 'react-dom/server';
import { LanguageSchema, type Language } from '../../shared/ipc/views';
import { pageShellFile } from '../../shared/pageShell';
import { NavBar } from '../components/NavBar';
import { en } from '../i18n/en';
import { keepDictionary, translate } from '../i18n/translate';
import { FIRST_SCREEN } from '../stores/appStore';

/** The bar inside the app's frame (App.tsx's outer element), in `language`, on the first screen; inert. */
function navShell(language: Language): string {
  const bar = (
    <NavBar
      t={(key, params) => translate(language, key, params)}
      language={language}
      screen={FIRST_SCREEN}
      go={() => undefined}
      toggleLanguage={() => undefined}
    />
  );
  return renderToStaticMarkup(<div className="app">{bar}</div>);
}

/** One file per language: its name beside index.html and its markup. */
export function navShells(): { fileName: string; source: string }[] {
  keepDictionary('en', en);
  return LanguageSchema.options.map((language) => ({ fileName: pageShellFile(language), source: navShell(language) }));
}
