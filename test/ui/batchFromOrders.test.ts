// A batch of 20 from the orders list (F9) in Chromium at 1280×720: the waiting orders chosen by the filter (one left
// out and put back by hand), made into a batch that ships and prints in one go, its progress to the end, the labels
// at the Zebra in pick order, and its A4 pick list downloaded. In Italian, then in English.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Language } from '../../src/shared/ipc/views';
import { receiptPrinter, tcpPrinter } from '../fixtures/printers';
import { removeTempDirs, tempDir } from '../helpers/tmp';
import { benchWithBatchOrders, pickOrderOf, refsOnLabels } from '../helpers/batchBench';
import { startEscposPrinter } from '../peers/escposPrinter';
import { startZebraPrinter } from '../peers/zebraPrinter';
import { openRow, startStationPage, useChromium } from './support/harness';
import { expectHealthy } from './support/screenshots';

const chromium = useChromium();
afterAll(removeTempDirs);

const WORDS = {
  it: {
    chosen: (n: number) => `Ordini scelti: ${n}`,
    done: 'Lotto 1: stampato',
    counts: '20 pronte, 0 rifiutate, su 20',
    estimated: ' (peso stimato dal lotto, non pesato)',
  },
  en: {
    chosen: (n: number) => `Orders chosen: ${n}`,
    done: 'Batch 1: printed',
    counts: '20 ready, 0 refused, of 20',
    estimated: ' (weight estimated by the batch, not weighed)',
  },
};

describe('a batch from the orders list', () => {
  for (const language of ['it', 'en'] as Language[]) {
    it(
      `ships and prints 20 orders in one go in pick order, in ${language === 'it' ? 'Italian' : 'English'}`,
      { timeout: 180_000 },
      async () => {
        const words = WORDS[language];
        const zebra = await startZebraPrinter();
        const receipts = await startEscposPrinter();
        const { host, page, errors } = await startStationPage(chromium.get(), {
          dataDir: tempDir(),
          station: { printing: { printers: [tcpPrinter(zebra), receiptPrinter(receipts)], retryMs: 50 } },
          before: async (dispatch) => void (await benchWithBatchOrders(dispatch, 20)),
        });
        try {
          if (language === 'en') {
            await page.keyboard.press('F8');
            await expect.poll(() => page.getByTestId('nav-new').textContent(), { timeout: 10_000 }).toContain('New');
          }
          await page.keyboard.press('F9');
          await page.getByTestId('batch-panel').waitFor();
          await page.getByTestId('batch-select').click();
          await expect.poll(() => page.getByTestId('batch-selected').textContent()).toBe(words.chosen(20));
          // By hand in the list: one left out, then put back.
          await page.getByTestId('order-choose-B-1001').click();
          await expect.poll(() => page.getByTestId('batch-selected').textContent()).toBe(words.chosen(19));
          await page.getByTestId('order-choose-B-1001').click();
          await expect.poll(() => page.getByTestId('batch-selected').textContent()).toBe(words.chosen(20));

          await page.getByTestId('batch-create').click();
          await expect.poll(() => page.getByTestId('batch-state').textContent(), { timeout: 60_000 }).toBe(words.done);
          expect(await page.getByTestId('batch-counts').textContent()).toBe(words.counts);
          expect(await page.getByTestId('batch-bar').getAttribute('value')).toBe('20');
          await zebra.waitForLabels(20);
          expect(refsOnLabels(zebra.labels())).toEqual(pickOrderOf(20));
          expect(receipts.jobs()).toHaveLength(1);
          await expectHealthy(page, `${language}-orders-batch`, errors);

          const [download] = await Promise.all([
            page.waitForEvent('download'),
            page.getByTestId('batch-pick-list').click(),
          ]);
          expect(download.suggestedFilename()).toBe('lista-prelievo-lotto-1.pdf');
          const file = join(tempDir(), 'lista.pdf');
          await download.saveAs(file);
          expect(readFileSync(file).subarray(0, 5).toString()).toBe('%PDF-');

          // A batch's shipment says its weight was estimated, not weighed.
          await openRow(page, 'departing', 'B-1001');
          expect(await page.getByTestId('detail-estimated').textContent()).toBe(words.estimated);
          await expectHealthy(page, `${language}-batch-detail`, errors);
        } finally {
          await page.close();
          await host.close();
          await zebra.close();
          await receipts.close();
        }
      },
    );
  }
});
