// The fontkit every PDF the station draws registers (labels, manifests, customs papers, pick lists, COD reports): the
// shipped TTFs parsed once per Resources, not once per document.
import fontkit from '@pdf-lib/fontkit';
import type { PDFDocument } from 'pdf-lib';
import { derived } from '../resources';

type Fontkit = Parameters<PDFDocument['registerFontkit']>[0];
type ParsedFont = ReturnType<Fontkit['create']>;

/**
 * pdf-lib parses the whole TTF for every document it embeds it in (most of a label's render time, about 50 ms of an
 * A4 document's); the parsed font is kept instead, by the Resources the bytes come from. Subsets are still built per
 * document, so each PDF carries only its own glyphs.
 */
export const CACHING_FONTKIT = derived<Fontkit>('parsed PDF fonts', () => {
  const parsed = new Map<Uint8Array, ParsedFont>();
  return {
    create(bytes) {
      let font = parsed.get(bytes);
      if (!font) {
        font = fontkit.create(bytes);
        // fontkit keeps each glyph with the characters it was first asked for, and pdf-lib's text map (ToUnicode)
        // is made from those. Writing a subset asks for an accented letter's parts (é: e and the accent) with no
        // character, so a font shared between documents would map a later document's plain e to nothing (its text
        // lost to copy and search, its bytes unlike a fresh document's). Each glyph is asked for by its character
        // first: what a fresh document gives it (DejaVu has no glyph behind two characters), once per Resources.
        for (const codePoint of font.characterSet) font.glyphForCodePoint(codePoint);
        parsed.set(bytes, font);
      }
      return font;
    },
  };
});
