// A bench's morning in Chromium at 1280×720, keyboard first, in Italian and in English: thirty orders waiting from an
// order file (item barcodes, five to collect on delivery), two rules set up in Settings › Regole (the COD one first)
// and previewed over them, a batch of the twenty light ones made from the orders list (F9) and printed as one job at
// the Zebra peer in pick order with its pick list downloaded, then five of the rest packed item by item at the bench
// with a wrong item caught by the red alert; every label reaches the printer once.
import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Language } from '../../src/shared/ipc/views';
import { commandValue } from '../helpers/stationCommands';
import { removeTempDirs } from '../helpers/tmp';
import { shelfOf } from '../helpers/batchBench';
import { PLACES } from '../fixtures/orderFiles';
import { COUNTED_BEEPS, importOrderFile, scan, startBench, weigh } from './support/benchActions';
import { startStationPage, useChromium } from './support/harness';
import { expectHealthy } from './support/screenshots';
import { openSettingsPage } from './support/settingsPages';

const chromium = useChromium();
afterAll(removeTempDirs);

const ref = (i: number) => `M-${1001 + i}`;
/** An EAN-13 with its check digit, from its first twelve digits. */
function ean(twelve: string): string {
  const sum = [...twelve].reduce((total, digit, i) => total + Number(digit) * (i % 2 === 0 ? 1 : 3), 0);
  return `${twelve}${(10 - (sum % 10)) % 10}`;
}
const MUG = ean('800123400001');
const TEE = ean('800123400002');
const COFFEE = ean('800123400003');
const LIGHT = 20;
const COD = [20, 21, 22, 23, 24];
const HEAVY = [25, 26, 27, 28, 29];

/**
 * The morning's order file: twenty light orders of one item (0.4 kg, no barcode), five to collect on delivery (a mug
 * and a T-shirt with their EANs), five heavy ones (two 1.5 kg bags of coffee).
 */
function morningCsv(): string {
  const rows = [
    'Riferimento ordine;Destinatario;Indirizzo;CAP;Città;Provincia;Telefono;Email;Colli;Contrassegno;' +
      'Articolo;Codice;EAN;Quantità;Peso articolo',
  ];
  for (let i = 0; i < 30; i += 1) {
    const [cap, city, prov] = PLACES[i % PLACES.length] ?? PLACES[0];
    const cod = COD.includes(i) ? '25,50' : '';
    const head = [ref(i), `Cliente ${i}`, `Via Roma ${i + 1}`, cap, city, prov, '0543 123456', `c${i}@esempio.it`, '1'];
    const line = (cells: string[]) => rows.push([...head, cod, ...cells].join(';'));
    if (i < LIGHT) line([`Articolo ${i}`, `SKU-${i}`, '', '1', '0,4']);
    else if (COD.includes(i)) {
      line(['Tazza', 'MUG-01', MUG, '1', '0,35']);
      line(['Maglietta', 'TEE-M', TEE, '1', '0,2']);
    } else line(['Caffè in grani 1,5 kg', 'CAF-1500', COFFEE, '2', '1,5']);
  }
  return `${rows.join('\r\n')}\r\n`;
}

const WORDS = {
  it: {
    pending: 'Da inviare: 0',
    saved: 'Regole salvate (2)',
    summary: '30 ordini in attesa: regola 1: 5, regola 2: 20; 5 al più economico',
    cod: 'Regola 1 (Contrassegno): contrassegno → Demo Express Standard',
    light: 'Regola 2 (Leggeri): fino a 1,0 kg → Demo Poste Pacco Ordinario',
    chosen: 'Ordini scelti: 20',
    done: 'Lotto 1: stampato',
    counts: '20 pronte, 0 rifiutate, su 20',
    wrong: `Articolo sbagliato: ${MUG} non è in questo ordine. Toglilo dalla scatola.`,
    kg: (kg: number) => `${kg.toFixed(3).replace('.', ',')} kg`,
  },
  en: {
    pending: 'To send: 0',
    saved: 'Rules saved (2)',
    summary: '30 orders waiting: rule 1: 5, rule 2: 20; 5 to the cheapest',
    cod: 'Rule 1 (Contrassegno): cash on delivery → Demo Express Standard',
    light: 'Rule 2 (Leggeri): up to 1.0 kg → Demo Poste Pacco Ordinario',
    chosen: 'Orders chosen: 20',
    done: 'Batch 1: printed',
    counts: '20 ready, 0 refused, of 20',
    wrong: `Wrong item: ${MUG} is not in this order. Take it out of the box.`,
    kg: (kg: number) => `${kg.toFixed(3)} kg`,
  },
} as const;

