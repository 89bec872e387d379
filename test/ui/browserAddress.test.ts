// The browser station's address in Chromium at 1280x720 (issue 39): its address bookmarked, opened after a restart of
// the station on the same data folder, is the bench again; a tab whose token the station refuses shows only what to do
// (reload, or open the address the station printed) and no form that looks usable.
import { afterAll, describe, expect, it } from 'vitest';
import { startBrowserHost } from '../../src/station/hosts/browserHost';
import { removeTempDirs, tempDir } from '../helpers/tmp';
import { RENDERER_DIR, startStationPage, useChromium } from './support/harness';
import { expectHealthy, screenshot } from './support/screenshots';

const chromium = useChromium();
afterAll(removeTempDirs);

describe('the browser station keeps its address', () => {
  it(
    'its bookmarked address opens the bench again after a restart, no token refused',
    { timeout: 120_000 },
    async () => {
      const dataDir = tempDir();
      const { host, page, errors } = await startStationPage(chromium.get(), { dataDir });
      await page.getByTestId('field-client_id').locator('option').first().waitFor({ state: 'attached' });
      // The bookmark: the address as the address bar shows it (the page takes the token out of it).
      const bookmark = page.url();
      expect(bookmark).not.toContain('token');
      await page.goto('about:blank');
      await host.close();
      const again = await startBrowserHost({ dataDir, rendererDir: RENDERER_DIR });
      try {
        expect(again.url).toBe(host.url);
        await page.goto(bookmark);
        await page.getByTestId('field-client_id').locator('option').first().waitFor({ state: 'attached' });
        expect(await page.getByTestId('token-refused').count()).toBe(0);
        await expectHealthy(page, 'browser-address-after-restart', errors);
      } finally {
        await page.close();
        await again.close();
      }
    },
  );

  it('a tab with a token the station refuses says to reload and shows nothing else', { timeout: 120_000 }, async () => {
    const { host, page } = await startStationPage(chromium.get(), { dataDir: tempDir() });
    try {
      await page.goto(`${new URL(host.url).origin}/?token=${'x'.repeat(32)}`);
      const refused = page.getByTestId('token-refused');
      await refused.waitFor();
      await expect.poll(() => refused.innerText()).toContain('Ricarica la pagina');
      expect(await refused.innerText()).toContain('Reload the page');
      expect(await page.getByRole('button').allInnerTexts()).toEqual(['Ricarica / Reload']);
      expect(await page.locator('input, select, textarea, nav').count()).toBe(0);
      await expect.poll(() => page.evaluate('document.activeElement?.textContent')).toBe('Ricarica / Reload');
      // Drawn, not blank (the browser logs the refused request itself, so no check of the page's errors here).
      expect((await screenshot(page, 'browser-token-refused')).inkShare).toBeGreaterThan(0.02);
    } finally {
      await page.close();
      await host.close();
    }
  });
});
