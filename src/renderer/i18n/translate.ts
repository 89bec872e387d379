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

export function translate(language: Language, key: MessageKey, params?: Params): string {
  const text = DICTIONARIES[language][key] ?? key;
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}
