// Money, weights and dates for people, in one place (Intl-based): the label, the manifest, `npm run quote` and the
// screens all format through here, so an amount reads the same on paper and on screen. Italian first; English for
// the screens. Each formatter is built once, on its first use (building them all cost a bench's page 30 ms at start).
export type FormatLanguage = 'it' | 'en';

const LOCALE: Record<FormatLanguage, string> = { it: 'it-IT', en: 'en-GB' };

export interface Formats {
  /** 1234.5 → "1.234,50": two decimals, thousands always grouped (CLDR's Italian leaves 4-digit numbers ungrouped). */
  amount(value: number): string;
  /** 1234.5 → "1.234,50 €" (another currency by its code: "1.234,50 CHF"); "€1,234.50" in English. */
  money(value: number, currency?: string): string;
  /** Fixed decimals, grouped: formatDecimal(1234.5, 2) → "1.234,50". */
  decimal(value: number, decimals: number): string;
  /** Rounded to a whole number, grouped. */
  integer(value: number): string;
  /** Up to `maxDigits` decimals, as many as the value needs. */
  number(value: number, maxDigits?: number): string;
  /**
   * A decimal as an input holds it, typed either way or given by a device ("2.4", "2,4"), with the language's decimal
   * mark ("2,4" in Italian): never grouped, so it reads back as typed. Anything else (a thousands mark, several marks,
   * words) as it came: the field's check says what is wrong with it.
   */
  decimalInput(text: string): string;
  /** Weights to the gram, never trailing zeros past the first decimal: 3 → "3,0 kg", 0.125 → "0,125 kg". */
  kg(value: number): string;
  /** `YYYY-MM-DD` → "14/03/2025"; undefined for anything else (the caller prints it as given). */
  date(iso: string): string | undefined;
  /** A timestamp `YYYY-MM-DD hh:mm[:ss]` (the spec's spelling, local time) → "14/03/2025 16:45"; else undefined. */
  dateTime(stamp: string): string | undefined;
  /** An instant as this machine's local date and time: "06/05/2024 09:05". */
  localDateTime(date: Date): string;
  /** An instant as this machine's local time of day: "09:05". */
  localTime(date: Date): string;
}

const STAMP = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/;

/** A number with one decimal mark, either: the whole part and the decimals. */
const PLAIN_DECIMAL = /^(\s*-?\d+)[.,](\d+\s*)$/;

/** A non-finite value prints as 0, and a value that rounds to zero never as "-0". */
const finite = (value: number) => (Number.isFinite(value) ? value : 0);

/**
 * A whole number under a thousand reads the same in every language we format for (no grouping, no decimals): the
 * status bar's counts print without building a number formatter, the first of which costs a page 15-30 ms.
 */
const small = (value: number): string | undefined =>
  Number.isInteger(value) && Math.abs(value) < 1000 ? String(value === 0 ? 0 : value) : undefined;

/**
 * A UTC day as "05/01/2026", the order and digits both of our locales' Intl short date give: written out, because
 * Intl's format took 57 µs of each label's 0.7 ms. A day that does not exist rolls over as Date does ("2026-02-30"
 * → 02/03/2026), and the year is never padded, as Intl's "numeric" year.
 */
export function dayMonthYearOf(date: Date): string {
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(date.getUTCDate())}/${two(date.getUTCMonth() + 1)}/${date.getUTCFullYear()}`;
}

/** A value made on first use and kept: Intl formatters are costly to build and most screens need few of them. */
function once<T>(make: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= make());
}

function makeFormats(language: FormatLanguage): Formats {
  const locale = LOCALE[language];
  const fixed = (decimals: number) =>
    new Intl.NumberFormat(locale, {
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
      useGrouping: 'always',
      signDisplay: 'negative',
    });
  const byDecimals = [0, 1, 2, 3].map((decimals) => once(() => fixed(decimals)));
  const decimal = (value: number, decimals: number) =>
    (byDecimals[decimals]?.() ?? fixed(decimals)).format(finite(value));
  const upTo = (maxDigits: number) =>
    new Intl.NumberFormat(locale, { maximumFractionDigits: maxDigits, useGrouping: 'always', signDisplay: 'negative' });
  const upToDigits = new Map<number, Intl.NumberFormat>();
  const upToAt = (maxDigits: number) => {
    let format = upToDigits.get(maxDigits);
    if (!format) {
      format = upTo(maxDigits);
      upToDigits.set(maxDigits, format);
    }
    return format;
  };
  const weight = once(
    () =>
      new Intl.NumberFormat(locale, {
        minimumFractionDigits: 1,
        maximumFractionDigits: 3,
        useGrouping: 'always',
        signDisplay: 'negative',
      }),
  );
  const dayAndTime: Intl.DateTimeFormatOptions = {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  };
  const withTime = once(() => new Intl.DateTimeFormat(locale, { ...dayAndTime, timeZone: 'UTC' }));
  const localWithTime = once(() => new Intl.DateTimeFormat(locale, dayAndTime));
  const localClock = once(
    () => new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }),
  );
  const currencies = new Map<string, Intl.NumberFormat>();
  const englishMoney = (currency: string) => {
    let format = currencies.get(currency);
    if (!format) {
      format = new Intl.NumberFormat(locale, { style: 'currency', currency, useGrouping: 'always' });
      currencies.set(currency, format);
    }
    return format;
  };
  // Dates are formatted as UTC from their own digits: a bench's time zone never moves a printed day.
  const utc = (m: RegExpExecArray) =>
    new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4] ?? 0), Number(m[5] ?? 0)));
  return {
    amount: (value) => decimal(value, 2),
    money(value, currency = 'EUR') {
      if (language === 'it') return `${decimal(value, 2)} ${currency === 'EUR' ? '€' : currency}`;
      return /^[A-Z]{3}$/.test(currency)
        ? englishMoney(currency).format(finite(value))
        : `${decimal(value, 2)} ${currency}`;
    },
    decimal,
    integer: (value) => small(Math.round(finite(value))) ?? decimal(Math.round(finite(value)), 0),
    number: (value, maxDigits = 2) => small(finite(value)) ?? upToAt(maxDigits).format(finite(value)),
    decimalInput: (text) => text.replace(PLAIN_DECIMAL, `$1${language === 'it' ? ',' : '.'}$2`),
    kg: (value) => `${weight().format(finite(value))} kg`,
    date(iso) {
      const m = STAMP.exec(iso.trim());
      return m && m[4] === undefined ? dayMonthYearOf(utc(m)) : undefined;
    },
    dateTime(stamp) {
      const m = STAMP.exec(stamp.trim());
      return m && m[4] !== undefined ? withTime().format(utc(m)).replace(',', '') : undefined;
    },
    localDateTime: (date) => localWithTime().format(date).replace(',', ''),
    localTime: (date) => localClock().format(date),
  };
}

const FORMATS: Readonly<Record<FormatLanguage, Formats>> = Object.freeze({
  it: Object.freeze(makeFormats('it')),
  en: Object.freeze(makeFormats('en')),
});

/** The formats of a language (built once, shared). */
export const formats = (language: FormatLanguage = 'it'): Formats => FORMATS[language];
