// The renderer's own small i18n: two dictionaries with the same keys, a `useT()` hook, and number/date formatting per
// language. Errors come as data and are said by their code (components/errorText.ts, components/fieldErrorText.ts).
import { createContext, useContext, useMemo, type ReactNode } from 'react';
import type { Language } from '../../shared/ipc/views';
import { translate, type Translate } from './translate';

export { hasMessage, translate, type MessageKey, type Params, type Translate } from './translate';

const LOCALES: Record<Language, string> = { it: 'it-IT', en: 'en-GB' };

/** A station timestamp: `YYYY-MM-DD hh:mm:ss` (the spec's spelling, local time) or ISO 8601. */
export function parseStationDate(value: string): Date | undefined {
  const spec = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/.exec(value);
  const date = spec
    ? new Date(
        Number(spec[1]),
        Number(spec[2]) - 1,
        Number(spec[3]),
        Number(spec[4]),
        Number(spec[5]),
        Number(spec[6] ?? 0),
      )
    : new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

export interface I18n {
  language: Language;
  t: Translate;
  number(value: number, maxDigits?: number): string;
  money(value: number, currency?: string): string;
  dateTime(value: string): string;
}

export function createI18n(language: Language): I18n {
  const locale = LOCALES[language];
  const dateFormat = new Intl.DateTimeFormat(locale, {
    day: '2-digit',
    month: '2-digit',
    year: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  });
  return {
    language,
    t: (key, params) => translate(language, key, params),
    number: (value, maxDigits = 2) => new Intl.NumberFormat(locale, { maximumFractionDigits: maxDigits }).format(value),
    money: (value, currency = 'EUR') => new Intl.NumberFormat(locale, { style: 'currency', currency }).format(value),
    dateTime: (value) => {
      const date = parseStationDate(value);
      return date ? dateFormat.format(date) : value;
    },
  };
}

const I18nContext = createContext<I18n>(createI18n('it'));

export function I18nProvider({ language, children }: { language: Language; children: ReactNode }) {
  const value = useMemo(() => createI18n(language), [language]);
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

export function useI18n(): I18n {
  return useContext(I18nContext);
}

/** The `t(key, params)` hook. */
export function useT(): Translate {
  return useContext(I18nContext).t;
}
