// The station's dictionaries as a screen reads them, in a language chosen by the test.
import { en } from '../../src/renderer/i18n/en';
import { keepDictionary, translate, type Translate } from '../../src/renderer/i18n/translate';
import type { Language } from '../../src/shared/ipc/views';

// A bench reads English with import() when it needs it; a test has it at once.
keepDictionary('en', en);

/** The translate function a screen gets in `language`. */
export const translatorIn =
  (language: Language): Translate =>
  (key, params) =>
    translate(language, key, params);

/** The Italian and the English screens' translate functions. */
export const [italianText, englishText] = [translatorIn('it'), translatorIn('en')];
