// What every UI test needs: the renderer built once (electron-vite, as `npm start` builds it), Debian's Chromium
// driven by playwright-core (never a downloaded browser), and a browser station over a fresh data folder.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { chromiumPath } from '../../provision.mjs';
import { startBrowserHost, type BrowserHost, type BrowserHostOptions } from '../../../src/station/hosts/browserHost';
import { createDispatcher, type Dispatcher } from '../../../src/station/dispatch';
import { accountCatalog } from '../../fixtures/catalogs';
import { TYPED_SHIPMENT } from '../../fixtures/shipments';

/** A connected bench's set-up: the account's catalog with the remote's courier 70, saved before the page opens. */
export async function withAccountCatalog(dispatch: Dispatcher['dispatch']): Promise<void> {
  const saved = await dispatch('catalog.save', { catalog: accountCatalog() });
  if (!saved.ok) throw new Error(`catalog not saved: ${saved.error.message}`);
}

const ROOT = resolve(import.meta.dirname, '../../..');
export const RENDERER_DIR = join(ROOT, 'out/renderer');
export const SCREENSHOTS = join(ROOT, 'test/ui/__screenshots__');

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

/** Builds out/renderer when it is missing or older than src/renderer or src/shared. */
export function ensureRendererBuilt(): void {
  const index = join(RENDERER_DIR, 'index.html');
  const stale =
    !existsSync(index) ||
    statSync(index).mtimeMs < Math.max(newestMtime(join(ROOT, 'src/renderer')), newestMtime(join(ROOT, 'src/shared')));
  if (stale)
    execFileSync('npx', ['--no-install', 'electron-vite', 'build'], { cwd: ROOT, stdio: 'pipe', timeout: 300_000 });
}

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
  '--disable-quic',
];

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS, timeout: 60_000 });
}

export async function startStationPage(
  browser: Browser,
  options: Omit<BrowserHostOptions, 'rendererDir'> & {
    /** Set up before the page opens, through the station's commands (e.g. a connected bench's courier catalog). */
    before?(dispatch: Dispatcher['dispatch']): Promise<void>;
    /** Open on the first-run screen, as a newcomer's bench does; otherwise the bench was set up before (demo). */
    firstRun?: boolean;
  },
): Promise<{ host: BrowserHost; page: Page; errors: string[] }> {
  const { before, firstRun, ...hostOptions } = options;
  const host = await startBrowserHost({ ...hostOptions, rendererDir: RENDERER_DIR });
  const dispatch: Dispatcher['dispatch'] = (name, input) => createDispatcher(host.station).dispatch(name, input);
  if (!firstRun) await dispatch('setup.finish', {});
  await before?.(dispatch);
  // A bench screen: every screen is seen (and screenshot) at the size the benches have.
  const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await page.goto(host.url);
  // The bench is drawn once the station has answered its first command: a key pressed before then has no screen to
  // act on (an F3 lost that way left tests waiting for a list never opened).
  const drawn = ['status-bar', 'first-run', 'token-refused', 'app-error'].map((id) => `[data-testid="${id}"]`);
  await page.locator(drawn.join(', ')).first().waitFor({ timeout: 30_000 });
  return { host, page, errors };
}

/**
 * The run's shared Chromium (test/ui/support/globalSetup.ts), connected to; without one (a file run outside the vitest
 * config), a Chromium of the file's own, with the renderer built first. Closing it disconnects from the shared one.
 */
export async function connectChromium(): Promise<Browser> {
  const endpoint = inject('chromiumEndpoint');
  if (endpoint) return chromium.connect(endpoint, { timeout: 60_000 });
  ensureRendererBuilt();
  return launchChromium();
}

/** Chromium for a test file (see connectChromium); `get()` is valid inside tests and hooks. */
export function useChromium(): { get(): Browser } {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await connectChromium();
  }, 300_000);
  afterAll(async () => {
    await browser?.close();
  });
  return {
    get() {
      if (!browser) throw new Error('Chromium not started yet');
      return browser;
    },
  };
}

/**
 * Finds a shipment in a list by typing its reference in the search and Enter (the search runs at once), and opens its
 * detail from the keyboard once the list shows the search's own rows: a row of the list as it was before the search
 * is replaced by the search's answer, and Enter would then open nothing.
 */
export async function openRow(page: Page, view: 'departing' | 'departed', ref: string): Promise<void> {
  await page.getByTestId(view === 'departing' ? 'nav-departing' : 'nav-departed').click();
  const search = page.getByTestId('list-search');
  await search.fill(ref);
  await search.press('Enter');
  const rows = page.locator('.vrow[data-testid^="row-"]:not(.vrow--loading)');
  const matching = rows.filter({ hasText: ref });
  await expect
    .poll(async () => (await rows.count()) > 0 && (await rows.count()) === (await matching.count()), {
      timeout: 15_000,
    })
    .toBe(true);
  await matching.first().click();
  await page.keyboard.press('Enter');
  await page.getByTestId('detail-dialog').waitFor({ timeout: 10_000 });
}

/**
 * Switches the bench's language with F8, as the operator does, and waits until the page speaks it: the station sets a
 * language only once its table is read (English comes with import()), so words read right after the key press may
 * still be the other language's on a busy machine.
 */
export async function pressLanguageKey(page: Page, language: 'it' | 'en'): Promise<void> {
  await page.keyboard.press('F8');
  await expect.poll(() => page.locator('html').getAttribute('lang'), { timeout: 15_000 }).toBe(language);
}

/** Types a shipment into the form, as a bench would, without saving it. */
export async function fillShipment(page: Page, ref: string, name: string, courier = '70/1'): Promise<void> {
  await page.getByTestId('nav-new').click();
  await page.getByTestId('field-ddt_alpha').fill(ref);
  const values = { ...TYPED_SHIPMENT, rcpt_name: name };
  for (const [field, value] of Object.entries(values)) await page.getByTestId(`field-${field}`).fill(value);
  await page.getByTestId('field-corriere').selectOption(courier);
}

/** Types a shipment into the form and saves it with Enter, as a bench would. */
export async function enterShipment(page: Page, ref: string, name: string, courier = '70/1'): Promise<void> {
  await fillShipment(page, ref, name, courier);
  await page.getByTestId('field-merce').press('Enter');
  await expect.poll(() => page.getByTestId('saved-ddt-alpha').textContent(), { timeout: 15_000 }).toBe(ref);
}
