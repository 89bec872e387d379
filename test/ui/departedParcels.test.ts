// F6 at 1280×720 says where each departed parcel is, in its status column: the state in the operator's words (a parcel
// held at the depot stands out), a courier's state the bench does not know in the courier's own words, the courier's
// words and since when on hover; filtered by where the parcel is; in Italian, and in English after F8.
import { afterAll, describe, expect, it } from 'vitest';
import { readTrackingState } from '../../src/shared/domain/tracking';
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

describe('the departed list (F6)', () => {
  it(
    "shows each parcel's latest state in its status column, in Italian and in English",
    { timeout: 120_000 },
    async () => {
      const started = await startStationPage(chromium.get(), { dataDir: tempDir() });
      host = started.host;
      const { page, errors } = started;
      const { engine, caller } = host.station;
      const ids: number[] = [];
      for (const ref of ['GIACENZA-1', 'CONSEGNA-2', 'DOGANA-3']) {
        const created = await engine.createShipment(caller, validShipment({ labelType: 'ZPL', ddt_alpha: ref }));
        if (created.kind !== 'created') throw new Error(JSON.stringify(created));
        ids.push(created.record.id);
      }
      await engine.confirmByIds(caller, ids, false);
      const [held, delivered, customs] = ids as [number, number, number];
      engine.parcels.seen(held, readTrackingState(22, 'IN GIACENZA'), Date.now());
      engine.parcels.seen(delivered, readTrackingState(19, 'CONSEGNATO'), Date.now());
      engine.parcels.seen(customs, readTrackingState(31, 'SDOGANAMENTO IN CORSO'), Date.now());

      await page.keyboard.press('F6');
      const parcel = (id: number) => page.getByTestId(`row-parcel-${id}`);
      await parcel(held).waitFor({ timeout: 15_000 });
      expect(await parcel(held).textContent()).toContain('In giacenza');
      expect(await parcel(held).getAttribute('data-kind')).toBe('held');
      expect(await parcel(held).getAttribute('title')).toMatch(/^dal .+: IN GIACENZA$/);
      expect(await parcel(delivered).textContent()).toContain('Consegnata');
      expect(await parcel(customs).textContent()).toContain('SDOGANAMENTO IN CORSO');
      await expectHealthy(page, 'it-departed-parcels', errors);
      // Filtered by where the parcel is: only the held one needs a person.
      await page.getByTestId('list-filter-parcel').selectOption('action');
      // The list is read again: while it loads it holds none of them, so the three are waited for together.
      const shown = async () => [
        await parcel(held).count(),
        await parcel(delivered).count(),
        await parcel(customs).count(),
      ];
      await expect.poll(shown, { timeout: 10_000 }).toEqual([1, 0, 0]);
      await page.getByTestId('list-filter-parcel').selectOption('');
      await parcel(delivered).waitFor({ timeout: 15_000 });

      await pressLanguageKey(page, 'en');
      await expect.poll(() => parcel(held).textContent()).toContain('Held at the depot');
      expect(await parcel(delivered).textContent()).toContain('Delivered');
      expect(await parcel(held).getAttribute('title')).toMatch(/^since .+: IN GIACENZA$/);
      await expectHealthy(page, 'en-departed-parcels', errors);
      await page.close();
    },
  );
});
