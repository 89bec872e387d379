// A whole day at the bench in Chromium against a real browser station, a real printer peer and (connected) our own
// service as the remote: create → label printed → amend → delete one → confirm with manifest; in Italian at a
// standalone bench and in English at a connected one that goes offline and back; then paper running out mid-batch.
import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import type { BrowserHost } from '../../src/station/browserHost';
import type { PrinterConfig } from '../../src/printing/types';
import { CLIENT_IDS, REMOTE_KEY, useRemote } from '../helpers/syncSetup';
import { tempDir } from '../helpers/tmp';
import { startZebraPrinter, type ZebraPrinter } from '../peers/zebraPrinter';
import { validShipment } from '../fixtures/shipments';
import { startStationPage, useChromium } from './harness';
import { screenshot } from './screenshots';

const peers = useRemote();
const chromium = useChromium();
let host: BrowserHost | undefined;
let zebra: ZebraPrinter | undefined;

afterEach(async () => {
  peers.proxy.setOffline(false);
  await host?.close();
  host = undefined;
  await zebra?.close();
  zebra = undefined;
});

const printerOf = (z: ZebraPrinter): PrinterConfig => ({
  id: 'label', name: 'Banco', language: 'ZPL', dpi: 203, labelSize: { widthMm: 100, heightMm: 150 }, target: { kind: 'tcp', host: z.host, port: z.port },
});

async function expectHealthy(page: Page, name: string, errors: string[]): Promise<void> {
  const check = await screenshot(page, name);
  expect(check.inkShare, `${name} looks blank`).toBeGreaterThan(0.02);
  expect(check.overflowsSideways, `${name} overflows sideways`).toBe(false);
  expect(errors, `${name} logged errors`).toEqual([]);
}

/** Types a shipment into the form and saves it with Enter, as a bench would. */
async function enterShipment(page: Page, ref: string, name: string, courier = '70/1'): Promise<void> {
  await page.getByTestId('nav-new').click();
  await page.getByTestId('field-ddt_alpha').fill(ref);
  const values: Record<string, string> = {
    rcpt_name: name, rcpt_contact: 'Anna Bianchi', rcpt_addr: 'Corso Garibaldi 5', rcpt_cap: '47121', rcpt_city: 'Forlì', rcpt_prov: 'FC',
    rcpt_phone: '0543123456', rcpt_email: 'anna@example.com', peso: '2,5', volume: '0,01', merce: 'Libri',
  };
  for (const [field, value] of Object.entries(values)) await page.getByTestId(`field-${field}`).fill(value);
  await page.getByTestId('field-corriere').selectOption(courier);
  await page.getByTestId('field-merce').press('Enter');
  await expect.poll(() => page.getByTestId('saved-ddt-alpha').textContent(), { timeout: 15_000 }).toBe(ref);
}

async function openRow(page: Page, view: 'departing' | 'departed', ref: string): Promise<void> {
  await page.getByTestId(view === 'departing' ? 'nav-departing' : 'nav-departed').click();
  await page.getByTestId('list-search').fill(ref);
  const row = page.locator('[data-testid^="row-"]').filter({ hasText: ref }).first();
  await row.waitFor({ timeout: 10_000 });
  await row.click();
  await page.keyboard.press('Enter');
  await page.getByTestId('detail-dialog').waitFor({ timeout: 10_000 });
}

