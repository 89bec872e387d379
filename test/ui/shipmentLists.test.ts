// The departing list in Chromium over a few hundred shipments: only the rows in view are in the page, the keyboard
// moves through all of them (the station is asked page by page), search narrows it, and a Space selection is
// confirmed with the station's summary as it comes.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserHost } from '../../src/station/hosts/browserHost';
import { validShipment } from '../fixtures/shipments';
import { removeTempDirs, tempDir } from '../helpers/tmp';
import { connectChromium, startStationPage } from './support/harness';

const COUNT = 260;
let browser: Browser;
let host: BrowserHost;
let page: Page;
let errors: string[];

beforeAll(async () => {
  browser = await connectChromium();
  ({ host, page, errors } = await startStationPage(browser, { dataDir: tempDir() }));
  const { engine, caller } = host.station;
  for (let i = 0; i < COUNT; i += 1) {
    await engine.createShipment(
      caller,
      // ZPL only but for the one whose detail is opened (its label preview is a JPG): the list is under test, not the
      // PDF and JPG renderers (260 of those took 40 s of the suite).
      validShipment({
        ddt_alpha: `ORD-${String(i).padStart(4, '0')}`,
        rcpt_name: i === 42 ? 'Ferramenta Unica' : `Cliente ${i}`,
        ...(i === 42 ? {} : { labelType: 'ZPL' }),
      }),
    );
  }
}, 300_000);
afterAll(async () => {
  await browser?.close();
  await host?.close();
  removeTempDirs();
});

const rowCount = () => page.locator('[data-testid="list-departing"] [role="row"]').count();

describe('departing shipments', () => {
  it('renders only the rows in view and reaches the last one from the keyboard', async () => {
    await page.keyboard.press('F3');
    await expect.poll(() => page.getByTestId('list-total').getAttribute('data-total')).toBe(String(COUNT));
    expect(await rowCount()).toBeLessThan(80);

    await page.getByTestId('list-departing').focus();
    await page.keyboard.press('End');
    await expect.poll(() => page.getByText('ORD-0000', { exact: true }).count()).toBe(1);
    expect(await rowCount()).toBeLessThan(80);
    await page.keyboard.press('Home');
    await expect
      .poll(() => page.getByText(`ORD-${String(COUNT - 1).padStart(4, '0')}`, { exact: true }).count())
      .toBe(1);
  });

  it('searches as the operator types, selects with Space and confirms the selection', async () => {
    await page.getByTestId('list-search').fill('Ferramenta Unica');
    await expect.poll(() => page.getByTestId('list-total').getAttribute('data-total')).toBe('1');
    await page.getByTestId('list-search').press('Enter');
    await page.keyboard.press('Space');
    expect(await page.getByTestId('selection-count').getAttribute('data-count')).toBe('1');

    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByTestId('detail-preview').count()).toBe(1);
    await page.keyboard.press('Escape');
    expect(await page.getByTestId('detail-dialog').count()).toBe(0);

    // F4 opens on everything waiting; «Conferma le selezionate» on the selection.
    await page.keyboard.press('F4');
    expect(await page.getByRole('radio', { checked: true }).getAttribute('data-testid')).toBe('confirm-mode-waiting');
    await page.keyboard.press('F3');
    await page.getByTestId('confirm-selection').click();
    expect(await page.getByTestId('confirm-selection-count').textContent()).toContain('1');
    await page.getByTestId('confirm-run').click();
    await expect.poll(() => page.getByTestId('confirm-status').textContent()).toBe('1 spedizione confermata, 0 errori');
    expect(await page.getByTestId('confirm-manifest').count()).toBe(1);

    await page.keyboard.press('F6');
    await expect.poll(() => page.getByTestId('list-total').getAttribute('data-total')).toBe('1');
    await page.keyboard.press('F3');
    await page.getByTestId('list-search').fill('');
    await expect.poll(() => page.getByTestId('list-total').getAttribute('data-total')).toBe(String(COUNT - 1));
    expect(errors).toEqual([]);
  });
});
