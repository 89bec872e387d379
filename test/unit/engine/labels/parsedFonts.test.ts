// The shipped fonts are parsed once per Resources for every PDF drawn with them, not once per document.
import { describe, expect, it } from 'vitest';
import { CACHING_FONTKIT } from '../../../../src/engine/labels/parsedFonts';
import { openResources } from '../../../../src/engine/resources';

describe('the parsed PDF fonts', () => {
  it('are parsed once per font and Resources, and each Resources parses its own', () => {
    const one = openResources();
    const two = openResources();
    const regular = one.get(CACHING_FONTKIT).create(one.fontBytes('regular'));

    expect(one.get(CACHING_FONTKIT).create(one.fontBytes('regular'))).toBe(regular);
    // Identity asked plainly: `not.toBe` compares two different fonts deeply for its message, thousands of glyphs.
    expect(one.get(CACHING_FONTKIT).create(one.fontBytes('bold')) === regular).toBe(false);
    expect(two.get(CACHING_FONTKIT).create(two.fontBytes('regular')) === regular).toBe(false);
    expect(regular.familyName).toBe('DejaVu Sans');
  });
});
