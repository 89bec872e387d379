// The few numbers text fitting needs from a TrueType/OpenType font, read straight from its tables: units per em
// (head), ascent (hhea), and each character's advance width (cmap → glyph id → hmtx). fit.ts measures every label
// with these, ZPL ones too, so they must not need fontkit: loading it costs about 0.6 s, which a process that only
// prints ZPL would pay for nothing. The lookups follow fontkit's own (its cmap preference order, a glyph past hmtx's
// last full entry takes that entry's advance), so widths are the ones fontkit gives (test/unit/…/fontMetrics.test.ts).

export interface FontMetrics {
  unitsPerEm: number;
  ascent: number;
  /** Advance width in font units of the glyph the font maps this code point to (glyph 0 when it maps none). */
  advance(codePoint: number): number;
}

type GlyphLookup = (codePoint: number) => number;

/** fontkit's order: 32-bit Unicode subtables first, then 16-bit ones (CmapProcessor). */
const CMAP_PREFERENCE: readonly (readonly [number, number])[] = [
  [3, 10],
  [0, 6],
  [0, 4],
  [3, 1],
  [0, 3],
  [0, 2],
  [0, 1],
  [0, 0],
];

function tableOffsets(view: DataView): Map<string, number> {
  const tag = view.getUint32(0);
  // 0x00010000 and 'true': TrueType outlines; 'OTTO': CFF outlines. Collections and WOFF are not label fonts.
  if (tag !== 0x00010000 && tag !== 0x74727565 && tag !== 0x4f54544f) {
    throw new Error('label font is not a TrueType or OpenType font file');
  }
  const tables = new Map<string, number>();
  const count = view.getUint16(4);
  for (let i = 0; i < count; i += 1) {
    const record = 12 + i * 16;
    const name = String.fromCharCode(
      view.getUint8(record),
      view.getUint8(record + 1),
      view.getUint8(record + 2),
      view.getUint8(record + 3),
    );
    tables.set(name, view.getUint32(record + 8));
  }
  return tables;
}

function required(tables: Map<string, number>, name: string): number {
  const offset = tables.get(name);
  if (offset === undefined) throw new Error(`label font has no ${name} table`);
  return offset;
}

/** Binary search over `count` ranges; `range(i)` gives [first, last] of range i, `hit(i)` the glyph inside it. */
function searchRanges(
  count: number,
  range: (i: number) => readonly [number, number],
  codePoint: number,
  hit: (i: number) => number,
): number {
  let min = 0;
  let max = count - 1;
  while (min <= max) {
    const mid = (min + max) >> 1;
    const [first, last] = range(mid);
    if (codePoint < first) max = mid - 1;
    else if (codePoint > last) min = mid + 1;
    else return hit(mid);
  }
  return 0;
}

function format4(view: DataView, at: number): GlyphLookup {
  const segCount = view.getUint16(at + 6) / 2;
  const endCodes = at + 14;
  const startCodes = endCodes + segCount * 2 + 2;
  const idDeltas = startCodes + segCount * 2;
  const idRangeOffsets = idDeltas + segCount * 2;
  const glyphIds = idRangeOffsets + segCount * 2;
  const glyphIdCount = Math.max(0, (view.getUint16(at + 2) - (glyphIds - at)) >> 1);
  return (cp) =>
    searchRanges(
      segCount,
      (i) => [view.getUint16(startCodes + i * 2), view.getUint16(endCodes + i * 2)],
      cp,
      (i) => {
        const delta = view.getInt16(idDeltas + i * 2);
        const rangeOffset = view.getUint16(idRangeOffsets + i * 2);
        if (rangeOffset === 0) return (cp + delta) & 0xffff;
        const index = rangeOffset / 2 + (cp - view.getUint16(startCodes + i * 2)) - (segCount - i);
        const glyph = index >= 0 && index < glyphIdCount ? view.getUint16(glyphIds + index * 2) : 0;
        return glyph === 0 ? 0 : (glyph + delta) & 0xffff;
      },
    );
}

function format12or13(view: DataView, at: number, format: number): GlyphLookup {
  const groups = view.getUint32(at + 12);
  const group = (i: number) => at + 16 + i * 12;
  return (cp) =>
    searchRanges(
      groups,
      (i) => [view.getUint32(group(i)), view.getUint32(group(i) + 4)],
      cp,
      (i) => {
        const first = view.getUint32(group(i) + 8);
        return format === 12 ? first + (cp - view.getUint32(group(i))) : first;
      },
    );
}

function format6(view: DataView, at: number): GlyphLookup {
  const firstCode = view.getUint16(at + 6);
  const count = view.getUint16(at + 8);
  return (cp) => {
    const i = cp - firstCode;
    return i >= 0 && i < count ? view.getUint16(at + 10 + i * 2) : 0;
  };
}

function format0(view: DataView, at: number): GlyphLookup {
  return (cp) => (cp >= 0 && cp < 256 ? view.getUint8(at + 6 + cp) : 0);
}

function cmapLookup(view: DataView, cmap: number): GlyphLookup {
  const count = view.getUint16(cmap + 2);
  const subtables: { platform: number; encoding: number; at: number }[] = [];
  for (let i = 0; i < count; i += 1) {
    const record = cmap + 4 + i * 8;
    subtables.push({
      platform: view.getUint16(record),
      encoding: view.getUint16(record + 2),
      at: cmap + view.getUint32(record + 4),
    });
  }
  for (const [platform, encoding] of CMAP_PREFERENCE) {
    const table = subtables.find((t) => t.platform === platform && t.encoding === encoding);
    if (!table) continue;
    const format = view.getUint16(table.at);
    if (format === 4) return format4(view, table.at);
    if (format === 12 || format === 13) return format12or13(view, table.at, format);
    if (format === 6) return format6(view, table.at);
    if (format === 0) return format0(view, table.at);
    throw new Error(`label font's Unicode cmap has format ${format}, which text fitting does not read`);
  }
  throw new Error('label font has no Unicode cmap');
}

export function readFontMetrics(bytes: Uint8Array): FontMetrics {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const tables = tableOffsets(view);
  const head = required(tables, 'head');
  const hhea = required(tables, 'hhea');
  const hmtx = required(tables, 'hmtx');
  const longMetrics = view.getUint16(hhea + 34);
  const glyphOf = cmapLookup(view, required(tables, 'cmap'));
  const lastAdvance = longMetrics > 0 ? view.getUint16(hmtx + (longMetrics - 1) * 4) : 0;
  return {
    unitsPerEm: view.getUint16(head + 18),
    ascent: view.getInt16(hhea + 4),
    advance(codePoint) {
      const glyph = glyphOf(codePoint);
      return glyph < longMetrics ? view.getUint16(hmtx + glyph * 4) : lastAdvance;
    },
  };
}
