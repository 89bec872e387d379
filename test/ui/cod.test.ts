// Cash on delivery (F12) at 1280×720: the report of a week's COD parcels (collected, owed past the term, refused), a
// courier's remittance list that matches all but one parcel (the one shown as not matched, never paid), saved, and the
// report exported as CSV and PDF; in Italian, and in English after F8.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { trackingState } from '../../src/shared/domain/tracking';
import type { BrowserHost } from '../../src/station/hosts/browserHost';
import { validShipment } from '../fixtures/shipments';
import { removeTempDirs, tempDir } from '../helpers/tmp';
import { expectHealthy } from './support/screenshots';
import { pressLanguageKey, startStationPage, useChromium } from './support/harness';

const chromium = useChromium();
let host: BrowserHost | undefined;
afterAll(async () => {
  await host?.close();
  removeTempDirs();
});
const DAY = 24 * 3_600_000;

describe('cash on delivery (F12)', () => {
  it(
    'shows the report, previews and saves a remittance list, exports it, in Italian and English',
    { timeout: 120_000 },
    async () => {
      const started = await startStationPage(chromium.get(), { dataDir: tempDir() });
      host = started.host;
      const { page, errors } = started;
      const { engine, caller } = host.station;
      const parcels: { id: number; waybill: string; ref: string }[] = [];
      for (const [i, ref] of ['ROSSI-1', 'BIANCHI-2', 'VERDI-3', 'NERI-4', 'GIALLI-5'].entries()) {
        const body = validShipment({ labelType: 'ZPL', ddt_alpha: ref, contrassegno: 40 + i * 5 });
        const created = await engine.createShipment(caller, body);
        if (created.kind !== 'created') throw new Error(JSON.stringify(created));
        parcels.push({ id: created.record.id, waybill: '', ref });
      }
      await engine.confirmByIds(
        caller,
        parcels.map((p) => p.id),
        false,
      );
      for (const p of parcels) p.waybill = engine.getShipment(caller, p.id)?.num_spedizione ?? '';
      type Parcel = (typeof parcels)[number];
      const [old, recent, late, refused, moving] = parcels as [Parcel, Parcel, Parcel, Parcel, Parcel];
      // The week as the bench saw it: two delivered ten days ago (past the 7-day term), one yesterday, one refused.
      engine.parcels.seen(old.id, trackingState(19), Date.now() - 10 * DAY);
      engine.parcels.seen(late.id, trackingState(19), Date.now() - 9 * DAY);
      engine.parcels.seen(recent.id, trackingState(19), Date.now() - DAY);
      engine.parcels.seen(refused.id, trackingState(23), Date.now() - 2 * DAY);
      engine.parcels.seen(moving.id, trackingState(17), Date.now() - DAY);

      await page.keyboard.press('F12');
      const figure = (name: string) => page.getByTestId(`cod-figure-${name}`);
      await figure('collected').waitFor({ timeout: 15_000 });
      expect(await figure('collected').textContent()).toContain('135,00');
      expect(await figure('collected').textContent()).toContain('3 spedizioni');
      expect(await figure('missing').textContent()).toContain('90,00');
      expect(await figure('willNotCome').textContent()).toContain('55,00');
      const row = (waybill: string) => page.getByTestId(`cod-parcel-${waybill}`);
      expect(await row(refused.waybill).getAttribute('data-state')).toBe('will_not_come');
      expect(await row(refused.waybill).textContent()).toContain('Non arriverà');
      expect(await row(old.waybill).textContent()).toContain('Dovuto, termine scaduto');
      await expectHealthy(page, 'it-cod-report', errors);

      // The courier's list: the three delivered parcels, one at a wrong amount.
      const csv = [
        'Data;Lettera di vettura;Destinatario;Importo',
        `${new Date().toLocaleDateString('it-IT')};${old.waybill};Libreria Bianchi;40,00`,
        `${new Date().toLocaleDateString('it-IT')};${recent.waybill};Libreria Bianchi;45,00`,
        `${new Date().toLocaleDateString('it-IT')};${late.waybill};Libreria Bianchi;49,00`,
      ].join('\r\n');
      await page.keyboard.press('Alt+I');
      await page.getByTestId('cod-import-file').setInputFiles({
        name: 'distinta.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from(csv, 'latin1'),
      });
      await page.getByTestId('cod-import-summary').waitFor({ timeout: 15_000 });
      expect(await page.getByTestId('cod-import-summary').textContent()).toContain('2 righe su 3');
      expect(await page.getByTestId('cod-import-line-4').getAttribute('data-match')).toBe('amount_differs');
      expect(await page.getByTestId('cod-import-line-4').textContent()).toContain('Importo diverso');
      expect(await page.getByTestId('cod-import-line-2').getAttribute('data-match')).toBe('matched');
      await expectHealthy(page, 'it-cod-import-preview', errors);
      await page.getByTestId('cod-import-save').click();
      await expect
        .poll(() => page.getByTestId('cod-message').textContent())
        .toContain('Registrati 85,00 € su 2 spedizioni');
      await expect.poll(() => row(old.waybill).getAttribute('data-state')).toBe('paid');
      expect(await row(recent.waybill).getAttribute('data-state')).toBe('paid');
      expect(await row(late.waybill).getAttribute('data-state')).toBe('owed');
      expect(await figure('paid').textContent()).toContain('85,00');
      expect(await figure('missing').textContent()).toContain('50,00');

      const [csvFile] = await Promise.all([page.waitForEvent('download'), page.getByTestId('cod-export-csv').click()]);
      const saved = join(tempDir(), csvFile.suggestedFilename());
      await csvFile.saveAs(saved);
      const text = readFileSync(saved, 'utf8');
      expect(text.startsWith('\uFEFFN. spedizione;')).toBe(true);
      expect(text).toContain(`${late.waybill};VERDI-3;`);
      expect(text).toContain(';50,00;0,00;50,00;CONSEGNATO');
      const [pdfFile] = await Promise.all([page.waitForEvent('download'), page.getByTestId('cod-export-pdf').click()]);
      expect(pdfFile.suggestedFilename()).toMatch(/^contrassegni.*\.pdf$/);

      await pressLanguageKey(page, 'en');
      await expect.poll(() => figure('missing').textContent()).toContain('Missing');
      expect(await row(refused.waybill).textContent()).toContain('Will not come');
      await page.getByTestId('cod-import').click();
      await page.getByTestId('cod-import-file').setInputFiles({
        name: 'distinta.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from(csv, 'latin1'),
      });
      // The same list again: already imported, nothing to pay.
      await expect.poll(() => page.getByTestId('cod-import-summary').textContent()).toContain('already imported');
      expect(await page.getByTestId('cod-import-save').isDisabled()).toBe(true);
      await expectHealthy(page, 'en-cod-import-again', errors);
      await page.keyboard.press('Escape');
      await expectHealthy(page, 'en-cod-report', errors);
      await page.close();
    },
  );
});
