// Screenshots of each screen under test/ui/__screenshots__, checked for obvious breakage (not pixel-golden): the
// page drew something (not blank), nothing overflows sideways, and the browser reported no error.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { loadImage, createCanvas } from '@napi-rs/canvas';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { SCREENSHOTS } from './harness';

export interface ScreenCheck {
  file: string;
  /** Share of sampled pixels that differ from the page background: a blank or crashed page is near 0. */
  inkShare: number;
  overflowsSideways: boolean;
}

export async function screenshot(page: Page, name: string): Promise<ScreenCheck> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  const file = join(SCREENSHOTS, `${name}.png`);
  const png = await page.screenshot({ path: file });
  const image = await loadImage(png);
  const canvas = createCanvas(image.width, image.height);
  const ctx = canvas.getContext('2d');
  ctx.drawImage(image, 0, 0);
  const { data } = ctx.getImageData(0, 0, image.width, image.height);
  const [r0, g0, b0] = [data[0] ?? 0, data[1] ?? 0, data[2] ?? 0];
  let ink = 0;
  let samples = 0;
  for (let i = 0; i < data.length; i += 4 * 97) {
    samples += 1;
    if (Math.abs((data[i] ?? 0) - r0) + Math.abs((data[i + 1] ?? 0) - g0) + Math.abs((data[i + 2] ?? 0) - b0) > 60)
      ink += 1;
  }
  // A string runs in the page; this Node-side project has no DOM types to write it as a function.
  const overflowsSideways =
    (await page.evaluate('document.documentElement.scrollWidth > document.documentElement.clientWidth + 1')) === true;
  return { file, inkShare: ink / samples, overflowsSideways };
}

/**
 * Screenshot `name` and check it: something drawn, nothing overflowing sideways, no error logged by the page so far.
 */
export async function expectHealthy(page: Page, name: string, errors: string[]): Promise<void> {
  const check = await screenshot(page, name);
  expect(check.inkShare, `${name} looks blank`).toBeGreaterThan(0.02);
  expect(check.overflowsSideways, `${name} overflows sideways`).toBe(false);
  expect(errors, `${name} logged errors`).toEqual([]);
}
