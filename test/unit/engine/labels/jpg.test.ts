import { createCanvas, loadImage } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import { buildLabelModel, renderJpg } from '../../../../src/engine/labels';
import { decodeBarcodes, decodeQr } from '../../../helpers/barcode';
import { sampleLabelData, worstCaseLabelData } from '../../../fixtures/labelData';
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
});
