// A row of the departing and departed lists answers the mouse as a file manager's (issue 39): a click selects the row
// (in the departing list it becomes the selection to confirm, Ctrl+click adds another), a double click opens it, and
// the keyboard goes on from the row clicked.
import { afterAll, describe, expect, it } from 'vitest';
import { validShipment } from '../fixtures/shipments';
import { removeTempDirs, tempDir } from '../helpers/tmp';
import { startStationPage, useChromium } from './support/harness';
import { expectHealthy } from './support/screenshots';

const chromium = useChromium();
afterAll(removeTempDirs);

describe('a click on a list’s row', () => {
  it(
    'selects it in F3 and F6, Ctrl+click adds to F3’s selection, a double click opens it',
    { timeout: 90_000 },
    async () => {
      const { host, page, errors } = await startStationPage(chromium.get(), { dataDir: tempDir() });
      try {
        const { engine, caller } = host.station;
        const ids: number[] = [];
        for (let i = 0; i < 3; i += 1) {
          const created = await engine.createShipment(
            caller,
            validShipment({ ddt_alpha: `CLICK-${i}`, labelType: 'ZPL' }),
          );
          if (created.kind !== 'created') throw new Error('not created');
          ids.push(created.record.id);
        }
        const row = (ref: string) => page.locator('.vrow[data-testid^="row-"]').filter({ hasText: ref });
        const count = () => page.getByTestId('selection-count').getAttribute('data-count');

        // The bench is drawn once the station has answered (a key pressed before it has nothing to act on).
        await page.getByTestId('field-client_id').locator('option').first().waitFor({ state: 'attached' });
        await page.keyboard.press('F3');
        await row('CLICK-1').waitFor();
        await row('CLICK-1').getByText('CLICK-1').click();
        await expect.poll(count).toBe('1');
        expect(await row('CLICK-1').getAttribute('aria-selected')).toBe('true');
        expect(await row('CLICK-1').getByRole('checkbox').isChecked()).toBe(true);
        await row('CLICK-2').getByText('CLICK-2').click();
        await expect.poll(() => row('CLICK-1').getAttribute('aria-selected')).toBe('false');
        expect(await count()).toBe('1');
        await row('CLICK-0')
          .getByText('CLICK-0')
          .click({ modifiers: ['Control'] });
        await expect.poll(count).toBe('2');
        expect(await page.getByTestId('confirm-selection').isEnabled()).toBe(true);
        await expectHealthy(page, 'it-departing-clicked', errors);
        // The keyboard goes on from the row clicked: Enter opens it.
        await page.keyboard.press('Enter');
        await page.getByTestId('detail-dialog').waitFor({ timeout: 10_000 });
        await expect
          .poll(() => page.getByTestId('detail-dialog').textContent(), { timeout: 10_000 })
          .toContain('CLICK-0');
        await page.keyboard.press('Escape');
        await row('CLICK-1').getByText('CLICK-1').dblclick();
        await page.getByTestId('detail-dialog').waitFor({ timeout: 10_000 });
        await expect
          .poll(() => page.getByTestId('detail-dialog').textContent(), { timeout: 10_000 })
          .toContain('CLICK-1');
        await page.keyboard.press('Escape');
        // A row clicked does not narrow the evening's F4: it opens on every shipment waiting.
        await page.keyboard.press('F4');
        await expect
          .poll(() => page.getByRole('radio', { checked: true }).getAttribute('data-testid'))
          .toBe('confirm-mode-waiting');
        await page.keyboard.press('F3');

        // Departed: a click moves the cursor there, Enter opens that row.
        await engine.confirmByIds(caller, ids.slice(0, 2), false);
        await page.keyboard.press('F6');
        await row('CLICK-0').waitFor({ timeout: 10_000 });
        await row('CLICK-0').getByText('CLICK-0').click();
        await expect.poll(() => row('CLICK-0').getAttribute('class')).toContain('vrow--active');
        await page.keyboard.press('Enter');
        await page.getByTestId('detail-dialog').waitFor({ timeout: 10_000 });
        await expect
          .poll(() => page.getByTestId('detail-dialog').textContent(), { timeout: 10_000 })
          .toContain('CLICK-0');
      } finally {
        await page.close();
        await host.close();
      }
    },
  );
});
