// The renderer's own small i18n: two dictionaries with the same keys, a `useT()` hook, and the shared formats
// (money, weights, dates: src/shared/format.ts) per language. Errors come as data and are said by their code
// (components/errorText.ts, components/fieldErrorText.ts).
import { createContext, useContext, useMemo, type ReactNode } from 'react';
import type { Language } from '../../shared/ipc/views';
import { formats } from '../../shared/format';
import { translate, type Translate } from './translate';

export { hasMessage, translate, type MessageKey, type Params, type Translate } from './translate';

export interface I18n {
  language: Language;
  t: Translate;
  number(value: number, maxDigits?: number): string;
  money(value: number, currency?: string): string;
  kg(value: number): string;
  /** A decimal in an input, with the bench's decimal mark ("2.4" → "2,4" in Italian); anything else as it is. */
  decimalInput(text: string): string;
  dateTime(value: string): string;
  /** A day, `YYYY-MM-DD`: "26/11/2026" on an Italian bench. */
  date(value: string): string;
  /** This machine's time of day: "09:05". */
  clock(date: Date): string;
  /** An instant (ms) as this machine's date and time: "26/11/2026 09:05". */
  moment(ms: number): string;
}

export function createI18n(language: Language): I18n {
  const format = formats(language);
  return {
    language,
    t: (key, params) => translate(language, key, params),
    number: (value, maxDigits) => format.number(value, maxDigits),
    money: (value, currency) => format.money(value, currency),
    kg: (value) => format.kg(value),
    decimalInput: (text) => format.decimalInput(text),
    // A station timestamp (`YYYY-MM-DD hh:mm:ss`, the spec's spelling, local time); anything else as it came.
    dateTime: (value) => format.dateTime(value) ?? value,
    date: (value) => format.date(value) ?? value,
    clock: (date) => format.localTime(date),
    moment: (ms) => format.localDateTime(new Date(ms)),
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
