// The customs papers' printable characters (shared/domain/invoiceGlyphs.ts) are exactly what both weights of their
// font draw, left to right: a font changed under resources/ without the table (or the other way) fails here, so a
// line the form lets through never prints blank, and a character the font has is never refused.
import { readFileSync } from 'node:fs';
import fontkit from '@pdf-lib/fontkit';
import { describe, expect, it } from 'vitest';
import { INVOICE_GLYPH_RANGES, unprintableChars } from '../../../src/shared/domain/invoiceGlyphs';

const font = (name: string) =>
  fontkit.create(readFileSync(new URL(`../../../resources/fonts/${name}`, import.meta.url)));
const RIGHT_TO_LEFT = /[\p{Script=Hebrew}\p{Script=Arabic}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}]/u;

describe('what the customs papers can print', () => {
  it("is every character both of the invoice font's weights draw, but the right-to-left scripts", () => {
    const regular = font('DejaVuSans.ttf');
    const bold = font('DejaVuSans-Bold.ttf');
    const ranges: number[] = [];
    for (let cp = 0x20; cp <= 0x10ffff; cp++) {
      const drawn = regular.hasGlyphForCodePoint(cp) && bold.hasGlyphForCodePoint(cp);
      if (!drawn || RIGHT_TO_LEFT.test(String.fromCodePoint(cp))) continue;
      if (ranges.at(-1) === cp - 1) ranges[ranges.length - 1] = cp;
      else ranges.push(cp, cp);
    }
    expect(INVOICE_GLYPH_RANGES).toEqual(ranges);
  });

  it('names each character it cannot print once, in the order met', () => {
    expect(unprintableChars('Mug 马克杯 🍵 杯 ✓')).toBe('马克杯🍵');
    expect(unprintableChars('Crème brûlée, Ø 12 cm')).toBe('');
  });
});
