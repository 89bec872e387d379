import { describe, expect, it } from 'vitest';
import { GrayRaster, type GlyphMask } from '../../../../src/engine/labels/grayRaster';

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
});
