// The label thread's warm-up encodes a label-sized raster with a label's kinds of blocks: what it writes must be a
// JPEG of that raster, or the warm-up compiled other paths than the labels take.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { warmUpJpegEncoder, warmUpRaster } from '../../../../src/engine/labels/encoderWarmUp';

describe("the label thread's encoder warm-up", () => {
  it('encodes a label-sized raster with bars, strokes, grey steps and blank blocks as the labels have', async () => {
    const raster = warmUpRaster();
    const blocks = raster.drawn.length;
    const drawn = raster.drawn.reduce((n, b) => n + b, 0);
    expect(drawn).toBeGreaterThan(blocks / 4);
    expect(drawn).toBeLessThan(blocks);
    const levels = new Set(raster.data);
    expect(levels.size).toBeGreaterThan(32);
    const jpeg = warmUpJpegEncoder(90);
    expect(jpeg).toBeInstanceOf(Buffer);
    const meta = await sharp(jpeg).metadata();
    expect([meta.format, meta.width, meta.height, meta.channels]).toEqual(['jpeg', raster.width, raster.height, 1]);
    const { data } = await sharp(jpeg).extractChannel(0).raw().toBuffer({ resolveWithObject: true });
    let worst = 0;
    for (let i = 0; i < data.length; i += 1) worst = Math.max(worst, Math.abs((data[i] ?? 0) - (raster.data[i] ?? 0)));
    expect(worst).toBeLessThan(64);
  });

  it('never fails the thread it warms: an encoder that throws there leaves the error to the labels', () => {
    const failing = () => {
      throw new RangeError('Array buffer allocation failed');
    };
    expect(warmUpJpegEncoder(90, failing)).toBeUndefined();
  });
});
