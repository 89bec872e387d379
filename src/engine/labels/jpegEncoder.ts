// A one-channel baseline JPEG encoder for the label's grey raster, run on the caller's thread: libjpeg's quality
// scaling of the standard luminance table, its float DCT, and the standard Huffman tables (ITU T.81, Annex K), as
// libvips wrote the label before. libvips encoded in strips handed between libuv's pool and its own threads, about
// a hundred thread wake-ups a label, which left the service's cores idle between them (docs/decisions.md, "the rate
// row, the wake-ups" and "the JPG encoded on the label thread"). Label rasters are mostly blank and repetitive, which
// is what keeps this as cheap as libvips: a block never drawn over, or of one grey level, is its DC term alone, and a
// block equal to the one above it or to its left (a barcode's bars, a rule, a thick stroke) reuses that block's
// quantised coefficients instead of its own transform.
import type { GrayRaster } from './grayRaster';
import {
  AAN_SCALE,
  AC_BITS,
  AC_TABLE,
  AC_VALUES,
  DC_BITS,
  DC_TABLE,
  DC_VALUES,
  EOB,
  LUMINANCE_QUANT,
  ZIGZAG,
  ZRL,
} from './jpegTables';

/** A block's worst case: 64 codes of up to 26 bits, every byte stuffed. */
const BLOCK_BYTES_AT_MOST = 512;

/** libjpeg's jpeg_quality_scaling and jpeg_add_quant_table (baseline: 1-255), in natural order. */
function quantTable(quality: number): number[] {
  const q = Math.min(100, Math.max(1, Math.round(quality)));
  const scale = q < 50 ? Math.floor(5000 / q) : 200 - q * 2;
  return LUMINANCE_QUANT.map((v) => Math.min(255, Math.max(1, Math.floor((v * scale + 50) / 100))));
}

/** What a quality fixes: the header up to the scan's data, and the quantiser's factors. */
interface Quantiser {
  /** DQT, SOF0 less its size, DHT and SOS: the size is written in at SOF0_SIZE_AT. */
  header: Uint8Array;
  /** Per zigzag position: 1 ÷ (the table's step × the float DCT's scale at that coefficient). */
  reciprocals: Float64Array;
  /** The quantised DC term of a block of one grey level, by level. */
  levelDc: Int32Array;
}

const quantisers = new Map<number, Quantiser>();

function quantiser(quality: number): Quantiser {
  const known = quantisers.get(quality);
  if (known) return known;
  const quant = quantTable(quality);
  // The float DCT leaves each coefficient scaled by 8 and its row's and column's AAN factors: divided out with q.
  const reciprocals = new Float64Array(64);
  for (let k = 0; k < 64; k += 1) {
    const i = ZIGZAG[k] ?? 0;
    reciprocals[k] = 1 / ((quant[i] ?? 1) * (AAN_SCALE[i >> 3] ?? 1) * (AAN_SCALE[i & 7] ?? 1) * 8);
  }
  const levelDc = new Int32Array(256);
  for (let level = 0; level < 256; level += 1) levelDc[level] = quantise((level - 128) * 64, reciprocals[0] ?? 0);
  const header: number[] = [0xff, 0xd8];
  const segment = (marker: number, body: readonly number[]) =>
    header.push(0xff, marker, (body.length + 2) >> 8, (body.length + 2) & 0xff, ...body);
  segment(0xdb, [0, ...Array.from(ZIGZAG, (i) => quant[i] ?? 1)]);
  segment(0xc0, [8, 0, 0, 0, 0, 1, 1, 0x11, 0]);
  segment(0xc4, [0x00, ...DC_BITS, ...DC_VALUES, 0x10, ...AC_BITS, ...AC_VALUES]);
  segment(0xda, [1, 1, 0x00, 0, 63, 0]);
  const made = { header: Uint8Array.from(header), reciprocals, levelDc };
  quantisers.set(quality, made);
  return made;
}

/** Where SOF0's height and width sit in the header: after SOI (2), DQT (69) and SOF0's marker, length and precision. */
const SOF0_SIZE_AT = 2 + 69 + 5;

/** The entropy-coded bytes, 0xFF stuffed with 0x00, into one buffer kept between labels (encoding is synchronous). */
class BitWriter {
  bytes = new Uint8Array(1 << 18);
  length = 0;
  /** The bits not yet written, right-aligned: fewer than 8. */
  private acc = 0;
  private count = 0;

  start(): void {
    this.length = 0;
    this.acc = 0;
    this.count = 0;
  }

