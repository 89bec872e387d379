// The first run of a bench in Chromium, as a newcomer meets it: (1) "try with the demo couriers" opens the bench at
// once and its first label names the demo sender; (2) "connect your account" against a real-like account (our own
// service with couriers of its own and no demo ones), step by step, each step checked as it is entered: the service
// and key, the client's sender, the account's couriers, the printer; then the picker offers only that account's
// couriers and a shipment that says nothing of its sender prints a label whose sender block is complete.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserHost } from '../../src/station/hosts/browserHost';
import { DEMO_SENDER } from '../../src/shared/domain/senderProfile';
import { removeTempDirs, tempDir } from '../helpers/tmp';
import { startServiceInProcess, type InProcessService } from '../peers/service';
import { startZebraPrinter, type ZebraPrinter } from '../peers/zebraPrinter';
import { enterShipment, fillShipment, startStationPage, useChromium } from './support/harness';
import { expectHealthy } from './support/screenshots';
import { zplTexts } from '../helpers/zpl';
import { openSettingsPage } from './support/settingsPages';

const ACCOUNT_KEY = 'conto-reale-0123456789-abcdef';
const ACCOUNT_LISTS = join(import.meta.dirname, '../fixtures/pricelists/account.json');
const chromium = useChromium();
let service: InProcessService | undefined;
let zebra: ZebraPrinter | undefined;
let host: BrowserHost | undefined;

beforeAll(async () => {
  // The account's only courier: a courier of the contract (id 101) on the demo-express driver; no demo courier.
  const express = JSON.parse(
    readFileSync(join(import.meta.dirname, '../../resources/couriers/demo-express.json'), 'utf8'),
  ) as Record<string, unknown>;
  service = await startServiceInProcess({
    dataDir: tempDir(),
    config: {
      instance: 'conto',
      users: [{ api_key: ACCOUNT_KEY, client_ids: [3001] }],
      couriers: [{ ...express, id: 101, code: 'conto-express', name: 'Conto Express' }],
      throttle: false,
    },
  });
});
afterEach(async () => {
  await host?.close();
  host = undefined;
  await zebra?.close();
  zebra = undefined;
});
afterAll(async () => {
  await service?.stop();
  removeTempDirs();
});

/** Every text a ZPL label prints, in order. */
const decoded = (zpl: string) => zplTexts(zpl).join('\n');

