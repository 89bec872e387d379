// The station page opened from the browser host: its navigation bar is in the page the host sends, drawn by the build
// in the bench's language, so the operator sees it before the page's scripts have run (a page with scripts turned off
// shows what is painted before them); it is the very bar the app then draws. A page with a token the station refuses,
// and a bench on its first-run screen, get no bar before the app decides.
import type { Browser } from 'playwright-core';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { startBrowserHost, type BrowserHost } from '../../src/station/hosts/browserHost';
import { createDispatcher } from '../../src/station/dispatch';
import { removeTempDirs, tempDir } from '../helpers/tmp';
import { RENDERER_DIR, startStationPage, useChromium } from './support/harness';

const chromium = useChromium();
/** An element's painted background, read in the page (a string: no DOM types on the Node side). */
const BACKGROUND = 'node => getComputedStyle(node).backgroundColor';
let host: BrowserHost | undefined;

afterEach(async () => {
  await host?.close();
  host = undefined;
});
afterAll(() => removeTempDirs());

/** What a page opened at `url` shows before any script of it runs: its navigation bar's markup, if it has one. */
async function beforeScripts(
  browser: Browser,
  url: string,
): Promise<{ nav: string | null; lang: string | null; background: string | null; refused: string[] }> {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 720 } });
  try {
    const page = await context.newPage();
    const refused: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') refused.push(message.text());
    });
    await page.goto(url);
    const nav = page.locator('#root > .app > nav');
    const lang = await page.locator('html').getAttribute('lang');
    if ((await nav.count()) === 0) return { nav: null, lang, background: null, refused };
    return {
      nav: await nav.evaluate((element) => element.outerHTML),
      lang,
      // Painted as the app paints it: the stylesheet came with the page (inline, allowed by its hash).
      background: (await nav.evaluate(BACKGROUND)) as string,
      refused,
    };
  } finally {
    await context.close();
  }
}

describe('the navigation bar painted before the scripts', () => {
  it('is the Italian bench bar the app then draws, the new shipment marked open', { timeout: 60_000 }, async () => {
    const started = await startStationPage(chromium.get(), { dataDir: tempDir() });
    host = started.host;
    const before = await beforeScripts(chromium.get(), host.url);
    expect(before.lang).toBe('it');
    expect(before.nav).toContain('Nuova spedizione');
    expect(before.nav).toContain('aria-current="page"');
    const appNav = started.page.locator('#root > .app > nav');
    expect(before.nav).toBe(await appNav.evaluate((element) => element.outerHTML));
    expect(before.background).toBe(await appNav.evaluate(BACKGROUND));
    expect(before.background).not.toBe('rgba(0, 0, 0, 0)');
    expect(before.refused).toEqual([]);
    expect(started.errors).toEqual([]);
    await started.page.close();
  });

  it("is in English on an English bench, as the app's", { timeout: 60_000 }, async () => {
    const dataDir = tempDir();
    const started = await startStationPage(chromium.get(), {
      dataDir,
      before: async (dispatch) => {
        const saved = await dispatch('settings.update', { language: 'en' });
        if (!saved.ok) throw new Error(saved.error.message);
      },
    });
    host = started.host;
    const before = await beforeScripts(chromium.get(), host.url);
    expect(before.lang).toBe('en');
    expect(before.nav).toContain('New shipment');
    await started.page.getByTestId('nav-new').filter({ hasText: 'New shipment' }).waitFor();
    const drawn = await started.page.locator('#root > .app > nav').evaluate((element) => element.outerHTML);
    expect(before.nav).toBe(drawn);
    await started.page.close();
  });

  it('is not sent to a page whose token the station refuses, nor to a bench not set up', async () => {
    host = await startBrowserHost({ dataDir: tempDir(), rendererDir: RENDERER_DIR });
    const firstRun = await beforeScripts(chromium.get(), host.url);
    expect(firstRun.nav).toBeNull();
    const finished = await createDispatcher(host.station).dispatch('setup.finish', {});
    expect(finished.ok).toBe(true);
    expect((await beforeScripts(chromium.get(), host.url)).nav).not.toBeNull();
    const wrongToken = host.url.replace(/token=[^&]+/, 'token=not-this-station');
    expect((await beforeScripts(chromium.get(), wrongToken)).nav).toBeNull();
    // A reloaded tab's address has no token (the page keeps it in its storage): the bar comes with the app.
    expect((await beforeScripts(chromium.get(), host.url.replace(/\?token=[^&]+/, ''))).nav).toBeNull();
  });
});
