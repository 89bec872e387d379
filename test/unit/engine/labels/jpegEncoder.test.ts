// The label's JPEG encoder (src/engine/labels/jpegEncoder.ts) against an independent decoder and libvips' own encoder:
// sharp (libvips with libjpeg-turbo) decodes what ours writes, and encodes the same raster at the same quality so the
// error each leaves against the raster can be compared. Sizes that are not multiples of 8, blank and all-black
// rasters, single pixels, blocks that repeat (the encoder reuses their coefficients) and noise (every coefficient,
// long codes, 0xFF bytes stuffed) are each encoded.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { GrayRaster } from '../../../../src/engine/labels/grayRaster';
import { encodeGrayJpeg } from '../../../../src/engine/labels/jpegEncoder';
import { buildLabelModel } from '../../../../src/engine/labels';
import { labelRaster, renderJpg } from '../../../../src/engine/labels/jpg';
import { sampleLabelData } from '../../../fixtures/labelData';
import { resources } from '../../../helpers/resources';

const QUALITY = 90;

/** The JPEG's markers up to its scan, in order (after SOI). */
function markers(jpeg: Uint8Array): number[] {
  const found: number[] = [];
  let at = 2;
  while (at + 4 <= jpeg.length && jpeg[at] === 0xff) {
    const marker = jpeg[at + 1] ?? 0;
    found.push(marker);
    if (marker === 0xda) break;
    at += 2 + (((jpeg[at + 2] ?? 0) << 8) | (jpeg[at + 3] ?? 0));
  }
  return found;
}

/** The JPEG decoded by libjpeg-turbo, with its size and channels as the file declares them. */
async function decoded(jpeg: Uint8Array) {
  const meta = await sharp(jpeg).metadata();
  const { data, info } = await sharp(jpeg).toColourspace('b-w').raw().toBuffer({ resolveWithObject: true });
  expect(info.channels).toBe(1);
  return { width: meta.width, height: meta.height, channels: meta.channels, progressive: meta.isProgressive, data };
}

/** The largest and the mean absolute difference of the decoded pixels from the raster's. */
function error(raster: GrayRaster, pixels: Uint8Array): { max: number; mean: number } {
  let max = 0;
  let sum = 0;
  for (let i = 0; i < raster.data.length; i += 1) {
    const e = Math.abs((pixels[i] ?? 0) - (raster.data[i] ?? 0));
    sum += e;
    if (e > max) max = e;
  }
  return { max, mean: sum / raster.data.length };
}

function libvipsJpeg(raster: GrayRaster): Promise<Buffer> {
  return sharp(raster.data, { raw: { width: raster.width, height: raster.height, channels: 1 } })
    .toColourspace('b-w')
    .jpeg({ quality: QUALITY, optimiseCoding: false })
    .toBuffer();
}

/**
 * Ours is a one-channel baseline JPEG of the raster's size whose error against the raster is libvips' at the same
 * quality, give or take what two DCTs' rounding makes: libjpeg-turbo's integer DCT there, libjpeg's float one here.
 */
async function expectAsGoodAsLibvips(raster: GrayRaster): Promise<{ max: number; mean: number }> {
  const jpeg = encodeGrayJpeg(raster, QUALITY);
  expect(markers(jpeg)).toEqual([0xdb, 0xc0, 0xc4, 0xda]);
  expect([...jpeg.subarray(-2)]).toEqual([0xff, 0xd9]);
  const ours = await decoded(jpeg);
  expect(ours).toMatchObject({ width: raster.width, height: raster.height, channels: 1, progressive: false });
  const theirs = await decoded(await libvipsJpeg(raster));
  const mine = error(raster, ours.data);
  const libvips = error(raster, theirs.data);
  expect(mine.max).toBeLessThanOrEqual(libvips.max + 2);
  expect(mine.mean).toBeLessThanOrEqual(libvips.mean * 1.1 + 0.01);
  return mine;
}

/** A deterministic pseudo-random grey level (xorshift). */
function levels(seed: number): () => number {
  let s = seed;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) & 0xff;
  };
}

