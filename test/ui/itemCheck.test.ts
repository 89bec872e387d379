// Items checked by scan in Chromium at 1280×720, in Italian and in English: the client switched on in Settings › Banco,
// then three orders packed at the bench item by item. The first with an EAN sent without its check digit, a SKU typed
// in lower case and the shop's barcode; the second with a wrong item and one too many caught (a red alert with its
// tone, nothing counted) before it is completed; the third printed with a line short after an override with its
// reason. Each label reaches the Zebra peer only once its lines are complete or overridden, and the shipment's detail
// shows the scans, the wrong one marked, and the override.
import { afterAll, describe, expect, it } from 'vitest';
import type { Language } from '../../src/shared/ipc/views';
import { commandValue } from '../helpers/stationCommands';
import { removeTempDirs } from '../helpers/tmp';
import { COUNTED_BEEPS, importOrderFile, scan, startBench, weigh } from './support/benchActions';
import { openRow, startStationPage, useChromium } from './support/harness';
import { expectHealthy } from './support/screenshots';
import { openSettingsPage } from './support/settingsPages';

const chromium = useChromium();
afterAll(removeTempDirs);

const ORDERS =
  'Ordine;Destinatario;Indirizzo;CAP;Città;Provincia;Telefono;Email;Articolo;Codice;Quantità\r\n' +
  'A1;Rossi Mario;Via Po 1;47121;Forlì;FC;0543 100001;a@esempio.it;Tazza;MUG-01;2\r\n' +
  'A1;Rossi Mario;Via Po 1;47121;Forlì;FC;0543 100001;a@esempio.it;Maglietta;TEE-M;1\r\n' +
  'A2;Bianchi Anna;Via Po 2;47121;Forlì;FC;0543 100002;b@esempio.it;Tazza;MUG-01;1\r\n' +
  'A2;Bianchi Anna;Via Po 2;47121;Forlì;FC;0543 100002;b@esempio.it;Cappello;CAP-01;1\r\n' +
  'A3;Verdi Luca;Via Po 3;47121;Forlì;FC;0543 100003;c@esempio.it;Maglietta;TEE-M;2\r\n';

const PRODUCT = { description: 'Porcelain mug', hs_code: '691110', origin: 'IT', unit_weight: 0.35, unit_value: 0 };

const WORDS = {
  it: {
    waiting: 'Ordine A1: scansiona gli articoli nella scatola (3 pezzi)',
    counted: 'MUG-01: 1 di 2',
    done: '2 / 2 ✓ completo',
    wrong: 'Articolo sbagliato: TEE-M non è in questo ordine. Toglilo dalla scatola.',
    tooMany: 'Uno di troppo: l\u2019ordine ha 1 di MUG-01. Togli il pezzo in più.',
    short: 'Mancano articoli: scansionali, o forza con un motivo',
    reason: 'Una maglietta esaurita, spedita dopo',
    overridden: 'Forzato: Una maglietta esaurita, spedita dopo',
    zero: '0,000 kg',
    kg: (kg: number) => `${kg.toFixed(3).replace('.', ',')} kg`,
    proof: [': articolo sbagliato, fermato', ': MUG-01 contato', ': MUG-01 di troppo, fermato', ': CAP-01 contato'],
    override: /^Forzato alle [\d:.]+: Una maglietta esaurita, spedita dopo$/,
  },
  en: {
    waiting: 'Order A1: scan the items into the box (3 pieces)',
    counted: 'MUG-01: 1 of 2',
    done: '2 / 2 ✓ complete',
    wrong: 'Wrong item: TEE-M is not in this order. Take it out of the box.',
    tooMany: 'One too many: the order has 1 of MUG-01. Take the extra piece out.',
    short: 'Items missing: scan them, or override with a reason',
    reason: 'One T-shirt out of stock, sent later',
    overridden: 'Overridden: One T-shirt out of stock, sent later',
    zero: '0.000 kg',
    kg: (kg: number) => `${kg.toFixed(3)} kg`,
    proof: [': wrong item, stopped', ': MUG-01 counted', ': MUG-01 one too many, stopped', ': CAP-01 counted'],
    override: /^Overridden at [\d:.]+ ?[AP]?M?: One T-shirt out of stock, sent later$/,
  },
} as const;