/** A rule added from the keyboard: Enter on Add focuses its name, the rest filled, Enter on the name keeps it. */
async function addRule(page: Page, name: string, fill: (prefix: string) => Promise<void>): Promise<void> {
  await page.getByTestId('rules-add').focus();
  await page.keyboard.press('Enter');
  await expect.poll(() => page.locator(':focus').getAttribute('data-testid')).toBe('rule-new-name');
  await page.keyboard.type(name);
  await fill('rule-new');
  await page.getByTestId('rule-new-name').focus();
  await page.keyboard.press('Enter');
  await expect.poll(() => page.getByTestId('rule-new-form').count()).toBe(0);
}

/**
 * Whether a control shows its text whole (a select its chosen option, an input its hint): the text's width in the
 * control's font, with room for a select's arrow and the padding, fits its box. A string: it runs in the page (no DOM
 * types on the Node side).
 */
const showsWhole = (testId: string) => `(() => {
  const control = document.querySelector('[data-testid="${testId}"]');
  const text = control.options ? control.options[control.selectedIndex].text : control.placeholder;
  const context = document.createElement('canvas').getContext('2d');
  context.font = getComputedStyle(control).font;
  return context.measureText(text).width + 28 <= control.clientWidth;
})()`;

/** The label's order references, in the order they printed. */
const refsOn = (labels: readonly string[]) => labels.map((zpl) => /M-\d{4}/.exec(zpl)?.[0] ?? '?');