  /** Room for `n` more bytes, and 3 past them for the byte writes that run ahead (see `bits`). */
  reserve(n: number): void {
    if (this.length + n + 3 <= this.bytes.length) return;
    const grown = new Uint8Array(Math.max(this.bytes.length * 2, this.length + n + 3));
    grown.set(this.bytes.subarray(0, this.length));
    this.bytes = grown;
  }

  raw(values: Uint8Array): void {
    this.reserve(values.length);
    this.bytes.set(values, this.length);
    this.length += values.length;
  }

  /**
   * `length` (≤ 24) low bits of `value`, most significant first, into room made by `reserve`. The 0-3 whole bytes
   * that makes are written as three, whatever their number (the next write overwrites the others): no branch but
   * the rare one of a 0xFF byte, which is stuffed.
   */
  bits(value: number, length: number): void {
    const acc = (this.acc << length) | value;
    const count = this.count + length;
    const left = count & 7;
    const whole = count >> 3;
    // The whole bytes at the top of a word, zeros below them (a shift by 32 is a shift by 0: whole is 0, so is acc).
    const word = (acc >>> left) << (32 - 8 * whole);
    const bytes = this.bytes;
    const at = this.length;
    bytes[at] = word >>> 24;
    bytes[at + 1] = word >>> 16;
    bytes[at + 2] = word >>> 8;
    this.length = at + whole;
    this.acc = acc & ((1 << left) - 1);
    this.count = left;
    // A 0xFF byte in the word's top three: its complement has a zero byte (the low byte's complement is 0xFF).
    const inverse = ~word;
    if (((inverse - 0x01010101) & ~inverse & 0x80808080) !== 0) this.stuff(word, whole, at);
  }

  /** The whole bytes of `word` written again from `at`, each 0xFF followed by 0x00. */
  private stuff(word: number, whole: number, at: number): void {
    for (let k = 0; k < whole; k += 1) {
      const b = (word >>> (24 - 8 * k)) & 0xff;
      this.bytes[at++] = b;
      if (b === 0xff) this.bytes[at++] = 0;
    }
    this.length = at;
  }

  /** A Huffman code (its table entry), then the coefficient's `size` bits: its low bits, less one when negative. */
  value(entry: number, value: number, size: number): void {
    const codeLength = entry & 0xff;
    const valueBits = (value + (value >> 31)) & ((1 << size) - 1);
    if (codeLength + size <= 24) {
      this.bits(((entry >>> 8) << size) | valueBits, codeLength + size);
    } else {
      this.bits(entry >>> 8, codeLength);
      this.bits(valueBits, size);
    }
  }

  /** Pads the last byte with one bits (T.81, F.1.2.3). */
  flush(): void {
    this.reserve(2);
    if (this.count > 0) this.bits(0x7f >> (this.count - 1), 8 - this.count);
  }
}

const writer = new BitWriter();

/**
 * The DCT's work area and, per block column, its last block's quantised coefficients in zigzag order with the
 * positions not zero as two 32-bit masks (0-31, 32-63), grown to the widest raster seen.
 */
const work = new Float64Array(64);
const edge = new Uint8Array(64);
let coefficients = new Int32Array(0);
let nonZero = new Int32Array(0);
let cachedRow = new Int32Array(0);

/** The raster as a one-channel baseline JPEG at `quality` (1-100, as libjpeg reads it). */
export function encodeGrayJpeg(raster: GrayRaster, quality: number): Buffer {
  const { width, height } = raster;
  const { header, reciprocals, levelDc } = quantiser(quality);
  writer.start();
  writer.raw(header);
  writer.bytes.set([height >> 8, height & 0xff, width >> 8, width & 0xff], SOF0_SIZE_AT);
  encodeBlocks(raster, reciprocals, levelDc);
  writer.flush();
  writer.raw(END_OF_IMAGE);
  return Buffer.from(writer.bytes.subarray(0, writer.length));
}

const END_OF_IMAGE = Uint8Array.from([0xff, 0xd9]);

