// The PDF label's fonts prepared once per process: one DejaVu subset per weight holding a fixed Latin
// repertoire (ASCII, Latin-1, the euro sign and typographic punctuation), encoded and deflated once, its widths and
// Unicode map computed once. A label whose text stays inside the repertoire (all but a few) only registers these
// ready objects and writes glyph ids: no per-label subsetting, shaping or deflating of a font, which were two thirds
// of a PDF label's time. Text outside it (a Polish or Greek name) is drawn by pdf.ts's per-label subsets instead.
import fontkit from '@pdf-lib/fontkit';
import { deflateSync } from 'node:zlib';
import {
  beginText,
  endText,
  PDFHexString,
  PDFString,
  popGraphicsState,
  pushGraphicsState,
  setFillingRgbColor,
  showText,
  type PDFName,
  type PDFOperator,
  type PDFPage,
  type PDFRef,
} from 'pdf-lib';
import { derived, type FontWeight, type Resources } from '../resources';
import { moveTextTo, setFontAndSize } from './pdfOperators';

/** The characters every prepared font holds: printable ASCII, Latin-1, and what Italian typing and our layout add. */
const REPERTOIRE: readonly number[] = [
  ...range(0x20, 0x7e),
  ...range(0xa0, 0xff),
  ...[0x20ac, 0x2018, 0x2019, 0x201a, 0x201c, 0x201d, 0x201e, 0x2013, 0x2014, 0x2026, 0x2022, 0x2039, 0x203a],
];

function range(from: number, to: number): number[] {
  return Array.from({ length: to - from + 1 }, (_, i) => from + i);
}

/** A subset's tag (six capitals, PDF 32000 9.6.4): fixed, so the same label gives the same bytes. */
const SUBSET_TAG: Record<FontWeight, string> = { regular: 'SSLATR', bold: 'SSLATB' };

interface PreparedFont {
  baseFont: string;
  /** The subset TrueType file, deflated, and its length before deflating (the stream's /Length1). */
  fontFile: Uint8Array;
  fontFileLength: number;
  /** The ToUnicode CMap, deflated: what lets a reader copy and search the label's text. */
  toUnicode: Uint8Array;
  /** Glyph id in the subset of each character of the repertoire. */
  glyphOf: ReadonlyMap<number, number>;
  /** Advance widths of glyphs 0..n in thousandths of the font size (the CID font's /W). */
  widths: number[];
  descriptor: {
    flags: number;
    bbox: [number, number, number, number];
    italicAngle: number;
    ascent: number;
    descent: number;
    capHeight: number;
    xHeight: number;
  };
}

async function prepare(bytes: Uint8Array, weight: FontWeight): Promise<PreparedFont> {
  const font = fontkit.create(bytes);
  const subset = font.createSubset();
  const glyphOf = new Map<number, number>();
  const firstCodePoint = new Map<number, number>();
  const widths: number[] = [font.getGlyph(0).advanceWidth];
  for (const cp of REPERTOIRE) {
    if (!font.hasGlyphForCodePoint(cp)) throw new Error(`label font ${weight} has no glyph for U+${cp.toString(16)}`);
    const glyph = font.glyphForCodePoint(cp);
    const id = subset.includeGlyph(glyph);
    glyphOf.set(cp, id);
    if (!firstCodePoint.has(id)) firstCodePoint.set(id, cp);
    widths[id] = glyph.advanceWidth;
  }
  const parts: Uint8Array[] = [];
  await new Promise<void>((resolve) => {
    subset
      .encodeStream()
      .on('data', (part: Uint8Array) => parts.push(part))
      .on('end', () => resolve());
  });
  const file = Buffer.concat(parts);
  const scale = 1000 / font.unitsPerEm;
  const hex = (n: number) => n.toString(16).padStart(4, '0');
  const bfchars = [...firstCodePoint].map(([id, cp]) => `<${hex(id)}> <${hex(cp)}>`);
  // At most 100 entries per bfchar block (PDF 32000 9.10.3).
  const blocks: string[] = [];
  for (let i = 0; i < bfchars.length; i += 100) {
    const block = bfchars.slice(i, i + 100);
    blocks.push(`${block.length} beginbfchar\n${block.join('\n')}\nendbfchar`);
  }
  const cmap = [
    '/CIDInit /ProcSet findresource begin',
    '12 dict begin',
    'begincmap',
    '/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def',
    '/CMapName /Adobe-Identity-UCS def',
    '/CMapType 2 def',
    '1 begincodespacerange',
    '<0000> <ffff>',
    'endcodespacerange',
    ...blocks,
    'endcmap',
    'CMapName currentdict /CMap defineresource pop',
    'end',
    'end',
  ].join('\n');
  const round = (n: number) => Math.round(n * scale * 1000) / 1000;
  return {
    baseFont: `${SUBSET_TAG[weight]}+${font.postscriptName}`,
    fontFile: deflateSync(file),
    fontFileLength: file.length,
    toUnicode: deflateSync(Buffer.from(cmap, 'latin1')),
    glyphOf,
    widths: widths.map((w) => round(w ?? 0)),
    descriptor: {
      // Symbolic: the glyphs are addressed by id (Identity-H), as pdf-lib's own embedding declares them.
      flags: 4,
      bbox: [round(font.bbox.minX), round(font.bbox.minY), round(font.bbox.maxX), round(font.bbox.maxY)],
      italicAngle: font.italicAngle,
      ascent: round(font.ascent),
      descent: round(font.descent),
      capHeight: round(font.capHeight || font.ascent),
      xHeight: round(font.xHeight || 0),
    },
  };
}

