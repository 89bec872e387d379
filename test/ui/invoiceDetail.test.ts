// The shipment's detail offers its customs invoice (issue 30): with an A4 document printer set up (a CUPS queue), the
// "Fattura" button sends the bench's copies there; without one, it says in red that nothing printed (issue 39) and
// saves the PDF for the system's own printing.
// A postal courier's parcel has its CN23 beside it, previewed and printed the same way.
// Keyboard first: the button is reached with Tab like the other actions.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Dispatcher } from '../../src/station/dispatch';
import { livignoShipment, zurichShipment } from '../fixtures/customsLines';
import { officePrinter } from '../fixtures/printers';
import { pdfText } from '../helpers/pdf';
import { removeTempDirs, tempDir } from '../helpers/tmp';
import { until } from '../helpers/until';
import { startFakeCups } from '../peers/fakeCups';
import { openRow, startStationPage, useChromium } from './support/harness';

const chromium = useChromium();
afterAll(removeTempDirs);

const ZURICH = zurichShipment({ ddt_alpha: 'ZURIGO-1' });
const LIVIGNO = livignoShipment();

async function create(dispatch: Dispatcher['dispatch'], body: Record<string, unknown>): Promise<void> {
  const created = await dispatch('shipments.create', { body });
  if (!created.ok) throw new Error(`shipment not created: ${created.error.message}`);
}

