// Field issues reach the screens as data (a code, the value it speaks of, the station's Italian text): the screens say
// them by code in the operator's language and never read the text back.
import { describe, expect, it } from 'vitest';
import { FIELD_ERROR_CODES, fieldIssue, otherIssue } from '../../../../src/shared/api/fieldIssues';
import { fieldErrorText } from '../../../../src/renderer/components/fieldErrorText';
import { englishText as en, italianText as it_ } from '../../../helpers/translate';

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
