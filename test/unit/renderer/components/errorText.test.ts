// Errors reach the screens as data (a code, the value it speaks of, the station's Italian text): the screens say
// them by code in the operator's language and never read the text back.
import { describe, expect, it } from 'vitest';
import { FIELD_ERROR_CODES, fieldIssue, otherIssue } from '../../../../src/shared/api/fieldIssues';
import { ERROR_CODES, SELF_SPEAKING_CODES, type ErrorCode } from '../../../../src/shared/ipc/result';
import { errorText } from '../../../../src/renderer/components/errorText';
import { fieldErrorText } from '../../../../src/renderer/components/fieldErrorText';
import { translate, type Translate } from '../../../../src/renderer/i18n/translate';
import type { Language } from '../../../../src/shared/ipc/views';

const tOf =
  (language: Language): Translate =>
  (key, params) =>
    translate(language, key, params);
const [it_, en] = [tOf('it'), tOf('en')];
const CODED = FIELD_ERROR_CODES.filter((code) => code !== 'other');

describe('field issues on screen', () => {
  it('has a text for every code in both languages, different in each, with the value put in', () => {
    for (const code of CODED) {
      const issue = fieldIssue(code, code === 'enumOf' ? 'PDF, ZPL' : 35);
      const [italian, english] = [fieldErrorText(it_, issue), fieldErrorText(en, issue)];
      expect(italian, code).not.toMatch(/^fieldError\.|\{value\}/);
      expect(english, code).not.toMatch(/^fieldError\.|\{value\}/);
      expect(english, code).not.toBe(italian);
    }
    expect(fieldErrorText(en, fieldIssue('maxChars', 35))).toBe('at most 35 characters');
    expect(fieldErrorText(it_, fieldIssue('maxChars', 35))).toBe('al massimo 35 caratteri');
    expect(fieldErrorText(en, fieldIssue('enumOf', 'PDF, ZPL'))).toBe('allowed values: PDF, ZPL');
  });

  it('goes by the code, not the text: a changed Italian wording still reads right in English', () => {
    const reworded = { ...fieldIssue('required'), message: 'campo da compilare' };
    expect(fieldErrorText(en, reworded)).toBe('required');
  });

  it('shows a reason with no code of its own as the station wrote it, in either language', () => {
    const issue = otherIssue("Indirizzo della stampante non valido: manca l'host");
    expect(fieldErrorText(en, issue)).toBe(issue.message);
    expect(fieldErrorText(it_, issue)).toBe(issue.message);
  });
});

describe('command errors on screen', () => {
  it('says the self-speaking codes in the operator language, whatever text came with them', () => {
    for (const code of SELF_SPEAKING_CODES) {
      const error = { code, message: 'testo qualunque' };
      expect(errorText(en, error), code).not.toBe(error.message);
      expect(errorText(it_, error), code).not.toBe(error.message);
      expect(errorText(en, error), code).not.toBe(errorText(it_, error));
    }
    expect(errorText(en, { code: 'unreachable', message: '' })).toBe('Station unreachable: try again');
  });

  it("shows the station's own words for the codes that need them", () => {
    const others = ERROR_CODES.filter((code) => !(SELF_SPEAKING_CODES as readonly ErrorCode[]).includes(code));
    expect(others).toEqual(['invalid', 'not_found', 'refused', 'internal']);
    for (const code of others)
      expect(errorText(en, { code, message: 'Spedizione non trovata' })).toBe('Spedizione non trovata');
  });
});

describe('counts on screen', () => {
  it('says one in the singular where the dictionaries have it, and any other count in the plural', () => {
    expect(it_('pricing.refused', { count: 1 })).toBe('File non importato: 1 errore, nulla è cambiato');
    expect(en('pricing.refused', { count: 1 })).toBe('File not imported: 1 error, nothing changed');
    expect(it_('pricing.refused', { count: 0 })).toBe('File non importato: 0 errori, nulla è cambiato');
    expect(it_('pricing.refused', { count: 51 })).toBe('File non importato: 51 errori, nulla è cambiato');
    // A key without a singular keeps its one text.
    expect(it_('pricing.imported', { count: 1 })).toBe('Listini importati: 1');
  });
});