/** Every block, left to right and top to bottom, transformed, quantised and Huffman coded. */
function encodeBlocks(raster: GrayRaster, reciprocals: Float64Array, levelDc: Int32Array): void {
  const { width, height, data, drawn, blocksPerRow } = raster;
  if (cachedRow.length < blocksPerRow) {
    coefficients = new Int32Array(blocksPerRow * 64);
    nonZero = new Int32Array(blocksPerRow * 2);
    cachedRow = new Int32Array(blocksPerRow);
  }
  // cachedRow[column]: the block row whose coefficients that column holds, -1 for none.
  cachedRow.fill(-1);
  const blankDc = levelDc[255] ?? 0;
  let previousDc = 0;
  for (let by = 0, b = 0; by < height; by += 8) {
    const row = by >> 3;
    writer.reserve(blocksPerRow * BLOCK_BYTES_AT_MOST);
    for (let bx = 0, column = 0; bx < width; bx += 8, b += 1, column += 1) {
      if (drawn[b] === 0 && previousDc === blankDc) {
        // A run of blank blocks after a blank one: the same bits each.
        let run = 1;
        while (column + run < blocksPerRow && drawn[b + run] === 0) run += 1;
        emitBlanks(run);
        bx += 8 * (run - 1);
        b += run - 1;
        column += run - 1;
        continue;
      }
      const at = by * width + bx;
      const whole = bx + 8 <= width && by + 8 <= height;
      let dc: number;
      if (drawn[b] === 0 || (whole && oneLevel(data, at, width))) {
        // Never drawn over (white), or of one grey level: its DC term alone.
        dc = drawn[b] === 0 ? blankDc : (levelDc[data[at] ?? 0] ?? 0);
        emitDc(dc - previousDc);
        writer.value(EOB, 0, 0);
        previousDc = dc;
        continue;
      }
      const slot = column * 64;
      if (whole && cachedRow[column] === row - 1 && sameBlock(data, at, at - 8 * width, width)) {
        // As the block above: its coefficients are still in this column's slot.
      } else if (whole && column > 0 && cachedRow[column - 1] === row && sameBlock(data, at, at - 8, width)) {
        coefficients.copyWithin(slot, slot - 64, slot);
        nonZero.copyWithin(column * 2, column * 2 - 2, column * 2);
      } else if (whole) {
        transform(data, at, width, reciprocals, column);
      } else {
        padEdge(raster, bx, by);
        transform(edge, 0, 8, reciprocals, column);
      }
      cachedRow[column] = whole ? row : -1;
      dc = coefficients[slot] ?? 0;
      emitDc(dc - previousDc);
      previousDc = dc;
      emitAc(column);
    }
  }
}

/** A blank block after a blank one: its DC difference, 0, and the end of block. */
const BLANK_LENGTH = ((DC_TABLE[0] ?? 0) & 0xff) + (EOB & 0xff);
const BLANK_BITS = (((DC_TABLE[0] ?? 0) >>> 8) << (EOB & 0xff)) | (EOB >>> 8);
/** As many of them as fit in one write of the writer's 24 bits. */
const BLANKS_A_WRITE = Math.floor(24 / BLANK_LENGTH);

function emitBlanks(count: number): void {
  let many = 0;
  for (let i = 0; i < BLANKS_A_WRITE; i += 1) many = (many << BLANK_LENGTH) | BLANK_BITS;
  for (; count >= BLANKS_A_WRITE; count -= BLANKS_A_WRITE) writer.bits(many, BLANKS_A_WRITE * BLANK_LENGTH);
  for (; count > 0; count -= 1) writer.bits(BLANK_BITS, BLANK_LENGTH);
}

function emitDc(diff: number): void {
  const size = 32 - Math.clz32((diff ^ (diff >> 31)) - (diff >> 31));
  writer.value(DC_TABLE[size] ?? 0, diff, size);
}

/**
 * The column's AC terms, found from its masks of positions not zero: each one's run of zeros before it, then the end
 * of block unless position 63 is not zero.
 */
function emitAc(column: number): void {
  const slot = column * 64;
  let previous = 0;
  for (let half = 0; half < 2; half += 1) {
    // Position 0 is the DC term, already written.
    let mask = (nonZero[column * 2 + half] ?? 0) & (half === 0 ? ~1 : -1);
    while (mask !== 0) {
      const k = half * 32 + 31 - Math.clz32(mask & -mask);
      mask &= mask - 1;
      let run = k - previous - 1;
      previous = k;
      while (run > 15) {
        writer.value(ZRL, 0, 0);
        run -= 16;
      }
      const value = coefficients[slot + k] ?? 0;
      const size = 32 - Math.clz32((value ^ (value >> 31)) - (value >> 31));
      writer.value(AC_TABLE[(run << 4) | size] ?? 0, value, size);
    }
  }
  if (previous < 63) writer.value(EOB, 0, 0);
}

/** Whether the 8×8 block at `at` is of one grey level. */
function oneLevel(data: Uint8Array, at: number, width: number): boolean {
  const level = data[at];
  for (let y = 0, i = at; y < 8; y += 1, i += width) {
    for (let x = 0; x < 8; x += 1) if (data[i + x] !== level) return false;
  }
  return true;
}

/** Whether the 8×8 blocks at `a` and `b` are equal. */
function sameBlock(data: Uint8Array, a: number, b: number, width: number): boolean {
  for (let y = 0; y < 8; y += 1, a += width, b += width) {
    for (let x = 0; x < 8; x += 1) if (data[a + x] !== data[b + x]) return false;
  }
  return true;
}

