// Command errors reach the screens as data (a code, the station's Italian text): the screens say the codes that say
// it all in the operator's language, by code, and show the station's own words only for the others.
import { describe, expect, it } from 'vitest';
import { ERROR_CODES, SELF_SPEAKING_CODES, type ErrorCode } from '../../../../src/shared/ipc/result';
import { errorText } from '../../../../src/renderer/components/errorText';
import { englishText as en, italianText as it_ } from '../../../helpers/translate';

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