describe('the JPG label encoder', () => {
  it("writes the label as a one-channel baseline JPEG, as close to its raster as libvips' encode", async () => {
    const model = buildLabelModel(resources, sampleLabelData());
    const raster = labelRaster(resources, model);
    expect([raster.width, raster.height]).toEqual([799, 1199]);
    const { max, mean } = await expectAsGoodAsLibvips(raster);
    expect(max).toBeGreaterThan(0);
    expect(mean).toBeGreaterThan(0);
    // renderJpg writes that same encode of that same raster.
    expect(await renderJpg(resources, model)).toEqual(encodeGrayJpeg(raster, QUALITY));
  });

  it('encodes sizes that are not multiples of 8, their edge blocks padded', async () => {
    const raster = new GrayRaster(37, 21);
    raster.fillRect(3, 2, 30, 3);
    raster.fillRect(33, 5, 4, 16, 90);
    raster.fillRect(0, 17, 37, 4, 200);
    const { max } = await expectAsGoodAsLibvips(raster);
    expect(max).toBeGreaterThan(0);
  });

  it('encodes a blank raster as white', async () => {
    const raster = new GrayRaster(19, 13);
    const jpeg = encodeGrayJpeg(raster, QUALITY);
    expect((await decoded(jpeg)).data.every((v) => v === 255)).toBe(true);
    await expectAsGoodAsLibvips(raster);
  });

  it('encodes an all-black raster as black', async () => {
    const raster = new GrayRaster(23, 17);
    raster.fillRect(0, 0, 23, 17);
    const ours = await decoded(encodeGrayJpeg(raster, QUALITY));
    expect(ours.data.every((v) => v === 0)).toBe(true);
    await expectAsGoodAsLibvips(raster);
  });

  it.each([
    [5, 9],
    [16, 8],
    [22, 14],
  ])('keeps one pixel drawn at (%i, %i) of a 23×15 raster', async (x, y) => {
    const raster = new GrayRaster(23, 15);
    raster.fillRect(x, y, 1, 1);
    await expectAsGoodAsLibvips(raster);
    const pixels = (await decoded(encodeGrayJpeg(raster, QUALITY))).data;
    // The dark pixel stays the darkest of the picture.
    const darkest = pixels.indexOf(Math.min(...pixels));
    expect([darkest % 23, Math.floor(darkest / 23)]).toEqual([x, y]);
  });

  it('encodes blocks that repeat down and across (bars, rules) as the raster has them', async () => {
    const raster = new GrayRaster(96, 80);
    // Bars of different widths down the whole height: each block equal to the one above.
    for (let x = 0, w = 1; x + w < 96; x += 2 * w + 1, w = (w % 4) + 1) raster.fillRect(x, 0, w, 48);
    // A rule across, 3 pixels thick inside its blocks: each block equal to the one to its left.
    raster.fillRect(0, 58, 96, 3);
    // A grey row of blocks of one level each, then a lighter one.
    raster.fillRect(0, 64, 96, 8, 60);
    raster.fillRect(0, 72, 96, 8, 180);
    await expectAsGoodAsLibvips(raster);
  });

  it('encodes noise: every coefficient, the longest codes and 0xFF bytes in the scan', async () => {
    const raster = new GrayRaster(64, 48);
    const next = levels(0x2545f491);
    // Every block marked drawn (the encoder writes blocks never drawn over as white), then noise written under it.
    raster.fillRect(0, 0, 64, 48, 0);
    for (let i = 0; i < raster.data.length; i += 1) raster.data[i] = next();
    const jpeg = encodeGrayJpeg(raster, QUALITY);
    // 0xFF in the scan's data, each followed by its stuffed 0x00.
    const scan = jpeg.subarray(jpeg.lastIndexOf(Buffer.from([0xff, 0xda])) + 10, -2);
    const ffs = scan.reduce((n, v) => (v === 0xff ? n + 1 : n), 0);
    expect(ffs).toBeGreaterThan(0);
    scan.forEach((v, i) => {
      if (v === 0xff) expect(scan[i + 1]).toBe(0);
    });
    await expectAsGoodAsLibvips(raster);
  });
});
