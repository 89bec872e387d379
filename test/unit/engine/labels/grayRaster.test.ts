import { describe, expect, it } from 'vitest';
import { GrayRaster, type GlyphMask } from '../../../../src/engine/labels/grayRaster';
import { buildLabelModel } from '../../../../src/engine/labels';
import { labelRaster } from '../../../../src/engine/labels/jpg';
import { sampleLabelData } from '../../../fixtures/labelData';
import { resources } from '../../../helpers/resources';

const at = (r: GrayRaster, x: number, y: number) => r.data[y * r.width + x];

describe('grey label raster', () => {
  it('starts white and fills whole pixels, clipped to the picture', () => {
    const r = new GrayRaster(10, 5);
    expect(r.data.every((v) => v === 255)).toBe(true);
    r.fillRect(8, 3, 5, 5);
    expect([at(r, 8, 3), at(r, 9, 4), at(r, 7, 3), at(r, 8, 2)]).toEqual([0, 0, 255, 255]);
    r.fillRect(-3, -3, 4, 4, 128);
    expect([at(r, 0, 0), at(r, 1, 0), at(r, 0, 1)]).toEqual([128, 255, 255]);
    r.fillRect(2, 2, 0, 3);
    expect(at(r, 2, 2)).toBe(255);
  });

  it('blends a glyph by its coverage: black ink darkens white, white ink lightens black', () => {
    const mask: GlyphMask = { width: 2, height: 1, left: 1, top: -1, coverage: Uint8Array.from([255, 128]) };
    const r = new GrayRaster(6, 3);
    r.glyph(mask, 2, 2); // pen at (2, 2): the glyph's pixels are (3, 1) and (4, 1)
    expect([at(r, 3, 1), at(r, 4, 1), at(r, 5, 1), at(r, 3, 2)]).toEqual([0, 127, 255, 255]);
    r.fillRect(0, 0, 6, 3);
    r.glyph(mask, 2, 2, true);
    expect([at(r, 3, 1), at(r, 4, 1), at(r, 5, 1)]).toEqual([255, 128, 0]);
  });

  it('drops the parts of a glyph that fall outside the picture', () => {
    const mask: GlyphMask = { width: 3, height: 3, left: -1, top: -1, coverage: new Uint8Array(9).fill(255) };
    const r = new GrayRaster(3, 3);
    r.glyph(mask, 2, 2); // covers x 1-3, y 1-3: column and row 3 are outside
    expect([...r.data]).toEqual([255, 255, 255, 255, 0, 0, 255, 0, 0]);
  });

  it('marks the 8×8 blocks drawn over, and only those (the JPEG encoder writes the others as white)', () => {
    const r = new GrayRaster(30, 20); // 4 × 3 blocks, the last column and row cut short
    expect([r.blocksPerRow, r.drawn.length, r.drawn.every((v) => v === 0)]).toEqual([4, 12, true]);
    r.fillRect(7, 2, 2, 1); // pixels (7, 2) and (8, 2): blocks 0 and 1 of the first row
    r.fillRect(29, 19, 4, 4); // the corner pixel, clipped: the last block
    r.fillRect(12, 12, 0, 5); // nothing drawn, nothing marked
    const mask: GlyphMask = { width: 2, height: 2, left: 0, top: -2, coverage: Uint8Array.from([0, 0, 0, 255]) };
    r.glyph(mask, 16, 10); // covers x 16-17, y 8-9: block 2 of the second row
    expect([...r.drawn]).toEqual([1, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]);
  });

  it('marks every block with a pixel that is not white, on a drawn label', () => {
    const r = labelRaster(resources, buildLabelModel(resources, sampleLabelData()));
    const unmarked: number[] = [];
    for (let y = 0; y < r.height; y += 1) {
      for (let x = 0; x < r.width; x += 1) {
        const block = Math.floor(y / 8) * r.blocksPerRow + Math.floor(x / 8);
        if (r.data[y * r.width + x] !== 255 && r.drawn[block] !== 1) unmarked.push(block);
      }
    }
    expect(unmarked).toEqual([]);
    expect(r.drawn.some((v) => v === 0)).toBe(true);
  });
});