const PREPARED = derived('prepared PDF fonts', (resources) => {
  const made = new Map<FontWeight, Promise<PreparedFont>>();
  return (weight: FontWeight): Promise<PreparedFont> => {
    let font = made.get(weight);
    if (!font) {
      font = prepare(resources.fontBytes(weight), weight);
      made.set(weight, font);
    }
    return font;
  };
});

/** Text holding a character outside the repertoire: pdf.ts draws the label with per-label subsets instead. */
export class OutsideRepertoire extends Error {
  constructor(readonly codePoint: number) {
    super(`U+${codePoint.toString(16)} is not in the prepared label fonts`);
  }
}

/** Both weights, ready before drawing starts (the first label of a process prepares them: about 50 ms). */
export async function preparedFonts(resources: Resources): Promise<Record<FontWeight, PreparedFont>> {
  const get = resources.get(PREPARED);
  const [regular, bold] = await Promise.all([get('regular'), get('bold')]);
  return { regular, bold };
}

/** Writes text on one page with the prepared fonts, registering each weight in the document on its first use. */
export class PreparedTextWriter {
  private readonly keys = new Map<FontWeight, PDFName>();

  constructor(
    private readonly page: PDFPage,
    private readonly fonts: Record<FontWeight, PreparedFont>,
  ) {}

  /** One line at (x, y) in points, `size` in points, black or white. Throws OutsideRepertoire, drawing nothing. */
  line(text: string, x: number, y: number, size: number, weight: FontWeight, white: boolean): void {
    const font = this.fonts[weight];
    let hex = '';
    for (const ch of text) {
      const cp = ch.codePointAt(0) ?? 0;
      const id = font.glyphOf.get(cp);
      if (id === undefined) throw new OutsideRepertoire(cp);
      hex += id.toString(16).padStart(4, '0');
    }
    const ops: PDFOperator[] = [
      pushGraphicsState(),
      setFillingRgbColor(white ? 1 : 0, white ? 1 : 0, white ? 1 : 0),
      beginText(),
      setFontAndSize(this.key(weight), size),
      moveTextTo(x, y),
      showText(PDFHexString.of(hex)),
      endText(),
      popGraphicsState(),
    ];
    this.page.pushOperators(...ops);
  }

  private key(weight: FontWeight): PDFName {
    let key = this.keys.get(weight);
    if (!key) {
      key = this.page.node.newFontDictionary(SUBSET_TAG[weight], this.register(this.fonts[weight]));
      this.keys.set(weight, key);
    }
    return key;
  }

  private register(font: PreparedFont): PDFRef {
    const context = this.page.doc.context;
    const fontFile = context.register(
      context.stream(font.fontFile, { Filter: 'FlateDecode', Length1: font.fontFileLength }),
    );
    const d = font.descriptor;
    const descriptor = context.register(
      context.obj({
        Type: 'FontDescriptor',
        FontName: font.baseFont,
        Flags: d.flags,
        FontBBox: d.bbox,
        ItalicAngle: d.italicAngle,
        Ascent: d.ascent,
        Descent: d.descent,
        CapHeight: d.capHeight,
        XHeight: d.xHeight,
        StemV: 0,
        FontFile2: fontFile,
      }),
    );
    const cidFont = context.register(
      context.obj({
        Type: 'Font',
        Subtype: 'CIDFontType2',
        CIDToGIDMap: 'Identity',
        BaseFont: font.baseFont,
        CIDSystemInfo: { Registry: PDFString.of('Adobe'), Ordering: PDFString.of('Identity'), Supplement: 0 },
        FontDescriptor: descriptor,
        W: [0, font.widths],
      }),
    );
    const toUnicode = context.register(context.stream(font.toUnicode, { Filter: 'FlateDecode' }));
    return context.register(
      context.obj({
        Type: 'Font',
        Subtype: 'Type0',
        BaseFont: font.baseFont,
        Encoding: 'Identity-H',
        DescendantFonts: [cidFont],
        ToUnicode: toUnicode,
      }),
    );
  }
}
