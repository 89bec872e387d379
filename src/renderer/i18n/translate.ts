// The two dictionaries and the lookup, without React: the stores, the error texts and their tests use it directly.
import type { Language } from '../../shared/ipc/views';
import { en } from './en';
import { it, type MessageKey } from './it';

export type { MessageKey } from './it';
export type Params = Record<string, string | number>;
export type Translate = (key: MessageKey, params?: Params) => string;

const DICTIONARIES: Record<Language, Record<MessageKey, string>> = { it, en };

export function hasMessage(key: string): key is MessageKey {
  return Object.hasOwn(it, key);
}

/**
 * The text for `key` in `language`, its `{name}` places filled from `params`. A count of exactly 1 takes the key's
 * singular (`key.one`) where the dictionaries have one: "1 errore", never "1 errori".
 */
export function translate(language: Language, key: MessageKey, params?: Params): string {
  const dictionary = DICTIONARIES[language];
  const one = `${key}.one`;
  const singular = params?.count === 1 && hasMessage(one) ? dictionary[one] : undefined;
  const text = singular ?? dictionary[key] ?? key;
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}
