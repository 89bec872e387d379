// The station's A4 documents (the manifest, the commercial invoice, the CN23) share their set-up: a PDF with fixed
// metadata and the embedded DejaVu subsets, named from the document's content so the same input gives the same bytes.
import { createHash } from 'node:crypto';
import { PDFDict, PDFDocument, PDFName, PDFString } from 'pdf-lib';
import { CACHING_FONTKIT } from '../labels/parsedFonts';
import type { FontWeight, Resources } from '../resources';
import type { Fonts } from './pdfBlocks';
import { GlyphFont } from './pdfText';

const PRODUCER = 'shipping-station';

export interface PdfInfo {
  title: string;
  subject: string;
  /** BCP 47, e.g. `it-IT`. */
  language: string;
  /** `D:YYYYMMDDhhmmss`, the bench's wall-clock time; undefined leaves the dates out. */
  when: string | undefined;
}

/**
 * Subset font name, "ABCDEF+DejaVuSans" (PDF 32000 §9.6.4): the tag marks the font as a subset for viewers and tools,
 * and comes from the document's content (`seed`) so it is stable for the same input and differs between subsets.
 */
function subsetName(seed: string, weight: FontWeight): string {
  const digest = createHash('sha256').update(weight).update(seed).digest();
  const tag = Array.from(digest.subarray(0, 6), (b) => String.fromCharCode(65 + (b % 26))).join('');
  return `${tag}+${weight === 'bold' ? 'DejaVuSans-Bold' : 'DejaVuSans'}`;
}

/** A new PDF with its metadata set and both fonts embedded as subsets. */
export async function newStationPdf(
  resources: Resources,
  info: PdfInfo,
  seed: string,
): Promise<{ doc: PDFDocument; fonts: Fonts }> {
  // updateMetadata: false keeps pdf-lib from stamping "now" and its own producer, which would change every run.
  const doc = await PDFDocument.create({ updateMetadata: false });
  doc.registerFontkit(resources.get(CACHING_FONTKIT));
  doc.setTitle(info.title);
  doc.setSubject(info.subject);
  doc.setProducer(PRODUCER);
  doc.setCreator(PRODUCER);
  doc.setLanguage(info.language);
  // pdf-lib only takes a Date and writes it in UTC; the info dictionary gets the bench's wall-clock time instead.
  if (info.when) {
    const dict = doc.context.lookup(doc.context.trailerInfo.Info, PDFDict);
    dict.set(PDFName.of('CreationDate'), PDFString.of(info.when));
    dict.set(PDFName.of('ModDate'), PDFString.of(info.when));
  }
  const embed = async (weight: FontWeight): Promise<GlyphFont> =>
    new GlyphFont(
      await doc.embedFont(resources.fontBytes(weight), { subset: true, customName: subsetName(seed, weight) }),
    );
  return { doc, fonts: { regular: await embed('regular'), bold: await embed('bold') } };
}
