import { describe, expect, it } from 'vitest';
import { renderLabels } from '../../../../src/engine/labels';
import { decodeBarcodes } from '../../../helpers/barcode';
import { rasterizePdf } from '../../../helpers/rasterize';
import { renderZplImages } from '../../../helpers/zpl';
import { sampleLabelData } from '../../../fixtures/labelData';
import { resources } from '../../../helpers/resources';

const parcels = [1, 2].map((n) =>
  sampleLabelData({ parcel: { n, of: 2, barcode: `PARCEL000${n}`, pesoKg: 1.5 }, totalPesoKg: 3 }),
);

describe('rendering the labels of a shipment', () => {
  it('gives one label per parcel, in parcel order, for each format asked for and none for the others', async () => {
    const out = await renderLabels(parcels, new Set(['ZPL', 'PDF'] as const), { resources });
    expect(out.jpg).toEqual([]);
    expect(out.zpl).toHaveLength(2);
    expect(out.pdf).toHaveLength(2);
    expect(out.zpl[0]).toContain('^FDPARCEL0001^FS');
    expect(out.zpl[1]).toContain('^FDPARCEL0002^FS');
    for (const pdf of out.pdf) expect(Buffer.from(pdf).subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('returns JPG labels that scan to each parcel’s barcode', async () => {
    const out = await renderLabels(parcels, new Set(['JPG'] as const), { resources });
    expect(out.zpl).toEqual([]);
    expect(out.pdf).toEqual([]);
    const decoded = await Promise.all(out.jpg.map((jpg) => decodeBarcodes(jpg)));
    expect(decoded).toEqual([['PARCEL0001'], ['PARCEL0002']]);
  });

  it('renders ZPL at 300 dpi when asked', async () => {
    const out = await renderLabels(parcels.slice(0, 1), new Set(['ZPL'] as const), { resources, zplDpi: 300 });
    expect(out.zpl[0]).toContain('^PW1181');
  });

  it('stamps the given date into the PDF so re-rendering is reproducible', async () => {
    const date = new Date(Date.UTC(2024, 4, 10));
    const a = await renderLabels(parcels, new Set(['PDF'] as const), { resources, date });
    const b = await renderLabels(parcels, new Set(['PDF'] as const), { resources, date });
    expect(a.pdf).toEqual(b.pdf);
  });

  it('prints a barcode holding ZPL control characters exactly as stored, in every format', async () => {
    const barcode = 'AB>C_1^2~3\\x';
    const parcel = sampleLabelData({ parcel: { n: 1, of: 1, barcode, pesoKg: 1 } });
    const out = await renderLabels([parcel], new Set(['ZPL', 'PDF', 'JPG'] as const), { resources });
    const [zplImage] = await renderZplImages(out.zpl[0] ?? '', 203);
    const images = [
      zplImage ?? new Uint8Array(),
      await rasterizePdf(out.pdf[0] ?? new Uint8Array()),
      out.jpg[0] ?? new Uint8Array(),
    ];
    for (const image of images) expect(await decodeBarcodes(image)).toEqual([barcode]);
  });
});