describe('items checked by scan at the packing bench', () => {
  for (const language of ['it', 'en'] as Language[]) {
    it(
      `packs three orders item by item, one wrong item caught, in ${language === 'it' ? 'Italian' : 'English'}`,
      { timeout: 180_000 },
      async () => {
        const words = WORDS[language];
        const bench = await startBench('continuous');
        const { zebra, scale } = bench;
        const { host, page, errors } = await startStationPage(chromium.get(), {
          ...bench.station,
          before: async (dispatch) => {
            await importOrderFile(dispatch, ORDERS, 3);
            const mug = { ...PRODUCT, sku: 'MUG-01', currency: '', ean: '4006381333931' };
            commandValue(await dispatch('products.save', { product: mug }));
            const tee = { ...PRODUCT, sku: 'TEE-M', description: 'T-shirt', currency: '', barcode: 'SHOP-TEE-77' };
            commandValue(await dispatch('products.save', { product: { ...tee, hs_code: '610910' } }));
            if (language === 'en') commandValue(await dispatch('settings.update', { language: 'en' }));
          },
        });
        await page.addInitScript({ content: COUNTED_BEEPS });
        await page.reload();
        await page.getByTestId('status-bar').waitFor({ timeout: 30_000 });
        const beeps = () => page.evaluate('window.beeps');
        const message = () => page.getByTestId('scan-message').textContent();
        const count = (i: number) => page.getByTestId(`items-count-${i}`).textContent();
        const { engine, caller } = host.station;
        const state = (ref: string) => engine.orders.find(caller, ref)?.state;
        const put = (kg: number) => weigh(page, scale, kg, words.kg(kg));
        try {
          // Settings › Banco: the client's orders are checked item by item from now on.
          await openSettingsPage(page, 'bench');
          const toggle = page.getByTestId('settings-item-check-1001');
          expect(await toggle.isChecked()).toBe(false);
          await toggle.click();
          await expect.poll(() => toggle.isChecked(), { timeout: 10_000 }).toBe(true);
          await expect
            .poll(() => engine.settings.get('account.item_check_clients'), { timeout: 10_000 })
            .toBe('[1001]');
          await expectHealthy(page, `${language}-settings-item-check`, errors);
          // The product list shows each product's item codes.
          await openSettingsPage(page, 'products');
          const codes = page.getByTestId('product-codes-TEE-M');
          await expect.poll(() => codes.textContent(), { timeout: 10_000 }).toBe('SHOP-TEE-77');
          expect(await page.getByTestId('product-codes-MUG-01').textContent()).toBe('4006381333931');
          await expectHealthy(page, `${language}-products-codes`, errors);

          await page.keyboard.press('F2');
          await page.getByTestId('field-corriere').selectOption('70/1');
          await put(0);
          await page.getByTestId('field-scan_order').click();

          // A1: the EAN without its check digit, the SKU in lower case, the shop's barcode; then weighed and printed.
          await scan(page, 'A1');
          await page.getByTestId('items-check').waitFor({ timeout: 10_000 });
          await expect.poll(message, { timeout: 10_000 }).toBe(words.waiting);
          await scan(page, '400638133393');
          await expect.poll(message, { timeout: 10_000 }).toBe(words.counted);
          // Enter with lines short weighs nothing: the bench says what is missing.
          await page.keyboard.press('Enter');
          await expect.poll(message).toBe(words.short);
          await scan(page, 'mug-01');
          await expect.poll(() => count(0)).toBe(words.done);
          expect(await page.getByTestId('items-line-0').getAttribute('data-done')).toBe('true');
          await expectHealthy(page, `${language}-items-counting`, errors);
          // Nor does the form's save button: nothing is sent, the scan field says what is missing.
          await page.getByTestId('save-shipment').click();
          await expect.poll(message).toBe(words.short);
          expect(await page.getByTestId('form-error').count()).toBe(0);
          expect(state('A1')).toBe('waiting');
          await page.getByTestId('field-scan_order').click();
          await scan(page, 'SHOP-TEE-77');
          await put(1.2);
          await zebra.waitForLabels(1, 20_000);
          expect(state('A1')).toBe('shipped');

          // A2: a T-shirt that belongs to A1 and a second mug are caught, loud; the right items complete it.
          await put(0);
          await scan(page, 'A2');
          await page.getByTestId('items-check').waitFor({ timeout: 10_000 });
          await expect.poll(() => count(0), { timeout: 10_000 }).toContain('0 / 1');
          const alert = page.getByTestId('scan-alert');
          const before = Number(await beeps());
          await scan(page, 'TEE-M');
          await alert.waitFor({ timeout: 10_000 });
          expect(await page.getByTestId('scan-alert-text').textContent()).toBe(words.wrong);
          expect(await beeps()).toBe(before + 1);
          await expectHealthy(page, `${language}-items-wrong`, errors);
          await page.keyboard.press('Enter');
          await expect.poll(() => alert.count()).toBe(0);
          expect(await count(0)).toContain('0 / 1');
          await scan(page, 'MUG-01');
          await expect.poll(() => count(0)).toContain('1 / 1');
          await scan(page, '4006381333931');
          await alert.waitFor({ timeout: 10_000 });
          expect(await page.getByTestId('scan-alert-text').textContent()).toBe(words.tooMany);
          await page.keyboard.press('Enter');
          await new Promise((done) => setTimeout(done, 500));
          expect(zebra.labels().length).toBe(1);
          expect(state('A2')).toBe('waiting');
          await scan(page, 'CAP-01');
          await put(0.9);
          await zebra.waitForLabels(2, 20_000);
          expect(state('A2')).toBe('shipped');

          // A3: one T-shirt of two, the operator overrides with a reason; the label prints and the reason is kept.
          await put(0);
          await scan(page, 'A3');
          await page.getByTestId('items-check').waitFor({ timeout: 10_000 });
          await scan(page, 'SHOP-TEE-77');
          await expect.poll(() => count(0), { timeout: 10_000 }).toContain('1 / 2');
          await page.getByTestId('items-override').click();
          await page.getByTestId('items-override-reason').fill(words.reason);
          await expectHealthy(page, `${language}-items-override`, errors);
          await page.keyboard.press('Enter');
          await expect.poll(() => page.getByTestId('items-overridden').textContent()).toBe(words.overridden);
          await put(0.5);
          await zebra.waitForLabels(3, 20_000);
          expect(state('A3')).toBe('shipped');

          // The detail of A2 shows its packing proof, the wrong item and the extra mug marked; A3's override.
          await openRow(page, 'departing', 'A2');
          const proof = page.getByTestId('detail-packing').locator('li');
          await expect.poll(() => proof.count(), { timeout: 10_000 }).toBe(4);
          const texts = await proof.allTextContents();
          expect(texts.map((text) => text.slice(text.lastIndexOf(':')))).toEqual(words.proof);
          expect(await proof.nth(0).getAttribute('data-outcome')).toBe('wrong');
          await expectHealthy(page, `${language}-items-detail`, errors);
          await page.keyboard.press('Escape');
          await openRow(page, 'departing', 'A3');
          expect(await page.getByTestId('detail-packing-override').textContent()).toMatch(words.override);
        } finally {
          await host.close();
          await bench.close();
        }
      },
    );
  }
});
