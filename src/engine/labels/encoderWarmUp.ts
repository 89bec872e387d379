// The JPEG encoder compiled before the first label needs it. The encoder is JavaScript (jpegEncoder.ts): its first
// labels run unoptimised while V8's helper threads compile it, and those threads run at normal priority beside the
// thread that answers the operator. A label thread encodes a label-sized raster with a label's kinds of blocks
// (blank, bars, strokes, grey edges) a few times as it starts, so a batch clicked after the start meets compiled code.
import { GrayRaster } from './grayRaster';
import { encodeGrayJpeg } from './jpegEncoder';

/** A label's size at 203 dpi (100 × 150 mm). */
const WIDTH = 799;
const HEIGHT = 1199;
const ROUNDS = 4;

/** A raster with what labels hold: bars of 1-4 px (barcodes), solid strokes, grey steps, and blank space. */
export function warmUpRaster(): GrayRaster {
  const raster = new GrayRaster(WIDTH, HEIGHT);
  for (let x = 40, bar = 1; x < 700; x += bar * 2, bar = (bar % 4) + 1) raster.fillRect(x, 100, bar, 160);
  for (let y = 320; y < 900; y += 24) {
    for (let x = 40; x < 740; x += 11) raster.fillRect(x, y, 3 + (x % 5), 14);
  }
  for (let i = 0; i < 64; i += 1) raster.fillRect(40 + i * 11, 950, 11, 60, i * 4);
  raster.fillRect(40, 1050, 700, 6);
  return raster;
}

/**
 * Encodes the warm-up raster ROUNDS times; returns the last JPEG (what the test decodes), or undefined when it threw.
 * The warm-up only saves compile time, and it runs as the thread starts: an error there would fail the thread's
 * start, and a pool whose threads cannot start draws every label on the calling thread (pool.ts), slower for the
 * rest of the process; the same error in a label costs that label only (status 0.6).
 */
export function warmUpJpegEncoder(quality: number, encode = encodeGrayJpeg): Buffer | undefined {
  try {
    const raster = warmUpRaster();
    let jpeg: Buffer | undefined;
    for (let round = 0; round < ROUNDS; round += 1) jpeg = encode(raster, quality);
    return jpeg;
  } catch {
    return undefined;
  }
}