describe('a day at the bench', () => {
  it('standalone, in Italian: create, label printed, amend, delete one, confirm with manifest', { timeout: 120_000 }, async () => {
    zebra = await startZebraPrinter();
    const started = await startStationPage(chromium.get(), { dataDir: tempDir(), station: { printers: [printerOf(zebra)], autoPrint: true, printerRetryMs: 50 } });
    host = started.host;
    const { page, errors } = started;
    await page.getByTestId('field-client_id').locator('option').first().waitFor({ state: 'attached' });
    await expectHealthy(page, 'it-new-shipment-empty', errors);

    await enterShipment(page, 'GIORNO-1', 'Libreria Bianchi');
    await zebra.waitForLabels(1, 15_000);
    await expectHealthy(page, 'it-new-shipment-saved', errors);
    await enterShipment(page, 'GIORNO-2', 'Cartoleria Rossi');
    await zebra.waitForLabels(2, 15_000);
    await expect.poll(() => page.getByTestId('status-printer').getAttribute('data-state')).toBe('ready');

    await openRow(page, 'departing', 'GIORNO-1');
    await expectHealthy(page, 'it-detail', errors);
    await page.getByTestId('action-amend').click();
    await page.getByTestId('amend-field-rcpt_phone').fill('3339998877');
    await page.getByTestId('amend-save').click();
    await expect.poll(() => {
      const page1 = host?.station.engine.listShipments(host.station.caller, { view: 'departing', search: 'GIORNO-1', offset: 0, limit: 5 });
      const id = page1?.rows[0]?.id ?? 0;
      return host?.station.engine.getShipment(host.station.caller, id)?.rcpt_phone;
    }).toBe('3339998877');
    await page.getByTestId('amend-dialog').waitFor({ state: 'hidden' });
    await page.getByTestId('detail-close').click();

    await openRow(page, 'departing', 'GIORNO-2');
    await page.getByTestId('action-delete').click();
    await page.getByTestId('delete-confirm').click();
    await page.getByTestId('list-search').fill('');
    await expect.poll(() => page.getByTestId('list-total').textContent(), { timeout: 10_000 }).toBe('Spedizioni: 1');
    await expectHealthy(page, 'it-departing', errors);

    await page.getByTestId('nav-confirm').click();
    await page.getByTestId('confirm-mode-client').check();
    await page.getByTestId('confirm-client').selectOption('1001');
    await page.getByTestId('confirm-create-manifest').check();
    await page.getByTestId('confirm-run').click();
    await expect.poll(() => page.getByTestId('confirm-status').textContent(), { timeout: 15_000 }).toBe('1 spedizioni confermate, 0 errori');
    await expectHealthy(page, 'it-confirm', errors);

    await page.getByTestId('nav-manifests').click();
    await page.locator('[data-testid^="manifest-"]').first().waitFor();
    await expectHealthy(page, 'it-manifests', errors);
    await page.getByTestId('nav-departed').click();
    await page.locator('[data-testid^="row-"]').filter({ hasText: 'GIORNO-1' }).first().waitFor();
    await expectHealthy(page, 'it-departed', errors);
    await page.getByTestId('nav-settings').click();
    await page.getByTestId('settings-language').waitFor();
    await expectHealthy(page, 'it-settings', errors);
    expect(zebra.labels()).toHaveLength(2);
  });

  it('connected, in English: works offline, shows what waits, and catches up with the label printed once', { timeout: 120_000 }, async () => {
    zebra = await startZebraPrinter();
    const started = await startStationPage(chromium.get(), {
      dataDir: tempDir(),
      station: {
        remoteUrl: peers.proxy.url, apiKey: REMOTE_KEY, clientIds: CLIENT_IDS, rateLimits: false, retry: { baseMs: 50, maxMs: 300 },
        printers: [printerOf(zebra)], autoPrint: true, printerRetryMs: 50,
      },
    });
    host = started.host;
    const { page, errors } = started;
    await page.getByTestId('field-client_id').locator('option').first().waitFor({ state: 'attached' });
    await page.keyboard.press('F8');
    await expect.poll(() => page.getByTestId('nav-new').textContent(), { timeout: 10_000 }).toContain('New shipment');

    peers.proxy.setOffline(true);
    await enterShipment(page, 'OFFLINE-1', 'Bookshop Green');
    await expect.poll(() => page.getByTestId('status-pending').getAttribute('data-count'), { timeout: 15_000 }).toBe('1');
    await expect.poll(() => page.getByTestId('status-sync').getAttribute('data-state'), { timeout: 15_000 }).toBe('offline');
    expect(zebra.labels()).toEqual([]);
    await expectHealthy(page, 'en-offline', errors);

    peers.proxy.setOffline(false);
    await expect.poll(() => page.getByTestId('status-pending').getAttribute('data-count'), { timeout: 20_000 }).toBe('0');
    await zebra.waitForLabels(1, 20_000);
    await openRow(page, 'departing', 'OFFLINE-1');
    await expect.poll(() => page.getByTestId('detail-num-spedizione').textContent(), { timeout: 10_000 }).toMatch(/\d{6,}/);
    await page.getByTestId('detail-close').click();

    await page.getByTestId('nav-confirm').click();
    await page.getByTestId('confirm-mode-client').check();
    await page.getByTestId('confirm-client').selectOption('1001');
    await page.getByTestId('confirm-create-manifest').check();
    await page.getByTestId('confirm-run').click();
    await expect.poll(() => page.getByTestId('confirm-status').textContent(), { timeout: 15_000 }).toBe('1 spedizioni confermate, 0 errori');
    await expectHealthy(page, 'en-confirm', errors);
    const remote = await peers.direct.request<{ confermato: number }>('GET', '/ShipmentByDdtalpha?ddt_alpha=OFFLINE-1');
    await expect.poll(async () => (await peers.direct.request<{ confermato: number }>('GET', '/ShipmentByDdtalpha?ddt_alpha=OFFLINE-1')).body.confermato, { timeout: 20_000 }).toBe(1);
    expect(remote.status).toBe(200);
    expect(zebra.labels()).toHaveLength(1);
  });

  it('tells the bench when the printer runs out of paper in the middle of a batch, then prints the rest once', { timeout: 120_000 }, async () => {
    zebra = await startZebraPrinter();
    zebra.runOutOfPaperAfter(2);
    const started = await startStationPage(chromium.get(), { dataDir: tempDir(), station: { printers: [printerOf(zebra)], autoPrint: true, printerRetryMs: 50 } });
    host = started.host;
    const { page, errors } = started;
    await page.getByTestId('field-client_id').locator('option').first().waitFor({ state: 'attached' });
    for (let i = 0; i < 5; i += 1) await host.station.engine.createShipment(host.station.caller, validShipment({ labelType: 'ZPL' }));
    await expect.poll(() => page.getByTestId('status-printer').getAttribute('data-state'), { timeout: 15_000 }).toBe('problem');
    expect(await page.getByTestId('status-printer').textContent()).toContain('Carta esaurita');
    await expectHealthy(page, 'it-paper-out', errors);
    zebra.setState({ paperOut: false });
    await zebra.waitForLabels(5, 15_000);
    await expect.poll(() => page.getByTestId('status-printer').getAttribute('data-state'), { timeout: 15_000 }).toBe('ready');
    expect(new Set(zebra.labels()).size).toBe(5);
  });
});
