// A whole day at one bench in Chromium (issue 14, 28): create → label printed → amend → delete one → confirm with
// manifest, every screen looked at; at a connected bench the first shipment is entered while the line is down. Used
// by benchDay.test.ts (standalone) and benchDayConnected.test.ts (connected), two files so that they run side by side.
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { BrowserHost } from '../../../src/station/hosts/browserHost';
import type { PrinterConfig } from '../../../src/printing/types';
import type { RemoteHandle } from '../../helpers/syncSetup';
import type { ZebraPrinter } from '../../peers/zebraPrinter';
import { enterShipment, openRow } from './harness';
import { expectHealthy } from './screenshots';
import { tcpPrinter } from '../../fixtures/printers';
import { openSettingsPage } from './settingsPages';

export const printerOf = (z: ZebraPrinter): PrinterConfig => tcpPrinter(z);

export type Language = 'it' | 'en';

/**
 * The whole day at one bench: two shipments entered (at a connected bench the first while the line is down, its label
 * printed once the remote answers), one amended, the other deleted, the day confirmed with a manifest, every screen
 * looked at. At a connected bench the remote ends up with exactly what the bench did.
 */
export async function fullDay(
  started: { host: BrowserHost; page: Page; errors: string[] },
  printer: ZebraPrinter,
  language: Language,
  /** The remote, at a connected bench; undefined at a standalone one. */
  peers: RemoteHandle | undefined,
): Promise<void> {
  const connected = peers !== undefined;
  const { host: station, page, errors } = started;
  const shot = (name: string) =>
    expectHealthy(page, `${language}-${connected ? 'connected' : 'standalone'}-${name}`, errors);
  const ref = (n: number) => `${language.toUpperCase()}-${connected ? 'COLL' : 'AUTO'}-${n}`;
  await page.getByTestId('field-client_id').locator('option').first().waitFor({ state: 'attached' });
  if (language === 'en') {
    await page.keyboard.press('F8');
    await expect.poll(() => page.getByTestId('nav-new').textContent(), { timeout: 10_000 }).toContain('New shipment');
  }
  await shot('new-shipment-empty');

  if (connected) {
    peers.proxy.setOffline(true);
    await enterShipment(page, ref(1), 'Libreria Bianchi');
    await expect
      .poll(() => page.getByTestId('status-pending').getAttribute('data-count'), { timeout: 15_000 })
      .toBe('1');
    await expect
      .poll(() => page.getByTestId('status-sync').getAttribute('data-state'), { timeout: 15_000 })
      .toBe('offline');
    expect(printer.labels()).toEqual([]);
    await shot('offline');
    peers.proxy.setOffline(false);
    await expect
      .poll(() => page.getByTestId('status-pending').getAttribute('data-count'), { timeout: 20_000 })
      .toBe('0');
  } else {
    await enterShipment(page, ref(1), 'Libreria Bianchi');
  }
  await printer.waitForLabels(1, 20_000);
  await shot('new-shipment-saved');
  await enterShipment(page, ref(2), 'Cartoleria Rossi');
  await printer.waitForLabels(2, 20_000);
  await expect.poll(() => page.getByTestId('status-printer').getAttribute('data-state')).toBe('ready');

  await openRow(page, 'departing', ref(1));
  if (connected)
    await expect
      .poll(() => page.getByTestId('detail-num-spedizione').textContent(), { timeout: 10_000 })
      .toMatch(/\d{6,}/);
  await shot('detail');
  await page.getByTestId('action-amend').click();
  await page.getByTestId('amend-field-rcpt_phone').fill('3339998877');
  await page.getByTestId('amend-save').click();
  await expect
    .poll(() => {
      const found = station.station.engine.listShipments(station.station.caller, {
        view: 'departing',
        search: ref(1),
        offset: 0,
        limit: 5,
      });
      return station.station.engine.getShipment(station.station.caller, found.rows[0]?.id ?? 0)?.rcpt_phone;
    })
    .toBe('3339998877');
  await page.getByTestId('amend-dialog').waitFor({ state: 'hidden' });
  await page.getByTestId('detail-close').click();

  await openRow(page, 'departing', ref(2));
  await page.getByTestId('action-delete').click();
  await page.getByTestId('delete-confirm').click();
  // The page behind a modal is inert: the search can be cleared once the dialogs have closed, as a bench would.
  await page.getByTestId('detail-dialog').waitFor({ state: 'hidden', timeout: 10_000 });
  await page.getByTestId('list-search').fill('');
  await expect
    .poll(() => page.getByTestId('list-total').textContent(), { timeout: 10_000 })
    .toBe(language === 'it' ? 'Spedizioni: 1' : 'Shipments: 1');
  await shot('departing');

  await page.getByTestId('nav-confirm').click();
  await page.getByTestId('confirm-mode-client').check();
  await page.getByTestId('confirm-client').selectOption('1001');
  await page.getByTestId('confirm-create-manifest').check();
  await expect
    .poll(() => page.getByTestId('confirm-run').textContent(), { timeout: 10_000 })
    .toBe(language === 'it' ? 'Conferma 1 spedizione' : 'Confirm 1 shipment');
  await page.getByTestId('confirm-run').click();
  await expect
    .poll(() => page.getByTestId('confirm-status').textContent(), { timeout: 15_000 })
    .toBe(language === 'it' ? '1 spedizione confermata, 0 errori' : '1 shipment confirmed, 0 errors');
  await shot('confirm');

  await page.getByTestId('nav-manifests').click();
  await page.locator('[data-testid^="manifest-"]').first().waitFor();
  await shot('manifests');
  await page.getByTestId('nav-departed').click();
  await page
    .locator('[data-testid^="row-"]')
    .filter({ hasText: ref(1) })
    .first()
    .waitFor();
  await shot('departed');
  await page.getByTestId('nav-settings').click();
  await openSettingsPage(page, 'bench');
  await page.getByTestId('settings-language').waitFor();
  await shot('settings');
  expect(printer.labels()).toHaveLength(2);

  if (connected) {
    const remote = (n: number) =>
      peers.direct.request<{ confermato: number; rcpt_phone: string }>(
        'GET',
        `/ShipmentByDdtalpha?ddt_alpha=${ref(n)}`,
      );
    await expect.poll(async () => (await remote(1)).body.confermato, { timeout: 20_000 }).toBe(1);
    expect((await remote(1)).body.rcpt_phone).toBe('3339998877');
    await expect.poll(async () => (await remote(2)).status, { timeout: 20_000 }).toBe(404);
  }
}