describe('the first run of a bench', () => {
  it('tries the demo couriers at once: the first label names the demo sender', { timeout: 120_000 }, async () => {
    zebra = await startZebraPrinter();
    const started = await startStationPage(chromium.get(), {
      dataDir: tempDir(),
      firstRun: true,
      station: {
        printing: {
          printers: [
            {
              id: 'z',
              name: 'Zebra',
              language: 'ZPL',
              dpi: 203,
              target: { kind: 'tcp', host: zebra.host, port: zebra.port },
            },
          ],
        },
      },
    });
    host = started.host;
    const { page, errors } = started;
    await page.getByTestId('first-run-demo').waitFor();
    expect(await page.getByTestId('nav-new').count()).toBe(0);
    await expectHealthy(page, 'it-first-run', errors);
    await page.getByTestId('first-run-demo').click();
    // A key pressed as soon as the bench shows is the operator's: F7 stays on Settings once the status bar loads.
    await page.getByTestId('nav-new').waitFor();
    await page.keyboard.press('F7');
    await page.getByTestId('settings-tabs').waitFor();
    await page.getByTestId('status-printer').waitFor();
    await expect.poll(() => page.getByTestId('status-sync').getAttribute('data-state')).toBe('standalone');
    expect(await page.getByTestId('settings-tabs').count()).toBe(1);
    await page.keyboard.press('F2');
    await page.getByTestId('field-client_id').locator('option').first().waitFor({ state: 'attached' });
    await enterShipment(page, 'PRIMO-DEMO-1', 'Libreria Bianchi');
    await zebra.waitForLabels(1, 20_000);
    const text = decoded(zebra.labels()[0] ?? '');
    for (const part of ['Mittente', DEMO_SENDER.name, DEMO_SENDER.addr, `${DEMO_SENDER.cap} ${DEMO_SENDER.city} FC`])
      expect(text).toContain(part);
  });

  it(
    'connects a real-like account step by step; the picker offers only its couriers; the label has the sender',
    { timeout: 180_000 },
    async () => {
      if (!service) throw new Error('no service');
      zebra = await startZebraPrinter();
      const started = await startStationPage(chromium.get(), {
        dataDir: tempDir(),
        firstRun: true,
        checkTimeoutMs: 5_000,
      });
      host = started.host;
      const { page, errors } = started;
      const step = () => page.getByTestId('first-run-step').textContent();

      // 1. The service: a wrong key is refused at its field before anything changes; the right one connects.
      await page.getByTestId('first-run-connect').click();
      expect(await page.getByTestId('connection-mode-standalone').count()).toBe(0);
      await page.getByTestId('connection-remoteUrl').fill(service.baseUrl);
      await page.getByTestId('connection-apiKey').fill('chiave-sbagliata-000');
      await page.getByTestId('connection-clientIds').fill('3001');
      await page.getByTestId('connection-save').click();
      await expect
        .poll(() => page.getByTestId('error-connection-apiKey').textContent(), { timeout: 15_000 })
        .toBe('Chiave API rifiutata dal servizio');
      await page.getByTestId('connection-apiKey').fill(ACCOUNT_KEY);
      await page.getByTestId('connection-save').click();
      await expect.poll(step, { timeout: 20_000 }).toBe('Passo 2 di 5: i mittenti');

      // 2. The sender of client 3001: none at the bench yet, so the account's on the service would apply; checked
      // like a recipient (the CAP against the city), kept once right.
      await expect.poll(() => page.getByTestId('sender-source-3001').getAttribute('data-source')).toBe('account');
      const sender = {
        name: 'Ferramenta Rossi S.n.c.',
        contact: 'Paolo Rossi',
        addr: 'Via Cesare Battisti 12',
        cap: '00184',
        city: 'Città di Castello',
        prov: 'PG',
        phone: '075 8550000',
        email: 'spedizioni@ferramenta-rossi.example',
        // The customs numbers a parcel leaving the EU takes from here, typed as read aloud.
        eori: 'it 012 345 678 90',
        vat: 'it01234567890',
      };
      for (const [key, value] of Object.entries(sender)) await page.getByTestId(`sender-3001-${key}`).fill(value);
      await page.getByTestId('sender-save-3001').click();
      await expect
        .poll(() => page.getByTestId('sender-error-3001-cap').textContent())
        .toContain('CAP 00184 non coerente con la provincia PG');
      await page.getByTestId('sender-3001-cap').fill('06012');
      await page.getByTestId('sender-3001-cap').press('Enter');
      await expect.poll(() => page.getByTestId('sender-source-3001').getAttribute('data-source')).toBe('station');
      expect(await page.getByTestId('sender-3001-eori').inputValue()).toBe('IT01234567890');
      expect(await page.getByTestId('sender-3001-vat').inputValue()).toBe('IT01234567890');
      await expectHealthy(page, 'it-first-run-senders', errors);
      await page.getByTestId('first-run-next').click();

      // 3. The account's couriers: only "Più economico" to start with; the test couriers are a suggestion only.
      expect(await step()).toBe('Passo 3 di 5: i corrieri');
      expect(await page.getByTestId('catalog-courier-0').count()).toBe(0);
      await page.getByTestId('catalog-add').click();
      await page.getByTestId('catalog-couriers.0.id').fill('101');
      await page.getByTestId('catalog-couriers.0.name').fill('Conto Express');
      await page.getByTestId('catalog-couriers.0.services.0.name').fill('Standard');
      await page.getByTestId('catalog-save').click();
      await expect.poll(() => page.getByTestId('first-run-message').textContent()).toBe('Catalogo salvato');
      await page.getByTestId('first-run-next').click();

      // 4. No price list: the service chooses. 5. The printer, checked at its address, then added.
      expect(await step()).toBe('Passo 4 di 5: i listini');
      await page.getByTestId('pricing-none').waitFor();
      await page.getByTestId('first-run-next').click();
      await page.getByTestId('printer-new-name').fill('Zebra banco');
      await page.getByTestId('printer-new-url').fill(zebra.url);
      await page.getByTestId('printer-probe').click();
      await expect.poll(() => page.getByTestId('printer-probe-answer').textContent()).toBe(`${zebra.url}: pronta`);
      await page.getByTestId('printer-add').click();
      await page.getByTestId('printer-use-zebra-banco').waitFor({ timeout: 10_000 });
      await expectHealthy(page, 'it-first-run-printer', errors);
      await page.getByTestId('first-run-finish').click();

      // The bench: the picker offers the account's courier only, never a demo one.
      await page.getByTestId('field-client_id').locator('option').first().waitFor({ state: 'attached' });
      const offered = await page
        .getByTestId('field-corriere')
        .locator('option')
        .evaluateAll((options) => options.map((o) => o.getAttribute('value')));
      expect(offered).toEqual(['0/0', '101/1']);
      await page.getByTestId('quote-panel').waitFor();

      // No price list: the quote says the service chooses and shows no price (never a demo one).
      await fillShipment(page, 'CONTO-1', 'Libreria Bianchi', '101/1');
      await page.getByTestId('quote-service').waitFor({ timeout: 10_000 });
      expect(await page.getByTestId('quote-panel').locator('.quote__price').count()).toBe(0);

      // A shipment that says nothing of its sender: the label printed from the remote's answer names it in full.
      await page.getByTestId('field-merce').press('Enter');
      await expect.poll(() => page.getByTestId('saved-ddt-alpha').textContent(), { timeout: 15_000 }).toBe('CONTO-1');
      await zebra.waitForLabels(1, 30_000);
      const text = decoded(zebra.labels()[0] ?? '');
      for (const part of [
        'Mittente',
        sender.name,
        sender.addr,
        '06012 Città di Castello PG',
        'IT Tel. 075 8550000',
        'Conto Express',
      ])
        expect(text).toContain(part);
      await expect.poll(() => page.getByTestId('status-account').textContent()).toContain('conto');
      await expectHealthy(page, 'it-first-run-connected-bench', errors);

      // Later, in Settings: the account's price list, from a file (a mistake is refused with its line, nothing kept).
      await openSettingsPage(page, 'couriers');
      const list = JSON.parse(readFileSync(ACCOUNT_LISTS, 'utf8')) as { price_lists: Record<string, unknown>[] };
      const own = { price_lists: [{ ...list.price_lists[0], corriere: 101, description: 'Contratto Conto Express' }] };
      const listText = JSON.stringify(own, null, 2);
      const file = (name: string, body: string) => ({ name, mimeType: 'application/json', buffer: Buffer.from(body) });
      await page
        .getByTestId('pricing-import')
        .setInputFiles(file('listino.json', listText.replace('"vat_pct": 22', '"vat_pct": "22%"')));
      const line = listText.slice(0, listText.indexOf('"vat_pct"')).split('\n').length;
      await expect
        .poll(() => page.getByTestId('pricing-errors').textContent())
        .toContain(`riga ${line} (price_lists.0.vat_pct)`);
      expect(await page.getByTestId('settings-message').textContent()).toBe(
        'File non importato: 1 errore, nulla è cambiato',
      );
      await page.getByTestId('pricing-none').waitFor();
      await page.getByTestId('pricing-import').setInputFiles(file('listino.json', listText));
      await page.getByTestId('pricing-list-101-1').waitFor();

      // The catalog exported as a file, and that file imported back: the same catalog.
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('catalog-export').click()]);
      // Saved where the test can read it: the browser may be the run's shared one, in another process.
      const saved = join(tempDir(), 'corrieri-esportati.json');
      await download.saveAs(saved);
      const exported = readFileSync(saved, 'utf8');
      expect(JSON.parse(exported)).toMatchObject({
        format: 'courier-catalog',
        couriers: [{ id: 101, name: 'Conto Express' }],
      });
      await page
        .getByTestId('catalog-import')
        .setInputFiles(file('corrieri.json', exported.replace('"Conto Express"', '""')));
      await expect.poll(() => page.getByTestId('catalog-error-couriers.0.name').textContent()).toBe('obbligatorio');
      await page.getByTestId('catalog-import').setInputFiles(file('corrieri.json', exported));
      await expect
        .poll(() => page.getByTestId('settings-message').textContent())
        .toBe('Catalogo importato: controllalo e salva');
      await page.getByTestId('catalog-save').click();
      await expect.poll(() => page.getByTestId('settings-message').textContent()).toBe('Catalogo salvato');

      // Now the quote prices the shipment with the account's own list.
      await fillShipment(page, 'CONTO-2', 'Cartoleria Rossi', '101/1');
      await page.getByTestId('quote-option-101-1').waitFor({ timeout: 10_000 });
      expect(await page.getByTestId('quote-option-101-1').textContent()).toContain('Conto Express — Standard');
      expect(await page.getByTestId('quote-service').count()).toBe(0);
      await expectHealthy(page, 'it-connected-quote-account-list', errors);
    },
  );
});
