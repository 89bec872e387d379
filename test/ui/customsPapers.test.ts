// Papers outside the EU that cannot be forgotten, at a 1280×720 packing bench in Chromium (issue 39): with no A4
// printer, Settings › Banco warns that the invoice copies will not print, a parcel to Zürich is saved and the saved
// panel and the status bar say in red that its invoice (by number) did not print and what to do, and "Fattura" in its
// detail says the same. An A4 printer added in Settings (a CUPS queue), "Fattura" prints the Zürich copies and the
// status bar's word goes; a parcel to New York then prints its three copies with no warning. When the queue refuses
// jobs, the next parcel's invoice is said not printed, with the queue's words.
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import type { ImportPreview } from '../../src/shared/ipc/orderCommands';
import { CERAMIC_VASE, EXPORTER } from '../fixtures/customsLines';
import { commandValue } from '../helpers/stationCommands';
import { removeTempDirs, tempDir } from '../helpers/tmp';
import { startFakeCups } from '../peers/fakeCups';
import { startZebraPrinter } from '../peers/zebraPrinter';
import { scan } from './support/benchActions';
import { openRow, startStationPage, useChromium } from './support/harness';
import { expectHealthy } from './support/screenshots';

const chromium = useChromium();
afterAll(removeTempDirs);

const HEADER =
  'Ordine;Destinatario;Indirizzo;CAP;Città;Provincia;Paese;Telefono;Email;Descrizione articolo;SKU;Quantità;' +
  'Peso articolo';
const ORDERS = [
  HEADER,
  'CH-1;Buchhandlung Meier;Bahnhofstrasse 10;8001;Zürich;ZH;CH;+41 44 123 45 67;hans@meier.example;' +
    'Vaso in ceramica;VASO-09;1;0,8',
  'US-1;Hudson Books;350 Fifth Avenue;10118;New York;NY;US;+1 212 555 0100;orders@hudson.example;' +
    'Vaso in ceramica;VASO-09;1;0,8',
  'CH-2;Atelier Keller;Limmatquai 4;8001;Zürich;ZH;CH;+41 44 765 43 21;anna@keller.example;' +
    'Vaso in ceramica;VASO-09;1;0,8',
].join('\r\n');

const YEAR = new Date().getFullYear();
const invoice = (n: number) => `FT-${YEAR}-000${n}`;
const NO_PRINTER = (n: number) =>
  `Fattura ${invoice(n)} non stampata: nessuna stampante A4. Stamparla dall’anteprima (Anteprima fattura, nel ` +
  'dettaglio) o aggiungere una stampante A4 in Impostazioni › Stampanti';

/** An order scanned at the bench, its weight typed (no scale) and Enter: saved when the saved panel names it. */
async function ship(page: Page, order: string): Promise<void> {
  await page.keyboard.press('F2');
  await expect
    .poll(() => page.locator(':focus').getAttribute('data-testid'), { timeout: 10_000 })
    .toBe('field-scan_order');
  await scan(page, order);
  const weight = page.getByLabel(/^Peso( \*)?$/);
  await expect.poll(() => page.getByTestId('field-dettagli_ordine.0.hs_code').inputValue()).toBe('691390');
  await weight.fill('1,2');
  await weight.press('Enter');
  await expect
    .poll(() => page.getByTestId('saved-shipment').getByText(order, { exact: true }).count(), { timeout: 15_000 })
    .toBe(1);
}

const savedPanelSays = (page: Page) => page.getByTestId('saved-shipment').getByRole('alert').allInnerTexts();
const statusBarSays = (page: Page) => page.getByTestId('status-bar').getByRole('alert').allTextContents();

/** Settings › a page, by its tab's name. */
async function settingsPage(page: Page, name: string): Promise<void> {
  await page.keyboard.press('F7');
  await page.getByRole('tab', { name, exact: true }).click();
}