/** The block at (bx, by) where it crosses the raster's edge: its last row and column repeat, as libjpeg pads. */
function padEdge({ data, width, height }: GrayRaster, bx: number, by: number): void {
  for (let y = 0; y < 8; y += 1) {
    const row = Math.min(by + y, height - 1) * width;
    for (let x = 0; x < 8; x += 1) edge[y * 8 + x] = data[row + Math.min(bx + x, width - 1)] ?? 0;
  }
}

/**
 * The 8×8 block at `at` (rows `stride` apart) transformed by libjpeg's float AAN DCT (jfdctflt.c) and quantised into
 * the column's slot in zigzag order, with its masks of positions not zero. The level shift by 128 is taken off the DC
 * term alone: the transform of a constant 128 is 1,024 at each row's first output and 0 elsewhere.
 */
function transform(data: Uint8Array, at: number, stride: number, reciprocals: Float64Array, column: number): void {
  const d = work;
  for (let o = 0, i = at; o < 64; o += 8, i += stride) {
    const d0 = data[i] ?? 0;
    const d1 = data[i + 1] ?? 0;
    const d2 = data[i + 2] ?? 0;
    const d3 = data[i + 3] ?? 0;
    const d4 = data[i + 4] ?? 0;
    const d5 = data[i + 5] ?? 0;
    const d6 = data[i + 6] ?? 0;
    const d7 = data[i + 7] ?? 0;
    dctLine(d, o, 1, d0 + d7, d0 - d7, d1 + d6, d1 - d6, d2 + d5, d2 - d5, d3 + d4, d3 - d4, 1024);
  }
  for (let c = 0; c < 8; c += 1) {
    const d0 = d[c] ?? 0;
    const d1 = d[c + 8] ?? 0;
    const d2 = d[c + 16] ?? 0;
    const d3 = d[c + 24] ?? 0;
    const d4 = d[c + 32] ?? 0;
    const d5 = d[c + 40] ?? 0;
    const d6 = d[c + 48] ?? 0;
    const d7 = d[c + 56] ?? 0;
    dctLine(d, c, 8, d0 + d7, d0 - d7, d1 + d6, d1 - d6, d2 + d5, d2 - d5, d3 + d4, d3 - d4, 0);
  }
  const slot = column * 64;
  for (let half = 0; half < 2; half += 1) {
    let mask = 0;
    for (let bit = 0, k = half * 32; bit < 32; bit += 1, k += 1) {
      const value = quantise(d[ZIGZAG[k] ?? 0] ?? 0, reciprocals[k] ?? 0);
      coefficients[slot + k] = value;
      // 1 when value is not zero: the sign bit of value | -value.
      mask |= ((value | -value) >>> 31) << bit;
    }
    nonZero[column * 2 + half] = mask;
  }
}

/** One pass of the float AAN DCT, its inputs' sums and differences given, out to o, o + step, ... o + 7 step. */
function dctLine(
  d: Float64Array,
  o: number,
  step: number,
  tmp0: number,
  tmp7: number,
  tmp1: number,
  tmp6: number,
  tmp2: number,
  tmp5: number,
  tmp3: number,
  tmp4: number,
  shift: number,
): void {
  const tmp10 = tmp0 + tmp3;
  const tmp13 = tmp0 - tmp3;
  const tmp11 = tmp1 + tmp2;
  const tmp12 = tmp1 - tmp2;
  d[o] = tmp10 + tmp11 - shift;
  d[o + 4 * step] = tmp10 - tmp11;
  const z1 = (tmp12 + tmp13) * 0.707106781;
  d[o + 2 * step] = tmp13 + z1;
  d[o + 6 * step] = tmp13 - z1;
  const odd10 = tmp4 + tmp5;
  const odd11 = tmp5 + tmp6;
  const odd12 = tmp6 + tmp7;
  const z5 = (odd10 - odd12) * 0.382683433;
  const z2 = 0.5411961 * odd10 + z5;
  const z4 = 1.306562965 * odd12 + z5;
  const z3 = odd11 * 0.707106781;
  const z11 = tmp7 + z3;
  const z13 = tmp7 - z3;
  d[o + 5 * step] = z13 + z2;
  d[o + 3 * step] = z13 - z2;
  d[o + step] = z11 + z4;
  d[o + 7 * step] = z11 - z4;
}

/** Rounds half up, as libjpeg's float quantiser does. */
function quantise(value: number, reciprocal: number): number {
  return ((value * reciprocal + 16384.5) | 0) - 16384;
}
