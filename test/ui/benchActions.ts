// What an operator's hands do at the packing bench in the UI tests: put a parcel on the scale and wait until the screen
// shows its stable weight, and scan a code with a reader (typed where the focus is, then Enter).
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { ScalePeer } from '../peers/scalePeer';

/** A stable weight on the pan, once the screen shows it (`shown` as the screen writes it: "1,250 kg"). */
export async function weigh(page: Page, scale: ScalePeer, kg: number, shown: string): Promise<void> {
  scale.setWeight(kg, { stable: true });
  await expect.poll(() => page.getByTestId('scale-weight').textContent(), { timeout: 10_000 }).toBe(shown);
  await expect.poll(() => page.getByTestId('scale-readout').getAttribute('data-state')).toBe('stable');
}

/** A barcode reader: the code typed where the focus is, then Enter. */
export async function scan(page: Page, code: string): Promise<void> {
  await page.keyboard.type(code);
  await page.keyboard.press('Enter');
}
