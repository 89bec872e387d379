import fontkit from '@pdf-lib/fontkit';
import { describe, expect, it } from 'vitest';
import { readFontMetrics } from '../../../../src/engine/labels/fontMetrics';
import { resources } from '../../../helpers/resources';

/** Every plane's first 0x3000 code points and all of the BMP: every range the label fonts map, and unmapped ones. */
function codePoints(): number[] {
  const out: number[] = [];
  for (let cp = 0; cp <= 0xffff; cp += 1) out.push(cp);
  for (let plane = 1; plane <= 0x10; plane += 1) {
    for (let cp = plane * 0x10000; cp < plane * 0x10000 + 0x3000; cp += 1) out.push(cp);
  }
  out.push(0x10ffff);
  return out;
}

describe("the label fonts' metrics, read without fontkit", () => {
  for (const weight of ['regular', 'bold'] as const) {
    it(`gives fontkit's units per em, ascent and advance of every character for the ${weight} font`, () => {
      const bytes = resources.fontBytes(weight);
      const font = fontkit.create(bytes);
      const mine = readFontMetrics(bytes);
      expect(mine.unitsPerEm).toBe(font.unitsPerEm);
      expect(mine.ascent).toBe(font.ascent);
      const differing = codePoints().filter((cp) => mine.advance(cp) !== font.glyphForCodePoint(cp).advanceWidth);
      expect(differing).toEqual([]);
    });
  }

  it('refuses a file that is not a font instead of measuring garbage', () => {
    expect(() => readFontMetrics(new TextEncoder().encode('not a font at all'))).toThrow(/not a TrueType/);
  });
});
