// The dictionaries and the lookup, without React: the stores, the error texts and their tests use it directly.
// Italian is the bench's language and comes with the first screen; English is read with import() by an English
// bench only (a table as big as the first screen's code, which an Italian bench never needs).
import type { Language } from '../../shared/ipc/views';
import { it, type MessageKey } from './it';

export type { MessageKey } from './it';
export type Params = Record<string, string | number>;
export type Translate = (key: MessageKey, params?: Params) => string;
type Dictionary = Record<MessageKey, string>;

const DICTIONARIES: Partial<Record<Language, Dictionary>> = { it };
const LOADERS: Record<Exclude<Language, 'it'>, () => Promise<Dictionary>> = {
  en: () => import('./en').then((module) => module.en),
};

/** Whether `language`'s table is here: a screen in it can be drawn. */
export const hasDictionary = (language: Language): boolean => DICTIONARIES[language] !== undefined;

/**
 * Makes `language`'s table available (read once); false when it could not be read. A store sets a language only once
 * this is done, so that no screen is drawn in a language whose words are not there yet.
 */
export async function loadDictionary(language: Language): Promise<boolean> {
  if (language === 'it' || hasDictionary(language)) return true;
  try {
    DICTIONARIES[language] = await LOADERS[language]();
    return true;
  } catch {
    return false;
  }
}

/** A table read by other means (the tests, under Node, take English at once). */
export function keepDictionary(language: Language, dictionary: Dictionary): void {
  DICTIONARIES[language] = dictionary;
}

export function hasMessage(key: string): key is MessageKey {
  return Object.hasOwn(it, key);
}

/**
 * The text for `key` in `language`, its `{name}` places filled from `params`. A count of exactly 1 takes the key's
 * singular (`key.one`) where the dictionaries have one: "1 errore", never "1 errori". A language whose table is not
 * here (yet) speaks Italian.
 */
export function translate(language: Language, key: MessageKey, params?: Params): string {
  const dictionary = DICTIONARIES[language] ?? it;
  const one = `${key}.one`;
  const singular = params?.count === 1 && hasMessage(one) ? dictionary[one] : undefined;
  const text = singular ?? dictionary[key] ?? key;
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}
