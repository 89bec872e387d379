// The dictionaries' counts: a text with a singular says one in it, any other count in the plural.
import { describe, expect, it } from 'vitest';
import { englishText as en, italianText as it_ } from '../../../helpers/translate';

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
