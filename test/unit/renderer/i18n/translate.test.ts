// The dictionaries' counts: a text with a singular says one in it, any other count in the plural; the status bar's
// two counts named apart.
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

  it('names the status bar’s two counts apart: shipments to correct, departed parcels needing action', () => {
    for (const t of [it_, en]) {
      const name = (key: 'status.attention' | 'status.attentionParcels') =>
        (t(key, { count: 2 }).split(':')[0] ?? '').trim().split(' ');
      const [shipments, parcels] = [name('status.attention'), name('status.attentionParcels')];
      expect(shipments).not.toEqual(parcels);
      // Neither name holds the other's words (English once had "Needs attention" beside "Needs action").
      expect(shipments.at(-1)).not.toBe(parcels.at(-1));
      expect(shipments.some((word) => parcels.includes(word) && word.length > 3)).toBe(false);
    }
    expect(en('status.attention', { count: 2 })).toBe('To correct: 2');
  });
});