describe('a morning at the bench', () => {
  for (const language of ['it', 'en'] as Language[]) {
    it(
      `sets up rules, prints a batch of 20 and packs 5 by item scan, in ${language === 'it' ? 'Italian' : 'English'}`,
      { timeout: 240_000 },
      async () => {
        const words = WORDS[language];
        const bench = await startBench('continuous');
        const { zebra, scale } = bench;
        const { host, page, errors } = await startStationPage(chromium.get(), {
          ...bench.station,
          before: async (dispatch) => {
            for (let i = 0; i < LIGHT; i += 1) {
              const product = { sku: `SKU-${i}`, description: `Item ${i}`, hs_code: '490199', origin: 'IT' };
              const shelf = { unit_weight: 0.4, unit_value: 0, currency: '', location: shelfOf(i) };
              commandValue(await dispatch('products.save', { product: { ...product, ...shelf } }));
            }
            await importOrderFile(dispatch, morningCsv(), 30);
          },
        });
        await page.addInitScript({ content: COUNTED_BEEPS });
        await page.reload();
        await page.getByTestId('status-bar').waitFor({ timeout: 30_000 });
        const shot = (name: string) => expectHealthy(page, `${language}-morning-${name}`, errors);
        const { engine, caller } = host.station;
        const state = (i: number) => engine.orders.find(caller, ref(i))?.state;
        try {
          if (language === 'en') {
            await page.keyboard.press('F8');
            await expect.poll(() => page.getByTestId('nav-new').textContent(), { timeout: 10_000 }).toContain('New');
          }
          // With thirty orders waiting, the status bar's count is of what waits to be sent, and says so.
          expect(await page.getByTestId('status-pending').textContent()).toBe(words.pending);

          // Settings › Regole: cash on delivery with Demo Express first, then the light parcels with the post.
          await openSettingsPage(page, 'rules');
          await page.getByTestId('rules-empty').waitFor();
          await addRule(page, 'Contrassegno', async (prefix) => {
            await page.getByTestId(`${prefix}-cod`).selectOption('yes');
            await page.getByTestId(`${prefix}-service`).selectOption('70/1');
          });
          await addRule(page, 'Leggeri', async (prefix) => {
            await page.getByTestId(`${prefix}-weightMax`).fill('1');
            await page.getByTestId(`${prefix}-service`).selectOption('72/1');
            // The chosen courier and service read whole at 1280×720, not cut at the column's width.
            expect(await page.evaluate(showsWhole(`${prefix}-service`))).toBe(true);
            await shot('rule-form');
          });
          // The preview over the thirty orders waiting, before the list is saved.
          await page.getByTestId('rules-preview-run').press('Enter');
          const summary = page.getByTestId('rules-preview-summary');
          await expect.poll(() => summary.textContent(), { timeout: 10_000 }).toBe(words.summary);
          const outcome = async (i: number) =>
            (
              await page
                .getByTestId(`rules-preview-${ref(i)}`)
                .locator('td')
                .allTextContents()
            )[1];
          expect(await outcome(0)).toBe(words.light);
          expect(await outcome(COD[0]!)).toBe(words.cod);
          await shot('rules-preview');
          await page.getByTestId('rules-save').press('Enter');
          await expect
            .poll(() => page.getByTestId('settings-message').textContent(), { timeout: 10_000 })
            .toBe(words.saved);

          // F9: the light ones chosen by their rule, made into a batch that prints as one job in pick order.
          await page.keyboard.press('F9');
          await page.getByTestId('batch-panel').waitFor();
          expect(await page.evaluate(showsWhole('orders-search'))).toBe(true);
          await page.getByTestId('batch-filter-rule').selectOption('1');
          await page.getByTestId('batch-filter-oneParcel').check();
          await page.getByTestId('batch-select').press('Enter');
          await expect.poll(() => page.getByTestId('batch-selected').textContent()).toBe(words.chosen);
          await shot('batch-chosen');
          await page.getByTestId('batch-create').press('Enter');
          await expect.poll(() => page.getByTestId('batch-state').textContent(), { timeout: 60_000 }).toBe(words.done);
          expect(await page.getByTestId('batch-counts').textContent()).toBe(words.counts);
          await zebra.waitForLabels(LIGHT);
          const pickOrder = Array.from({ length: LIGHT }, (_, i) => i)
            .sort((a, b) => shelfOf(a).localeCompare(shelfOf(b)))
            .map(ref);
          expect(refsOn(zebra.labels())).toEqual(pickOrder);
          // One job: a single connection carried every label.
          const labelBytes = Buffer.byteLength(zebra.labels().join(''));
          expect(Math.max(...zebra.stats().bytesPerConnection)).toBeGreaterThanOrEqual(labelBytes);
          await shot('batch-printed');
          const [download] = await Promise.all([
            page.waitForEvent('download'),
            page.getByTestId('batch-pick-list').click(),
          ]);
          expect(download.suggestedFilename()).toBe('lista-prelievo-lotto-1.pdf');

          // Settings › Banco: the shop's items are checked by scan from now on.
          await openSettingsPage(page, 'bench');
          const toggle = page.getByTestId('settings-item-check-1001');
          await toggle.click();
          await expect.poll(() => toggle.isChecked(), { timeout: 10_000 }).toBe(true);
          await expect
            .poll(() => engine.settings.get('account.item_check_clients'), { timeout: 10_000 })
            .toBe('[1001]');

          // The bench (F2): five of the rest packed item by item, each label printed once its box is complete.
          await page.keyboard.press('F2');
          const put = (kg: number) => weigh(page, scale, kg, words.kg(kg));
          await put(0);
          await page.getByTestId('field-scan_order').click();
          const alert = page.getByTestId('scan-alert');
          const pack = async (i: number, codes: string[], kg: number, printed: number, look?: () => Promise<void>) => {
            await put(0);
            await scan(page, ref(i));
            await page.getByTestId('items-check').waitFor({ timeout: 10_000 });
            await look?.();
            for (const code of codes) await scan(page, code);
            await put(kg);
            await zebra.waitForLabels(printed, 20_000);
            expect(state(i)).toBe('shipped');
          };
          await pack(COD[0]!, [MUG, TEE], 0.6, LIGHT + 1, async () => {
            // The form says which rule chose the courier, and why.
            expect(await page.getByTestId('chosen-rule').locator('p').first().textContent()).toBe(words.cod);
          });
          await pack(COD[1]!, ['MUG-01', 'TEE-M'], 0.55, LIGHT + 2);

          // A heavy order: a mug from the COD orders' shelf put in the box is caught, loud, and counts for nothing.
          await put(0);
          await scan(page, ref(HEAVY[0]!));
          await page.getByTestId('items-check').waitFor({ timeout: 10_000 });
          const beeps = Number(await page.evaluate('window.beeps'));
          await scan(page, MUG);
          await alert.waitFor({ timeout: 10_000 });
          expect(await page.getByTestId('scan-alert-text').textContent()).toBe(words.wrong);
          expect(await page.evaluate('window.beeps')).toBe(beeps + 1);
          await shot('wrong-item');
          await page.keyboard.press('Enter');
          await expect.poll(() => alert.count()).toBe(0);
          expect(zebra.labels()).toHaveLength(LIGHT + 2);
          await scan(page, COFFEE);
          await scan(page, COFFEE);
          await shot('items-complete');
          await put(3.1);
          await zebra.waitForLabels(LIGHT + 3, 20_000);
          expect(state(HEAVY[0]!)).toBe('shipped');

          await pack(HEAVY[1]!, [COFFEE, 'CAF-1500'], 3.05, LIGHT + 4);
          await pack(COD[2]!, [TEE, MUG], 0.6, LIGHT + 5);
          await shot('bench-done');

          // Each label printed once: the batch's twenty and the five packed, nothing twice.
          const printed = refsOn(zebra.labels());
          const packed = [COD[0]!, COD[1]!, HEAVY[0]!, HEAVY[1]!, COD[2]!].map(ref);
          expect(printed.slice(LIGHT)).toEqual(packed);
          expect(new Set(printed).size).toBe(LIGHT + 5);
          expect(zebra.stats().labelsPrinted).toBe(LIGHT + 5);
          expect(COD.slice(3).map(state)).toEqual(['waiting', 'waiting']);
        } finally {
          await page.close();
          await host.close();
          await bench.close();
        }
      },
    );
  }
});
