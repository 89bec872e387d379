// Field errors come from the shared schemas in Italian (the engine answers the same words). In Italian they are shown
// as they are; in English the known texts are translated, and anything else is shown as it came.
import { FIELD_MSG } from '../../shared/api/messages';
import type { Language } from '../../shared/ipc/views';
import type { MessageKey, Translate } from '../i18n';

const EXACT: ReadonlyArray<[string, MessageKey]> = [
  [FIELD_MSG.text, 'fieldError.text'],
  [FIELD_MSG.required, 'fieldError.required'],
  [FIELD_MSG.number, 'fieldError.number'],
  [FIELD_MSG.integer, 'fieldError.integer'],
  [FIELD_MSG.nonNegative, 'fieldError.nonNegative'],
  [FIELD_MSG.atLeastOne, 'fieldError.atLeastOne'],
  [FIELD_MSG.country, 'fieldError.country'],
  [FIELD_MSG.province, 'fieldError.province'],
  [FIELD_MSG.email, 'fieldError.email'],
  [FIELD_MSG.flagSN, 'fieldError.flagSN'],
  [FIELD_MSG.flag01, 'fieldError.flag01'],
  [FIELD_MSG.date, 'fieldError.date'],
  [FIELD_MSG.dateTime, 'fieldError.dateTime'],
  [FIELD_MSG.time, 'fieldError.time'],
  [FIELD_MSG.currency, 'fieldError.currency'],
  [FIELD_MSG.array, 'fieldError.array'],
  [FIELD_MSG.parcelsCount, 'fieldError.parcelsCount'],
  [FIELD_MSG.notAmendable, 'fieldError.notAmendable'],
];

const PATTERNS: ReadonlyArray<[RegExp, MessageKey]> = [
  [/^al massimo (\d+) caratteri$/, 'fieldError.maxChars'],
  [/^al massimo (\d+)$/, 'fieldError.max'],
  [/^valori ammessi: (.+)$/, 'fieldError.enumOf'],
];

export function fieldErrorText(language: Language, t: Translate, message: string): string {
  if (language === 'it') return message;
  const exact = EXACT.find(([text]) => text === message);
  if (exact) return t(exact[1]);
  for (const [pattern, key] of PATTERNS) {
    const match = pattern.exec(message);
    if (match) return t(key, { value: match[1] ?? '' });
  }
  return message;
}
