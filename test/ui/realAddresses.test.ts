// Real addresses at the packing bench, in Chromium at 1280×720 (issue 39), driven by what the operator reads and the
// keys they press: a Shopify export whose addresses have a second line ("Scala B, interno 7", "c/o Rossi"), a CAP a
// spreadsheet wrote '00184, an Oslo order with no province, and two rows fixed in the grid (each stays there, ready,
// until the operator goes to another row). Scanned and saved: the second line is in the form, the label prints the
// address on two lines, and no invented province anywhere.
import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { EXPORTER } from '../fixtures/customsLines';
import { SHOPIFY_HEADER, shopifyOrderRows, shopifyShipTo } from '../fixtures/orderFiles';
import { tcpPrinter } from '../fixtures/printers';
import { commandValue } from '../helpers/stationCommands';
import { removeTempDirs, tempDir } from '../helpers/tmp';
import { zplTexts } from '../helpers/zpl';
import { startZebraPrinter, type ZebraPrinter } from '../peers/zebraPrinter';
import { scan } from './support/benchActions';
import { startStationPage, useChromium } from './support/harness';
import { expectHealthy } from './support/screenshots';

const chromium = useChromium();
afterAll(removeTempDirs);

const OIL = { name: 'Olio extravergine 0,75 l', sku: 'OLIO-075', qty: 1, price: '12.90' };
const EXPORT = [
  SHOPIFY_HEADER,
  ...shopifyOrderRows(
    {
      Name: '#3001',
      Email: 'marco.rinaldi@example.it',
      ...shopifyShipTo(
        'Marco Rinaldi',
        'Corso Vittorio Emanuele II 81',
        "'00184",
        'Roma',
        'RM',
        'IT',
        '+39 347 765 4321',
        'Scala B, interno 7',
      ),
    },
    [OIL],
  ),
  ...shopifyOrderRows(
    {
      Name: '#3002',
      Email: 'ingrid@nordlys.example',
      ...shopifyShipTo(
        'Ingrid Hansen',
        'Karl Johans gate 12',
        '0154',
        'Oslo',
        '',
        'NO',
        '+47 22 12 34 56',
        'c/o Rossi',
      ),
    },
    [OIL],
  ),
  // Bologna's CAP for a Milan address: fixed in the grid.
  ...shopifyOrderRows(
    {
      Name: '#3003',
      Email: 'anna.galli@example.it',
      ...shopifyShipTo(
        'Anna Galli',
        'Via Dante 1',
        '40121',
        'Milano',
        'MI',
        'IT',
        '+39 02 1234567',
        'c/o Studio Bianchi',
      ),
    },
    [OIL],
  ),
  // An e-mail typed wrong: the second row to fix.
  ...shopifyOrderRows(
    {
      Name: '#3004',
      Email: 'luca.neri-at-example.it',
      ...shopifyShipTo('Luca Neri', 'Via Emilia 5', '47121', 'Forlì', 'FC', 'IT', '+39 0543 123456'),
    },
    [OIL],
  ),
].join('\n');

/** The oil as the shop's product list knows it, for the parcel leaving the EU (Oslo). */
const OIL_PRODUCT = {
  sku: 'OLIO-075',
  description: 'Extra virgin olive oil',
  hs_code: '150920',
  origin: 'IT',
  unit_weight: 0.7,
  unit_value: 12.9,
  currency: '',
};

/** A form field by its label as the operator reads it (a required one's ends with " *"). */
const field = (page: Page, label: string) => page.getByLabel(new RegExp(`^${label}( \\*)?$`));

/** A label's lines as printed, each text field's lines in order. */
const printedLines = (zpl: string) => zplTexts(zpl).flatMap((text) => text.split('\n'));

async function scanned(page: Page, ref: string): Promise<void> {
  await expect
    .poll(() => page.locator(':focus').getAttribute('data-testid'), { timeout: 10_000 })
    .toBe('field-scan_order');
  await scan(page, ref);
  await expect.poll(() => field(page, 'Riferimento ordine').inputValue()).toBe(ref);
}

/** The weight typed and the shipment saved with Enter: the lines of its label, the `n`th the Zebra printed. */
async function savedLabel(page: Page, zebra: ZebraPrinter, kg: string, n: number): Promise<string[]> {
  await field(page, 'Peso').fill(kg);
  await page.keyboard.press('Enter');
  await zebra.waitForLabels(n, 20_000);
  return printedLines(zebra.labels()[n - 1] ?? '');
}

