import { describe, expect, it } from 'vitest';
import { buildLabelModel, renderZpl } from '../../../../src/engine/labels';
import { placeQr, qrMatrix } from '../../../../src/engine/labels/qr';
import { decodeBarcodes, decodeQr } from '../../../helpers/barcode';
import { darkBounds } from '../../../helpers/image';
import { renderZplImages } from '../../../helpers/zpl';
import { ALL_BADGES, sampleLabelData, SEVERAL_COURIER_LINES, worstCaseLabelData } from '../../../fixtures/labelData';
import { resources } from '../../../helpers/resources';

function fieldOrigins(zpl: string): Array<[number, number]> {
  return [...zpl.matchAll(/\^FO(\d+),(\d+)/g)].map((m) => [Number(m[1]), Number(m[2])]);
}

describe('ZPL label', () => {
  const model = buildLabelModel(resources, sampleLabelData());

  it('is one UTF-8 label sized to 100×150 mm at the printer’s resolution', () => {
    const zpl203 = renderZpl(resources, model, 203);
    expect(zpl203.startsWith('^XA\n^CI28\n')).toBe(true);
    expect(zpl203.trimEnd().endsWith('^XZ')).toBe(true);
    expect(zpl203).toContain('^PW799\n^LL1199');
    expect(renderZpl(resources, model, 300)).toContain('^PW1181\n^LL1772');
  });

  it('keeps the layout at 300 dpi: the same fields, each moved by 300/203', () => {
    const at203 = fieldOrigins(renderZpl(resources, model, 203));
    const at300 = fieldOrigins(renderZpl(resources, model, 300));
    expect(at300).toHaveLength(at203.length);
    const barcodeIndex = renderZpl(resources, model, 203)
      .split('\n')
      .filter((l) => l.startsWith('^FO'))
      .findIndex((l) => l.includes('^BC'));
    at203.forEach(([x, y], i) => {
      const [x3 = NaN, y3 = NaN] = at300[i] ?? [];
      // Whole-dot rounding at both resolutions; the barcode also re-centres its whole-dot modules (within 1 mm).
      const tolerance = i === barcodeIndex ? 12 : 2;
      expect(Math.abs(x3 - (x * 300) / 203)).toBeLessThanOrEqual(tolerance);
      expect(Math.abs(y3 - (y * 300) / 203)).toBeLessThanOrEqual(tolerance);
    });
  });

  it('uses the printer’s own Code 128 with a module width that fits the barcode box', () => {
    const zpl = renderZpl(resources, model, 203);
    const m = /\^FO(\d+),\d+\^BY(\d+),\d+,\d+\^BCN,\d+,N,N,N,A\^FH_\^FD1234567890ABC12\^FS/.exec(zpl);
    expect(m).not.toBeNull();
    const [x, moduleDots] = [Number(m?.[1]), Number(m?.[2])];
    // 156 modules for this data, plus 10-module quiet zones inside the 3..97 mm box.
    expect(x - 10 * moduleDots).toBeGreaterThanOrEqual(24);
    expect(x + 166 * moduleDots).toBeLessThanOrEqual(776);
  });

  it.each([203, 300] as const)('scans back to the parcel barcode when printed at %i dpi', async (dpi) => {
    const images = await renderZplImages(renderZpl(resources, model, dpi), dpi);
    expect(images).toHaveLength(1);
    expect(await decodeBarcodes(images[0] ?? new Uint8Array())).toEqual(['1234567890ABC12']);
  });

  it('carries accented Italian text as UTF-8', () => {
    const zpl = renderZpl(resources, model, 203);
    expect(zpl).toContain('Città di Castello');
    expect(zpl).toContain('Forlì');
    expect(Buffer.from(zpl, 'utf8').includes(Buffer.from([0xc3, 0xa0]))).toBe(true);
  });

  it('cannot be ended early or given commands by a name containing ^XZ or ~', async () => {
    const recipient = { ...sampleLabelData().recipient, name: 'ACME ^XZ^XA^FO0,0^GB800,800,800^FS ~JA_x' };
    const zpl = renderZpl(resources, buildLabelModel(resources, sampleLabelData({ recipient })), 203);
    expect(zpl.match(/\^XZ/g)).toHaveLength(1);
    expect(zpl).not.toContain('~');
    expect(zpl).toContain('ACME _5EXZ_5EXA_5EFO0,0_5EGB800,800,800_5EFS');
    expect(zpl).toContain('_7EJA_5Fx');
    const images = await renderZplImages(zpl, 203);
    expect(images).toHaveLength(1);
    expect(await decodeBarcodes(images[0] ?? new Uint8Array())).toEqual(['1234567890ABC12']);
  });

  it('writes a backslash so that ^FB prints it instead of reading an escape', () => {
    const zpl = renderZpl(resources, buildLabelModel(resources, sampleLabelData({ note: 'scala A\\&B' })), 203);
    expect(zpl).toContain('Note: scala A\\\\&B');
  });

  it('wraps a very long recipient name into a field block without dropping words', () => {
    const name = 'Consorzio Intercomunale per la Raccolta Differenziata dei Rifiuti della Valle del Savio';
    const recipient = { ...sampleLabelData().recipient, name };
    const zpl = renderZpl(resources, buildLabelModel(resources, sampleLabelData({ recipient })), 203);
    const field = zpl.split('\n').find((l) => l.includes('Consorzio')) ?? '';
    const [, lines] = /\^FB\d+,(\d+),/.exec(field) ?? [];
    expect(Number(lines)).toBeGreaterThan(1);
    const text = field
      .slice(field.indexOf('^FD') + 3, field.lastIndexOf('^FS'))
      .split('\\&')
      .join(' ');
    expect(text).toBe(name);
  });

  describe('with badges, courier lines and a QR code', () => {
    const data = worstCaseLabelData();
    const full = buildLabelModel(resources, data);

    it('prints every badge white on black (^FR) and every courier line', () => {
      const zpl = renderZpl(resources, full, 203);
      for (const badge of ALL_BADGES) expect(zpl).toMatch(new RegExp(`\\^FR\\^FH_\\^FD${badge}\\^FS`));
      const text = zpl.replaceAll('\\&', ' ');
      for (const { label, value } of SEVERAL_COURIER_LINES) {
        expect(text).toContain(label);
        expect(text).toContain(value);
      }
    });

    it('draws the QR code with the printer’s own ^BQ at level Q, its ^BY height pinned', () => {
      const zpl = renderZpl(resources, full, 203);
      const link = data.qr.replaceAll('_', '_5F');
      expect(zpl).toMatch(
        new RegExp(`\\^BY2,3,10\\^FO\\d+,\\d+\\^BQN,2,\\d+\\^FH_\\^FDQA,${link.replace(/[?.]/g, '\\$&')}\\^FS`),
      );
    });

    it.each([203, 300] as const)('scans back to the parcel barcode and the tracking link at %i dpi', async (dpi) => {
      const [image = new Uint8Array()] = await renderZplImages(renderZpl(resources, full, dpi), dpi);
      expect(await decodeBarcodes(image)).toEqual([data.parcel.barcode]);
      expect(await decodeQr(image)).toEqual([data.qr]);
    });

    it.each([203, 300] as const)('puts the QR code exactly where the layout placed it at %i dpi', async (dpi) => {
      // The printer moves a ^BQ down by the ^BY height; the ZPL compensates, so the symbol lands on the planned dots.
      const qr = full.elements.find((e) => e.kind === 'qr');
      if (!qr) throw new Error('no QR element');
      const perMm = dpi / 25.4;
      const place = placeQr(qrMatrix(qr.data).modules, qr, perMm);
      const [image = new Uint8Array()] = await renderZplImages(renderZpl(resources, full, dpi), dpi);
      // zpl-renderer-js centres the label's ^PW on its whole-dots-per-mm page (1181 dots on 1200 at 300 dpi).
      const shift = Math.floor((100 * (dpi === 203 ? 8 : 12) - Math.round(100 * perMm)) / 2);
      const [left, top] = [Math.round(qr.x * perMm) + shift, Math.round(qr.y * perMm)];
      const [right, bottom] = [Math.floor((qr.x + qr.size) * perMm) + shift, Math.floor((qr.y + qr.size) * perMm)];
      expect(await darkBounds(image, { x1: left, y1: top, x2: right, y2: bottom })).toEqual({
        x1: place.xDots + shift,
        y1: place.yDots,
        x2: place.xDots + shift + place.sizeDots,
        y2: place.yDots + place.sizeDots,
      });
    });

    it('cannot be given commands through the tracking link, and still encodes the link as given', async () => {
      const qr = 'https://t.example.test/?a=^XZ^XA~JA_1';
      const zpl = renderZpl(resources, buildLabelModel(resources, sampleLabelData({ qr })), 203);
      expect(zpl.match(/\^XZ/g)).toHaveLength(1);
      expect(zpl).not.toContain('~');
      expect(zpl).toContain('^FDQA,https://t.example.test/?a=_5EXZ_5EXA_7EJA_5F1^FS');
      const [image = new Uint8Array()] = await renderZplImages(zpl, 203);
      expect(await decodeQr(image)).toEqual([qr]);
    });
  });
});
