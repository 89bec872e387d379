// Pixels of a rendered label (PNG or JPEG bytes), to check where something was actually drawn.
import { createCanvas, loadImage } from '@napi-rs/canvas';

export interface PixelBox {
  x1: number;
  y1: number;
  /** Exclusive. */
  x2: number;
  y2: number;
}

/** Smallest box holding every dark pixel inside `region` (pixels, end exclusive); undefined when none is dark. */
export async function darkBounds(image: Uint8Array, region: PixelBox): Promise<PixelBox | undefined> {
  const img = await loadImage(Buffer.from(image));
  const canvas = createCanvas(img.width, img.height);
  const ctx = canvas.getContext('2d');
  ctx.drawImage(img, 0, 0);
  const { data, width } = ctx.getImageData(0, 0, img.width, img.height);
  let found: PixelBox | undefined;
  for (let y = Math.max(0, region.y1); y < Math.min(img.height, region.y2); y += 1) {
    for (let x = Math.max(0, region.x1); x < Math.min(width, region.x2); x += 1) {
      if ((data[(y * width + x) * 4] ?? 255) >= 128) continue;
      found = found
        ? {
            x1: Math.min(found.x1, x),
            y1: Math.min(found.y1, y),
            x2: Math.max(found.x2, x + 1),
            y2: Math.max(found.y2, y + 1),
          }
        : { x1: x, y1: y, x2: x + 1, y2: y + 1 };
    }
  }
  return found;
}

/** A horizontal run of dark pixels: first pixel and length. */
export interface DarkRun {
  x: number;
  length: number;
}

/** The dark runs along pixel row `y`, left to right, to measure bars and the blank space around them. */
export async function darkRunsInRow(image: Uint8Array, y: number): Promise<{ width: number; runs: DarkRun[] }> {
  const img = await loadImage(Buffer.from(image));
  const canvas = createCanvas(img.width, 1);
  const ctx = canvas.getContext('2d');
  ctx.drawImage(img, 0, -y);
  const { data, width } = ctx.getImageData(0, 0, img.width, 1);
  const runs: DarkRun[] = [];
  for (let x = 0; x < width; x += 1) {
    if ((data[x * 4] ?? 255) >= 128) continue;
    const last = runs[runs.length - 1];
    if (last && last.x + last.length === x) last.length += 1;
    else runs.push({ x, length: 1 });
  }
  return { width, runs };
}