describe('real addresses at the bench', () => {
  it(
    'imports a Shopify export with second lines, a spreadsheet CAP and an Oslo order, and prints them right',
    { timeout: 180_000 },
    async () => {
      const zebra = await startZebraPrinter();
      const { host, page, errors } = await startStationPage(chromium.get(), {
        dataDir: tempDir(),
        station: { printing: { printers: [tcpPrinter(zebra)], autoPrint: true } },
        async before(dispatch) {
          commandValue(await dispatch('senders.save', { clientId: 1001, profile: EXPORTER }));
          commandValue(await dispatch('products.save', { product: OIL_PRODUCT }));
        },
      });
      const { engine, caller } = host.station;
      const order = (ref: string) => engine.orders.find(caller, ref);
      const summary = page.getByTestId('orders-summary');
      try {
        await page.getByLabel('Cliente (client id)').locator('option').first().waitFor({ state: 'attached' });
        await page.keyboard.press('F9');
        await page
          .getByTestId('orders-file')
          .setInputFiles({ name: 'orders_export.csv', mimeType: 'text/csv', buffer: Buffer.from(EXPORT, 'utf8') });
        await expect.poll(() => summary.textContent(), { timeout: 20_000 }).toContain('4 ordini, 2 pronti, 2 da');

        // The grid has the second line as a column of its own, the Milan row's in it.
        await expect.poll(() => page.getByRole('columnheader', { name: 'Indirizzo, seconda riga' }).count()).toBe(1);
        // Milan is the file's fourth line, Forlì its fifth: their cells are named by it.
        const cell = (label: string, line: number) => page.getByLabel(`${label} (riga ${line})`, { exact: true });
        expect(await cell('Indirizzo, seconda riga', 4).inputValue()).toBe('c/o Studio Bianchi');
        expect(await page.getByText('il CAP è della provincia BO', { exact: true }).count()).toBe(1);
        // Fixed with Enter: the row passes, and stays where the operator is, ready, while they stay in it.
        await cell('CAP', 4).fill('20121');
        await cell('CAP', 4).press('Enter');
        await expect.poll(() => summary.textContent(), { timeout: 10_000 }).toContain('3 pronti, 1 da');
        expect(await page.getByText('Pronta', { exact: true }).count()).toBe(1);
        expect(await page.locator(':focus').getAttribute('aria-label')).toBe('CAP (riga 4)');
        await expectHealthy(page, 'it-addresses-row-fixed', errors);
        await page.keyboard.press('Shift+Tab');
        expect(await cell('CAP', 4).count()).toBe(1);
        // The operator goes to the other row: the corrected one goes; this one, fixed, stays until the import.
        await cell('E-mail', 5).focus();
        await expect.poll(() => cell('CAP', 4).count()).toBe(0);
        await cell('E-mail', 5).fill('luca.neri@example.it');
        await cell('E-mail', 5).press('Enter');
        await expect.poll(() => summary.textContent(), { timeout: 10_000 }).toContain('4 pronti, 0 da');
        expect(await cell('E-mail', 5).count()).toBe(1);
        await page.getByRole('button', { name: 'Importa 4 ordini' }).click();
        await expect
          .poll(() => page.getByTestId('orders-result').textContent(), { timeout: 20_000 })
          .toBe('4 ordini importati, 0 già presenti, 0 scartati');
        expect(order('3001')?.values).toMatchObject({
          rcpt_addr: 'Corso Vittorio Emanuele II 81',
          rcpt_addr2: 'Scala B, interno 7',
          rcpt_cap: '00184',
        });
        expect(order('3002')?.values).toMatchObject({ rcpt_addr2: 'c/o Rossi', rcpt_prov: 'EE' });

        // Rome: scanned, the second line in the form, the weight typed, saved with Enter.
        await page.keyboard.press('F2');
        await scanned(page, '#3001');
        expect(await field(page, 'Indirizzo, seconda riga').inputValue()).toBe('Scala B, interno 7');
        expect(await field(page, 'CAP').inputValue()).toBe('00184');
        await expectHealthy(page, 'it-addresses-form-second-line', errors);
        const rome = await savedLabel(page, zebra, '1,2', 1);
        const at = rome.indexOf('Corso Vittorio Emanuele II 81');
        expect(rome[at + 1]).toBe('Scala B, interno 7');
        expect(rome).toContain('00184 Roma RM');

        // Oslo: no province to invent (EE, shown, not typed), the second line kept; on the label neither EE nor OS.
        await scanned(page, '#3002');
        expect(await field(page, 'Provincia').inputValue()).toBe('EE');
        expect(await field(page, 'Indirizzo, seconda riga').inputValue()).toBe('c/o Rossi');
        expect(await page.getByText('EE: estero, non stampata', { exact: true }).count()).toBe(1);
        await expectHealthy(page, 'it-addresses-oslo-form', errors);
        const oslo = await savedLabel(page, zebra, '1,4', 2);
        const street = oslo.indexOf('Karl Johans gate 12');
        expect(oslo[street + 1]).toBe('c/o Rossi');
        expect(oslo).toContain('0154 Oslo');
        expect(oslo.join('\n')).not.toMatch(/\b(EE|OS)\b/);
        const shipped = engine.getShipment(caller, order('3002')?.shipmentId ?? 0);
        expect(shipped).toMatchObject({ rcpt_prov: 'EE', rcpt_addr2: 'c/o Rossi', status: 0 });
        await expectHealthy(page, 'it-addresses-oslo-saved', errors);
        expect(errors).toEqual([]);
      } finally {
        await page.close();
        await host.close();
        await zebra.close();
      }
    },
  );
});