describe('the customs papers of a parcel leaving the EU, at the bench', () => {
  it('are said in red when they do not print, and print on the A4 printer added', { timeout: 240_000 }, async () => {
    const cups = startFakeCups({ queues: [{ name: 'Ufficio', state: 'idle' }] });
    const zebra = await startZebraPrinter();
    const { host, page, errors } = await startStationPage(chromium.get(), {
      dataDir: tempDir(),
      station: { printing: { commandEnv: cups.env, retryMs: 100 } },
      async before(dispatch) {
        // The bench's label printer, a Zebra; no A4 printer yet.
        const url = `tcp://${zebra.host}:${zebra.port}`;
        const label = { id: 'zebra', name: 'Zebra', url, language: 'ZPL' as const, dpi: 203 as const };
        commandValue(await dispatch('printing.savePrinters', { printers: [label], labelPrinterId: 'zebra' }));
        commandValue(await dispatch('senders.save', { clientId: 1001, profile: EXPORTER }));
        commandValue(await dispatch('products.save', { product: CERAMIC_VASE }));
        const base64 = Buffer.from(ORDERS, 'utf8').toString('base64');
        const preview = commandValue<ImportPreview>(
          await dispatch('orders.preview', { fileName: 'ordini.csv', base64 }),
        );
        commandValue(await dispatch('orders.import', { importId: preview.importId }));
      },
    });
    try {
      await expect
        .poll(() => page.locator(':focus').getAttribute('data-testid'), { timeout: 10_000 })
        .toBe('field-scan_order');
      // Settings › Banco: three copies asked for (the default), no A4 printer.
      await settingsPage(page, 'Banco');
      const warning = page.getByText('Nessuna stampante A4: le copie della fattura non si stampano', {
        exact: false,
      });
      await warning.waitFor({ timeout: 10_000 });
      expect(await page.getByLabel('Copie della fattura').inputValue()).toBe('3');

      // Zürich, saved with no A4 printer: red on the saved panel and in the status bar.
      await ship(page, 'CH-1');
      await expect
        .poll(() => savedPanelSays(page), { timeout: 10_000 })
        .toEqual([`${NO_PRINTER(1)} Apri Impostazioni › Stampanti`]);
      await expect.poll(() => statusBarSays(page), { timeout: 10_000 }).toEqual([`${NO_PRINTER(1)}Nascondi`]);
      // Both in the bench's red (the error colour, as every other alert).
      const colour = 'node => getComputedStyle(node).color';
      const red = await page.getByTestId('saved-shipment').getByRole('alert').evaluate(colour);
      expect(red).toBe(await page.getByTestId('status-papers-text').evaluate(colour));
      expect(red).toBe(await page.getByTestId('status-error').evaluate(colour));
      await expectHealthy(page, 'it-customs-papers-no-printer', errors);

      // "Fattura" in the detail says the same (and saves the PDF for the system's own printing).
      await openRow(page, 'departing', 'CH-1');
      const fattura = page.getByRole('button', { name: 'Fattura', exact: true });
      await fattura.focus();
      const [download] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
      expect(download.suggestedFilename()).toBe(`${invoice(1)}.pdf`);
      await expect
        .poll(() => page.getByTestId('detail-dialog').getByRole('status').first().innerText())
        .toBe(`${NO_PRINTER(1)}. Fattura salvata come ${invoice(1)}.pdf`);
      await page.keyboard.press('Escape');

      // An A4 printer added in Settings › Stampanti: the CUPS queue, PDF. Banco no longer warns.
      await settingsPage(page, 'Stampanti');
      await page.getByLabel('Nome', { exact: true }).fill('Ufficio A4');
      await page.getByLabel('Indirizzo', { exact: true }).fill('cups://Ufficio');
      await page.getByLabel('Linguaggio', { exact: true }).selectOption('PDF');
      await page.getByRole('button', { name: 'Aggiungi stampante' }).click();
      await page.getByRole('button', { name: 'Rimuovi: Ufficio A4' }).waitFor({ timeout: 10_000 });
      await page.getByRole('tab', { name: 'Banco', exact: true }).click();
      await page.getByLabel('Copie della fattura').waitFor();
      expect(await warning.count()).toBe(0);

      // Zürich's copies printed from its detail: the status bar's word goes.
      await openRow(page, 'departing', 'CH-1');
      await fattura.focus();
      await page.keyboard.press('Enter');
      await expect
        .poll(() => page.getByTestId('detail-dialog').getByRole('status').first().innerText())
        .toBe(`Fattura ${invoice(1)}: 3 copie in stampa`);
      await expect.poll(() => cups.jobCount(), { timeout: 15_000 }).toBe(3);
      await expect.poll(() => statusBarSays(page), { timeout: 10_000 }).toEqual([]);
      await page.keyboard.press('Escape');

      // New York: its three copies reach the queue with its label, and nothing is said against them.
      await ship(page, 'US-1');
      await expect.poll(() => cups.jobCount(), { timeout: 15_000 }).toBe(6);
      expect(cups.jobs().map((job) => job.queue)).toEqual(Array(6).fill('Ufficio'));
      expect(await savedPanelSays(page)).toEqual([]);
      expect(await statusBarSays(page)).toEqual([]);

      // The queue refuses jobs: the next parcel's invoice is said not printed, with the queue's words.
      cups.configure({ queues: [{ name: 'Ufficio', state: 'idle', accepting: false }] });
      await ship(page, 'CH-2');
      const refused = new RegExp(
        `^Fattura ${invoice(3)} non stampata: Stampante non raggiungibile: lp ha rifiutato il lavoro.*` +
          'is not accepting jobs.*Stamparla dall’anteprima \\(Anteprima fattura, nel dettaglio\\) o controllare ' +
          'la stampante A4',
      );
      await expect.poll(async () => (await savedPanelSays(page)).join(''), { timeout: 15_000 }).toMatch(refused);
      await expect.poll(async () => (await statusBarSays(page)).join(''), { timeout: 10_000 }).toMatch(refused);
      expect(cups.jobCount()).toBe(6);
      await expectHealthy(page, 'it-customs-papers-refused', errors);
      expect(errors).toEqual([]);
    } finally {
      await page.close();
      await host.close();
      cups.remove();
      await zebra.close();
    }
  });
});
