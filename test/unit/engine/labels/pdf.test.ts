import { PDFDict, PDFDocument, PDFName, PDFStream } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { buildLabelModel, renderPdf } from '../../../../src/engine/labels';
import type { LabelData } from '../../../../src/engine/labels/types';
import { decodeBarcodes, decodeQr } from '../../../helpers/barcode';
import { pdfFonts, pdfText } from '../../../helpers/pdf';
import { rasterizePdf } from '../../../helpers/rasterize';
import { ALL_BADGES, sampleLabelData, SEVERAL_COURIER_LINES, worstCaseLabelData } from '../../../fixtures/labelData';
import { resources } from '../../../helpers/resources';

function pdfOf(overrides: Partial<LabelData> = {}, date?: Date): Promise<Uint8Array> {
  return renderPdf(resources, buildLabelModel(resources, sampleLabelData(overrides)), date ? { date } : {});
}

describe('PDF label', () => {
  it('is one page of exactly 100×150 mm', async () => {
    const doc = await PDFDocument.load(await pdfOf());
    expect(doc.getPageCount()).toBe(1);
    const { width, height } = doc.getPage(0).getSize();
    expect(width).toBeCloseTo(283.46, 2);
    expect(height).toBeCloseTo(425.2, 1);
  });

  it('scans back to the parcel barcode when rasterised at 203 dpi', async () => {
    const png = await rasterizePdf(await pdfOf(), 203);
    expect(await decodeBarcodes(png)).toEqual(['1234567890ABC12']);
  });

  it('scans a long alphanumeric barcode drawn with thin modules', async () => {
    const barcode = 'SPED24ABCDEFGHJKLMNPQRST';
    const png = await rasterizePdf(await pdfOf({ parcel: { n: 1, of: 1, barcode, pesoKg: 1 } }), 203);
    expect(await decodeBarcodes(png)).toEqual([barcode]);
  });

  it('draws the barcode and the QR code as vectors, with no embedded image', async () => {
    const doc = await PDFDocument.load(await renderPdf(resources, buildLabelModel(resources, worstCaseLabelData())));
    const images = doc.context
      .enumerateIndirectObjects()
      .map(([, obj]) => (obj instanceof PDFStream ? obj.dict : obj))
      .filter((obj) => obj instanceof PDFDict && obj.get(PDFName.of('Subtype')) === PDFName.of('Image'));
    expect(images).toHaveLength(0);
  });

  it('lets a reader extract accented Italian text', async () => {
    const text = await pdfText(await pdfOf());
    expect(text).toContain('Città di Castello');
    expect(text).toContain('Forlì');
    expect(text).toContain('Piazza della Libertà');
  });

  it('embeds one prepared Latin subset per weight, so a label stays small', async () => {
    const pdf = await pdfOf();
    expect(pdf.byteLength).toBeLessThan(60_000);
    const fonts = await pdfFonts(pdf);
    expect(fonts.map((f) => f.name).sort()).toEqual(['SSLATB+DejaVuSans-Bold', 'SSLATR+DejaVuSans']);
    for (const font of fonts) expect(font).toMatchObject({ type: 'CID TrueType', embedded: true, unicode: true });
  });

  it('draws a name outside the Latin repertoire with subsets of its own, still readable and small', async () => {
    const name = 'Łódź Ωμέγα Straße';
    const pdf = await pdfOf({ recipient: { ...sampleLabelData().recipient, name } });
    const text = await pdfText(pdf);
    expect(text).toContain(name);
    expect(text).toContain('Città di Castello');
    expect(pdf.byteLength).toBeLessThan(40_000);
    const fonts = await pdfFonts(pdf);
    expect(fonts).toHaveLength(2);
    for (const font of fonts) {
      expect(font.name).not.toMatch(/^SSLAT/);
      expect(font).toMatchObject({ embedded: true, unicode: true });
    }
  });

  it('shrinks and wraps a very long recipient name instead of cutting it', async () => {
    const name =
      'Consorzio Intercomunale per la Raccolta Differenziata dei Rifiuti Urbani della Valle del Savio e del Rubicone';
    const text = await pdfText(await pdfOf({ recipient: { ...sampleLabelData().recipient, name } }));
    const words = text.split(/\s+/);
    for (const word of name.split(' ')) expect(words).toContain(word);
    expect(text).not.toContain('…');
  });

  it('prints the cash-on-delivery and insurance boxes only when they apply', async () => {
    const both = await pdfText(await pdfOf({ contrassegno: 12.5, valore: 1500 }));
    expect(both).toContain('CONTRASSEGNO');
    expect(both).toContain('12,50 EUR');
    expect(both).toContain('ASSICURATA');
    const neither = await pdfText(await pdfOf({ contrassegno: 0, valore: 0 }));
    expect(neither).not.toContain('CONTRASSEGNO');
    expect(neither).not.toContain('ASSICURATA');
  });

  it('is byte-identical for the same input, and names the station as producer', async () => {
    const [a, b] = await Promise.all([pdfOf(), pdfOf()]);
    expect(Buffer.from(a).equals(Buffer.from(b))).toBe(true);
    const doc = await PDFDocument.load(a, { updateMetadata: false });
    expect(doc.getProducer()).toBe('shipping-station');
    expect(doc.getCreator()).toBe('shipping-station');
  });

  it('records the date it is given as the creation date', async () => {
    const date = new Date(Date.UTC(2024, 4, 10, 8, 30));
    const doc = await PDFDocument.load(await pdfOf({}, date), { updateMetadata: false });
    expect(doc.getCreationDate()?.toISOString()).toBe(date.toISOString());
  });

  describe('with badges, courier lines and a QR code', () => {
    const data = worstCaseLabelData();
    const pdf = renderPdf(resources, buildLabelModel(resources, data));

    it('scans back to the parcel barcode and the tracking link when rasterised at 203 dpi', async () => {
      const png = await rasterizePdf(await pdf, 203);
      expect(await decodeBarcodes(png)).toEqual([data.parcel.barcode]);
      expect(await decodeQr(png)).toEqual([data.qr]);
    });

    it('lets a reader extract every badge and every courier line', async () => {
      const text = await pdfText(await pdf);
      for (const badge of ALL_BADGES) expect(text).toContain(badge);
      for (const { label, value } of SEVERAL_COURIER_LINES) {
        expect(text).toContain(label);
        expect(text).toContain(value);
      }
    });
  });
});