describe('the invoice from a shipment’s detail', () => {
  it('is saved as its PDF where the bench has no document printer', { timeout: 120_000 }, async () => {
    const { host, page } = await startStationPage(chromium.get(), {
      dataDir: tempDir(),
      before: (dispatch) => create(dispatch, ZURICH),
    });
    try {
      await page.setViewportSize({ width: 1280, height: 720 });
      await openRow(page, 'departing', 'ZURIGO-1');
      const button = page.getByTestId('action-invoice');
      await button.waitFor({ timeout: 10_000 });
      expect(await button.textContent()).toBe('Fattura');
      const [saved] = await Promise.all([page.waitForEvent('download'), button.click()]);
      expect(saved.suggestedFilename()).toMatch(/^FT-\d{4}-0001\.pdf$/);
      // The browser is driven over a connection: the file is copied here to be read.
      const copy = join(tempDir(), saved.suggestedFilename());
      await saved.saveAs(copy);
      expect(await pdfText(readFileSync(copy))).toContain('Commercial invoice');
      await expect
        .poll(() => page.getByTestId('detail-message').textContent(), { timeout: 10_000 })
        .toMatch(
          new RegExp(
            '^Fattura FT-\\d{4}-0001 non stampata: nessuna stampante A4\\. .* in Impostazioni › Stampanti\\. ' +
              'Fattura salvata come FT-\\d{4}-0001\\.pdf$',
          ),
        );
      // Said in red, as the saved panel and the status bar say it (issue 39).
      expect(await page.getByTestId('detail-message').getAttribute('class')).toContain('banner--error');

      // Previewed in the detail (the browser station; the desktop app opens a window of its own): the invoice's own
      // PDF in a frame (the page's CSP keeps its bytes from a script; the file saved above is the same document).
      await page.getByTestId('action-invoice-preview').click();
      const frame = page.getByTestId('invoice-preview-frame');
      await frame.waitFor({ timeout: 10_000 });
      expect(await frame.getAttribute('title')).toBe(saved.suggestedFilename());
      const src = (await frame.getAttribute('src')) ?? '';
      expect(src).toMatch(/^blob:/);
      await page.getByTestId('invoice-preview-close').click();
      expect(await frame.count()).toBe(0);
    } finally {
      await page.close();
      await host.close();
    }
  });

  it(
    'prints the bench’s copies, and a postal parcel’s CN23, on the document printer',
    { timeout: 120_000 },
    async () => {
      const cups = startFakeCups({ queues: [{ name: 'Ufficio', state: 'idle' }] });
      const { host, page } = await startStationPage(chromium.get(), {
        dataDir: tempDir(),
        station: { printing: { printers: [officePrinter()], autoPrint: false, commandEnv: cups.env } },
        before: async (dispatch) => {
          await create(dispatch, ZURICH);
          await create(dispatch, LIVIGNO);
        },
      });
      try {
        await page.setViewportSize({ width: 1280, height: 720 });
        await openRow(page, 'departing', 'ZURIGO-1');
        await page.getByTestId('action-invoice').waitFor({ timeout: 10_000 });
        // Demo Europa takes no CN23: the invoice's buttons only.
        expect(await page.getByTestId('action-cn23').count()).toBe(0);
        await page.getByTestId('action-invoice').focus();
        await page.keyboard.press('Enter');
        await expect
          .poll(() => page.getByTestId('detail-message').textContent(), { timeout: 10_000 })
          .toMatch(/^Fattura FT-\d{4}-0001: 3 copie in stampa$/);
        await until(() => cups.jobCount() >= 3, 15_000);
        expect(cups.jobs().map((j) => j.queue)).toEqual(['Ufficio', 'Ufficio', 'Ufficio']);

        // Demo Poste's parcel to Livigno: "CN23" and "Anteprima CN23" beside the invoice's, reached with Tab.
        await page.getByTestId('detail-close').click();
        await openRow(page, 'departing', 'LIVIGNO-1');
        const cn23 = page.getByTestId('action-cn23');
        await cn23.waitFor({ timeout: 10_000 });
        expect(await cn23.textContent()).toBe('CN23');
        await page.getByTestId('action-invoice-preview').focus();
        await page.keyboard.press('Tab');
        expect(await cn23.evaluate((button) => button === button.ownerDocument.activeElement)).toBe(true);
        const preview = page.getByTestId('action-cn23-preview');
        expect(await preview.textContent()).toBe('Anteprima CN23');
        // The bytes the frame shows are the answer to the detail's own command (the page's CSP keeps the frame's blob
        // from a script): read as the answer arrives.
        const shownDocument = page.waitForResponse(
          (r) => r.url().endsWith('/api/command') && (r.request().postData() ?? '').includes('"shipments.invoice"'),
        );
        await preview.click();
        const frame = page.getByTestId('invoice-preview-frame');
        await frame.waitFor({ timeout: 10_000 });
        expect(await frame.getAttribute('title')).toMatch(/^CN23-FT-\d{4}-0002\.pdf$/);
        expect((await frame.getAttribute('src')) ?? '').toMatch(/^blob:/);
        const answer = (await (await shownDocument).json()) as {
          ok: boolean;
          value?: { base64: string; name: string };
        };
        expect(answer.value?.name).toBe(await frame.getAttribute('title'));
        const shown = (await pdfText(Buffer.from(answer.value?.base64 ?? '', 'base64'))).replace(/[ \t]+/g, ' ');
        expect(shown).toContain('CN 23 – Dichiarazione doganale / Customs declaration');
        expect(shown).toMatch(/N\. \/ No\. FT-\d{4}-0002/);

        await cn23.focus();
        await page.keyboard.press('Enter');
        await expect
          .poll(() => page.getByTestId('detail-message').textContent(), { timeout: 10_000 })
          .toMatch(/^CN23 della fattura FT-\d{4}-0002: 3 copie in stampa$/);
        await until(() => cups.jobCount() >= 4, 15_000);
        // Its first copy is enough here (the integration test counts them): each copy is a command run of its own.
        const printed = (await pdfText(cups.jobs()[3]?.bytes ?? Buffer.alloc(0))).replace(/[ \t]+/g, ' ');
        expect(printed).toContain('CN 23 – Dichiarazione doganale / Customs declaration');
        expect(printed).toMatch(/N\. \/ No\. FT-\d{4}-0002/);
      } finally {
        await page.close();
        await host.close();
        cups.remove();
      }
    },
  );
});
