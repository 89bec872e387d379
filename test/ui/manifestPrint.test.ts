// Printing the day's manifest from the station (issue 28): Stampa offers the document printers only (an A4 CUPS queue,
// never the Zebra), and the PDF reaches the queue; a bench with no document printer is told how to add one and can
// print through the system's dialog (here the browser's own: the PDF in a frame of its own).
import { afterAll, describe, expect, it } from 'vitest';
import { tcpPrinter } from '../fixtures/printers';
import { validShipment } from '../fixtures/shipments';
import { removeTempDirs, tempDir } from '../helpers/tmp';
import { startFakeCups } from '../peers/fakeCups';
import { startZebraPrinter } from '../peers/zebraPrinter';
import { startStationPage, useChromium } from './support/harness';
import { expectHealthy } from './support/screenshots';
import type { BrowserHost } from '../../src/station/hosts/browserHost';

const chromium = useChromium();
afterAll(removeTempDirs);

/** A confirmed shipment with its manifest, as the end of the day leaves it. */
async function manifestOf(host: BrowserHost): Promise<number> {
  const { engine, caller } = host.station;
  const created = await engine.createShipment(caller, validShipment({ labelType: 'ZPL', ddt_alpha: 'DISTINTA-1' }));
  if (created.kind !== 'created') throw new Error('not created');
  const confirmed = await engine.confirmByIds(caller, [created.record.id], true);
  return confirmed.manifest?.id ?? 0;
}

describe('the manifest printed from the station', () => {
  it('goes to the document printer (a CUPS queue), never to the label printer', { timeout: 120_000 }, async () => {
    const cups = startFakeCups({ queues: [{ name: 'Ufficio_A4', state: 'idle' }] });
    const zebra = await startZebraPrinter();
    const { host, page, errors } = await startStationPage(chromium.get(), {
      dataDir: tempDir(),
      station: {
        printing: {
          commandEnv: cups.env,
          printers: [
            tcpPrinter(zebra),
            {
              id: 'ufficio',
              name: 'Ufficio A4',
              language: 'PDF',
              dpi: 300,
              target: { kind: 'cups', queue: 'Ufficio_A4' },
            },
          ],
        },
      },
    });
    try {
      await page.setViewportSize({ width: 1280, height: 720 });
      const id = await manifestOf(host);
      await page.getByTestId('field-client_id').locator('option').first().waitFor({ state: 'attached' });
      await page.keyboard.press('F5');
      await page.getByTestId(`manifest-print-${id}`).click();
      expect(await page.getByTestId('manifest-printer').locator('option').allTextContents()).toEqual(['Ufficio A4']);
      await expectHealthy(page, 'it-manifest-print', errors);
      await page.getByTestId('manifest-print-confirm').click();
      await expect.poll(() => cups.jobs().length, { timeout: 15_000 }).toBe(1);
      const [job] = cups.jobs();
      expect(job?.queue).toBe('Ufficio_A4');
      expect(job?.bytes.subarray(0, 5).toString()).toBe('%PDF-');
      // The Zebra had the shipment's label (auto-print), and nothing of the manifest.
      expect(zebra.labels().every((label) => label.includes('DISTINTA-1') && !label.includes('%PDF'))).toBe(true);
      await expect
        .poll(() => page.getByTestId('manifests-message').textContent(), { timeout: 10_000 })
        .toContain(`Distinta ${id} in stampa`);
    } finally {
      await page.close();
      await host.close();
      await zebra.close();
      cups.remove();
    }
  });

  it(
    'without a document printer, says how to add one and prints through the system dialog',
    { timeout: 120_000 },
    async () => {
      const { host, page, errors } = await startStationPage(chromium.get(), { dataDir: tempDir() });
      try {
        await page.setViewportSize({ width: 1280, height: 720 });
        const id = await manifestOf(host);
        await page.getByTestId('field-client_id').locator('option').first().waitFor({ state: 'attached' });
        await page.keyboard.press('F5');
        await page.getByTestId(`manifest-print-${id}`).click();
        expect(await page.getByTestId('manifest-no-printer').textContent()).toContain('Impostazioni (F7)');
        expect(await page.getByTestId('manifest-print-confirm').count()).toBe(0);
        await expectHealthy(page, 'it-manifest-no-printer', errors);
        await page.getByTestId('manifest-system-print').click();
        await page.locator('[data-testid="manifest-print-frame"]').waitFor({ state: 'attached', timeout: 10_000 });
        expect(await page.locator('[data-testid="manifest-print-frame"]').getAttribute('src')).toMatch(/^blob:/);
        await expect
          .poll(() => page.getByTestId('manifests-message').textContent(), { timeout: 10_000 })
          .toBe(`Distinta ${id} aperta con la finestra di stampa`);
        expect(errors).toEqual([]);
      } finally {
        await page.close();
        await host.close();
      }
    },
  );
});
