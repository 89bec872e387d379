import { describe, expect, it } from 'vitest';
import { buildLabelModel, renderZpl } from '../../../../src/engine/labels';
import { decodeBarcodes } from '../../../helpers/barcode';
import { renderZplImages } from '../../../helpers/zpl';
import { sampleLabelData } from '../../../fixtures/labelData';

function fieldOrigins(zpl: string): Array<[number, number]> {
  return [...zpl.matchAll(/\^FO(\d+),(\d+)/g)].map((m) => [Number(m[1]), Number(m[2])]);
}

describe('ZPL label', () => {
  const model = buildLabelModel(sampleLabelData());

  it('is one UTF-8 label sized to 100×150 mm at the printer’s resolution', () => {
    const zpl203 = renderZpl(model, 203);
    expect(zpl203.startsWith('^XA\n^CI28\n')).toBe(true);
    expect(zpl203.trimEnd().endsWith('^XZ')).toBe(true);
    expect(zpl203).toContain('^PW799\n^LL1199');
    expect(renderZpl(model, 300)).toContain('^PW1181\n^LL1772');
  });

  it('keeps the layout at 300 dpi: the same fields, each moved by 300/203', () => {
    const at203 = fieldOrigins(renderZpl(model, 203));
    const at300 = fieldOrigins(renderZpl(model, 300));
    expect(at300).toHaveLength(at203.length);
    const barcodeIndex = renderZpl(model, 203)
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
    const zpl = renderZpl(model, 203);
    const m = /\^FO(\d+),\d+\^BY(\d+),\d+,\d+\^BCN,\d+,N,N,N,A\^FH_\^FD1234567890ABC12\^FS/.exec(zpl);
    expect(m).not.toBeNull();
    const [x, moduleDots] = [Number(m?.[1]), Number(m?.[2])];
    // 156 modules for this data, plus 10-module quiet zones inside the 3..97 mm box.
    expect(x - 10 * moduleDots).toBeGreaterThanOrEqual(24);
    expect(x + 166 * moduleDots).toBeLessThanOrEqual(776);
  });

  it.each([203, 300] as const)('scans back to the parcel barcode when printed at %i dpi', async (dpi) => {
    const images = await renderZplImages(renderZpl(model, dpi), dpi);
    expect(images).toHaveLength(1);
    expect(await decodeBarcodes(images[0] ?? new Uint8Array())).toEqual(['1234567890ABC12']);
  });

  it('carries accented Italian text as UTF-8', () => {
    const zpl = renderZpl(model, 203);
    expect(zpl).toContain('Città di Castello');
    expect(zpl).toContain('Forlì');
    expect(Buffer.from(zpl, 'utf8').includes(Buffer.from([0xc3, 0xa0]))).toBe(true);
  });

  it('cannot be ended early or given commands by a name containing ^XZ or ~', async () => {
    const recipient = { ...sampleLabelData().recipient, name: 'ACME ^XZ^XA^FO0,0^GB800,800,800^FS ~JA_x' };
    const zpl = renderZpl(buildLabelModel(sampleLabelData({ recipient })), 203);
    expect(zpl.match(/\^XZ/g)).toHaveLength(1);
    expect(zpl).not.toContain('~');
    expect(zpl).toContain('ACME _5EXZ_5EXA_5EFO0,0_5EGB800,800,800_5EFS');
    expect(zpl).toContain('_7EJA_5Fx');
    const images = await renderZplImages(zpl, 203);
    expect(images).toHaveLength(1);
    expect(await decodeBarcodes(images[0] ?? new Uint8Array())).toEqual(['1234567890ABC12']);
  });

  it('writes a backslash so that ^FB prints it instead of reading an escape', () => {
    const zpl = renderZpl(buildLabelModel(sampleLabelData({ note: 'scala A\\&B' })), 203);
    expect(zpl).toContain('Note: scala A\\\\&B');
  });

  it('wraps a very long recipient name into a field block without dropping words', () => {
    const name = 'Consorzio Intercomunale per la Raccolta Differenziata dei Rifiuti della Valle del Savio';
    const recipient = { ...sampleLabelData().recipient, name };
    const zpl = renderZpl(buildLabelModel(sampleLabelData({ recipient })), 203);
    const field = zpl.split('\n').find((l) => l.includes('Consorzio')) ?? '';
    const [, lines] = /\^FB\d+,(\d+),/.exec(field) ?? [];
    expect(Number(lines)).toBeGreaterThan(1);
    const text = field.slice(field.indexOf('^FD') + 3, field.lastIndexOf('^FS')).split('\\&').join(' ');
    expect(text).toBe(name);
  });
});
