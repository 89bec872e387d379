// What a person or a tool reads on a PDF, in plain JavaScript (no system tools): text, where it sits and the document
// info through Mozilla's pdf.js (pdfjs-dist); the fonts straight from the font dictionaries, as pdffonts lists them.
import { PDFArray, PDFDict, PDFDocument, PDFName } from 'pdf-lib';
import { getDocument, PDFDateString, VerbosityLevel, type PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** Opens the PDF with pdf.js for the length of `use`, and frees it (pdf.js keeps fonts and pages cached) after. */
export async function withPdf<T>(pdf: Uint8Array, use: (doc: PDFDocumentProxy) => Promise<T>): Promise<T> {
  // A copy, because pdf.js may hand the bytes' buffer over to its worker and leave the caller's array empty.
  const task = getDocument({ data: new Uint8Array(pdf), isEvalSupported: false, verbosity: VerbosityLevel.ERRORS });
  const doc = await task.promise;
  try {
    return await use(doc);
  } finally {
    await task.destroy();
  }
}

/** One run of text as the PDF draws it; x from the left edge, baseline from the top edge, in points. */
export interface TextRun {
  text: string;
  xMin: number;
  xMax: number;
  baseline: number;
  size: number;
}

/** The runs of text on each page. Only upright text is drawn by the station, so anything else is an error here. */
export function pdfTextRuns(pdf: Uint8Array): Promise<TextRun[][]> {
  return withPdf(pdf, async (doc) => {
    const pages: TextRun[][] = [];
    for (let n = 1; n <= doc.numPages; n += 1) {
      const page = await doc.getPage(n);
      const [left = 0, , , top = 0] = page.view;
      const runs: TextRun[] = [];
      for (const item of (await page.getTextContent()).items) {
        // pdf.js adds items of its own for the gaps it sees (" ", or "" at a line end); the layout below makes those.
        if (!('str' in item) || item.str.trim() === '') continue;
        const [a, b, c, d, x, y] = item.transform.map(Number);
        if (b !== 0 || c !== 0 || a === undefined || d === undefined || x === undefined || y === undefined) {
          throw new Error(`text that is not upright on page ${n}: ${item.str}`);
        }
        runs.push({ text: item.str, xMin: x - left, xMax: x - left + item.width, baseline: top - y, size: d });
      }
      pages.push(runs);
    }
    return pages;
  });
}

/**
 * The text of each page laid out as on paper (what pdftotext -layout gives): one line per baseline, top to bottom,
 * runs left to right, each at the column its distance from the page's leftmost text makes in average characters, so
 * columns read as columns; runs a reader sees apart keep at least one space between them.
 */
export async function pdfPages(pdf: Uint8Array): Promise<string[]> {
  return (await pdfTextRuns(pdf)).map(layOut);
}

/** The text of the whole PDF, laid out as pdfPages does, pages separated by form feeds as pdftotext does. */
export async function pdfText(pdf: Uint8Array): Promise<string> {
  return (await pdfPages(pdf)).join('\f');
}

function layOut(runs: readonly TextRun[]): string {
  const left = Math.min(...runs.map((r) => r.xMin));
  const charWidth = runs.reduce((sum, r) => sum + r.xMax - r.xMin, 0) / runs.reduce((n, r) => n + r.text.length, 0);
  const lines: TextRun[][] = [];
  for (const run of [...runs].sort((p, q) => p.baseline - q.baseline)) {
    const line = lines[lines.length - 1];
    const first = line?.[0];
    // Runs of one line share a baseline up to a rounding; a third of the smaller size is far less than any leading.
    if (line && first && run.baseline - first.baseline < Math.min(run.size, first.size) / 3) line.push(run);
    else lines.push([run]);
  }
  return lines.map((line) => lineText(line, left, charWidth)).join('\n');
}

function lineText(line: readonly TextRun[], left: number, charWidth: number): string {
  let text = '';
  let end = left;
  for (const run of [...line].sort((p, q) => p.xMin - q.xMin)) {
    // Glyphs of one word touch; a tenth of an em apart is already a gap a reader sees.
    if (run.xMin - end > run.size / 10) {
      const column = Math.round((run.xMin - left) / charWidth);
      text += ' '.repeat(Math.max(column - text.length, text === '' ? 0 : 1));
    }
    text += run.text;
    end = run.xMax;
  }
  return text;
}

/** The document info a reader shows (pdfinfo -isodates): dates as ISO 8601, page size of page 1 in points. */
export interface PdfInfo {
  producer: string | undefined;
  creator: string | undefined;
  creationDate: string | undefined;
  modDate: string | undefined;
  pages: number;
  pageSize: string;
}

export function pdfInfo(pdf: Uint8Array): Promise<PdfInfo> {
  return withPdf(pdf, async (doc) => {
    const fields = new Map<string, unknown>(Object.entries((await doc.getMetadata()).info));
    const text = (key: string): string | undefined => {
      const value = fields.get(key);
      return typeof value === 'string' ? value : undefined;
    };
    const date = (key: string): string | undefined =>
      PDFDateString.toDateObject(text(key) ?? '')
        ?.toISOString()
        .replace(/\.000Z$/, 'Z');
    const [x0 = 0, y0 = 0, x1 = 0, y1 = 0] = (await doc.getPage(1)).view;
    return {
      producer: text('Producer'),
      creator: text('Creator'),
      creationDate: date('CreationDate'),
      modDate: date('ModDate'),
      pages: doc.numPages,
      pageSize: `${(x1 - x0).toFixed(2)} x ${(y1 - y0).toFixed(2)}`,
    };
  });
}

/** A font used by the pages, with the columns pdffonts prints: name, type, encoding, emb, sub, uni. */
export interface PdfFont {
  name: string;
  type: string;
  encoding: string;
  embedded: boolean;
  subset: boolean;
  unicode: boolean;
}

// pdffonts' names for the font types (PDF 32000-1 §9.6–9.7), by Subtype and, for a Type0 font, its descendant's.
const FONT_TYPES: Readonly<Record<string, string>> = {
  Type1: 'Type 1',
  MMType1: 'Type 1',
  TrueType: 'TrueType',
  Type3: 'Type 3',
  CIDFontType0: 'CID Type 0',
  CIDFontType2: 'CID TrueType',
};

/** Every font in the pages' resources, once each. pdf.js keeps font dictionaries to itself, so pdf-lib reads them. */
export async function pdfFonts(pdf: Uint8Array): Promise<PdfFont[]> {
  const doc = await PDFDocument.load(pdf, { updateMetadata: false });
  const fonts = new Map<string, PdfFont>();
  for (const page of doc.getPages()) {
    const resources = page.node.Resources()?.lookupMaybe(PDFName.of('Font'), PDFDict);
    for (const [, ref] of resources?.entries() ?? []) {
      const font = doc.context.lookup(ref, PDFDict);
      fonts.set(ref.toString(), describeFont(font));
    }
  }
  return [...fonts.values()];
}

function describeFont(font: PDFDict): PdfFont {
  const name = (dict: PDFDict | undefined, key: string): string | undefined =>
    dict?.lookupMaybe(PDFName.of(key), PDFName)?.decodeText();
  const descendant = font.lookupMaybe(PDFName.of('DescendantFonts'), PDFArray)?.lookup(0, PDFDict);
  const face = descendant ?? font;
  const descriptor = face.lookupMaybe(PDFName.of('FontDescriptor'), PDFDict);
  const baseFont = name(font, 'BaseFont') ?? '[none]';
  const subtype = name(face, 'Subtype') ?? '';
  const encoding = font.get(PDFName.of('Encoding'));
  return {
    name: baseFont,
    type: FONT_TYPES[subtype] ?? subtype,
    encoding: name(font, 'Encoding') ?? (encoding === undefined ? 'Builtin' : 'Custom'),
    embedded: ['FontFile', 'FontFile2', 'FontFile3'].some((key) => descriptor?.has(PDFName.of(key)) ?? false),
    subset: /^[A-Z]{6}\+/.test(baseFont),
    unicode: font.has(PDFName.of('ToUnicode')),
  };
}
