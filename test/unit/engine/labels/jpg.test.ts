import { createCanvas, loadImage } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import { buildLabelModel, renderJpg } from '../../../../src/engine/labels';
import { decodeBarcodes, decodeQr } from '../../../helpers/barcode';
import { darkBounds } from '../../../helpers/image';
import { MM_PER_INCH } from '../../../../src/engine/labels/barcode';
import { accentedLabelData, sampleLabelData, worstCaseLabelData } from '../../../fixtures/labelData';
import { textFitter } from '../../../../src/engine/labels/fit';
import { resources } from '../../../helpers/resources';

describe('JPG label', () => {
  const model = buildLabelModel(resources, sampleLabelData());

  it('is a JPEG of 100×150 mm at 203 dpi unless told otherwise', async () => {
    const jpg = await renderJpg(resources, model);
    expect([...jpg.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    const image = await loadImage(jpg);
    expect([image.width, image.height]).toEqual([799, 1199]);
  });

  it.each([203, 300])('scans back to the parcel barcode at %i dpi', async (dpi) => {
    expect(await decodeBarcodes(await renderJpg(resources, model, dpi))).toEqual(['1234567890ABC12']);
  });

  it('scans a long alphanumeric barcode drawn with thin modules', async () => {
    const barcode = 'SPED24ABCDEFGHJKLMNPQRST';
    const jpg = await renderJpg(
      resources,
      buildLabelModel(resources, sampleLabelData({ parcel: { n: 3, of: 3, barcode, pesoKg: 1 } })),
    );
    expect(await decodeBarcodes(jpg)).toEqual([barcode]);
  });

  it('draws on a white background', async () => {
    const image = await loadImage(await renderJpg(resources, model));
    const canvas = createCanvas(image.width, image.height);
    const ctx = canvas.getContext('2d');
    ctx.drawImage(image, 0, 0);
    const corner = ctx.getImageData(1, image.height - 2, 1, 1).data;
    expect([...corner.subarray(0, 3)].every((v) => v > 245)).toBe(true);
  });

  it.each([203, 300])(
    'scans back to the parcel barcode and the tracking link with everything printed, at %i dpi',
    async (dpi) => {
      const data = worstCaseLabelData();
      const jpg = await renderJpg(resources, buildLabelModel(resources, data), dpi);
      expect(await decodeBarcodes(jpg)).toEqual([data.parcel.barcode]);
      expect(await decodeQr(jpg)).toEqual([data.qr]);
    },
  );

  it('is a one-channel (grey) baseline JPEG', async () => {
    const jpg = await renderJpg(resources, model);
    const sof = jpg.indexOf(Buffer.from([0xff, 0xc0]));
    expect(sof).toBeGreaterThan(0);
    // SOF0: marker, length (2), precision, height (2), width (2), number of components.
    expect(jpg[sof + 9]).toBe(1);
  });

  it('inks every text of the label inside the box the layout gave it', async () => {
    const jpg = await renderJpg(resources, model);
    const px = 203 / MM_PER_INCH;
    const texts = model.elements.flatMap((el) => (el.kind === 'text' && el.text.trim() && !el.reverse ? [el] : []));
    expect(texts.length).toBeGreaterThan(10);
    for (const el of texts) {
      const box = {
        x1: Math.floor(el.x * px),
        y1: Math.floor(el.y * px),
        x2: Math.ceil((el.x + el.w) * px),
        y2: Math.ceil((el.y + el.h) * px),
      };
      const ink = await darkBounds(jpg, box);
      expect(ink, el.text).toBeDefined();
      // Left-aligned text starts at the box's left edge, less the first glyph's side bearing (under 0.15 em).
      if ((el.align ?? 'left') === 'left')
        expect(ink!.x1 - box.x1, el.text).toBeLessThanOrEqual(0.15 * el.size * px + 1);
    }
  });

  it('prints reversed badge text white on its black box', async () => {
    const worst = buildLabelModel(resources, worstCaseLabelData());
    const image = await loadImage(await renderJpg(resources, worst));
    const canvas = createCanvas(image.width, image.height);
    const ctx = canvas.getContext('2d');
    ctx.drawImage(image, 0, 0);
    const px = 203 / MM_PER_INCH;
    const badges = worst.elements.flatMap((el) => (el.kind === 'text' && el.reverse ? [el] : []));
    expect(badges.length).toBeGreaterThan(0);
    for (const el of badges) {
      const [x, y, w, h] = [el.x * px, el.y * px, el.w * px, el.h * px].map(Math.round) as [
        number,
        number,
        number,
        number,
      ];
      const { data } = ctx.getImageData(x, y, w, h);
      let light = 0;
      let dark = 0;
      for (let i = 0; i < data.length; i += 4) {
        if ((data[i] ?? 0) > 200) light += 1;
        else if ((data[i] ?? 255) < 55) dark += 1;
      }
      // The badge is mostly black with a fair share of white letters in it.
      expect(dark, el.text).toBeGreaterThan(light);
      expect(light / (w * h), el.text).toBeGreaterThan(0.05);
    }
  });

  it('draws letters beyond Latin-1 and a combining accent, glyph by glyph, where the name goes', async () => {
    const name = 'Łukasz Żółć Ἀθῆναι Nicole\u0301';
    const data = accentedLabelData({ recipient: { ...accentedLabelData().recipient, name } });
    const labelModel = buildLabelModel(resources, data);
    const jpg = await renderJpg(resources, labelModel);
    const el = labelModel.elements.find((e) => e.kind === 'text' && e.text === name);
    if (el?.kind !== 'text') throw new Error('the recipient name is not on the label');
    const px = 203 / MM_PER_INCH;
    const ink = await darkBounds(jpg, {
      x1: Math.floor(el.x * px),
      y1: Math.floor(el.y * px),
      x2: Math.ceil((el.x + el.w) * px),
      y2: Math.ceil((el.y + el.h) * px),
    });
    // Inked as wide as the fitter measured the name's lines (no glyph dropped, none piled up on another).
    const fitter = textFitter(resources);
    const fitted = fitter.fitText(el);
    const widest = Math.max(...fitted.lines.map((line) => fitter.textWidth(line, fitted.size, el.bold ?? false))) * px;
    expect(ink).toBeDefined();
    expect(ink!.x2 - ink!.x1).toBeGreaterThan(0.9 * widest);
    expect(ink!.x2 - ink!.x1).toBeLessThan(widest + 3);
    expect(await decodeBarcodes(jpg)).toEqual([data.parcel.barcode]);
  });
});
