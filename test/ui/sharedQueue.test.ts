// The orders list (F9) of a bench on a hub's shared queue, in Chromium at 1280×720: the hub's waiting orders (taken in
// at another bench) listed as the shared queue's, and an order the other bench shipped shown with that bench's name.
// In Italian, then in English.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Language } from '../../src/shared/ipc/views';
import { createStation, type Station } from '../../src/station/index';
import { orderDraft } from '../fixtures/shipments';
import { CLIENT_IDS, connectedOptions, REMOTE_KEY } from '../helpers/syncSetup';
import { removeTempDirs, tempDir } from '../helpers/tmp';
import { startServiceInProcess, type RunningService } from '../peers/service';
import { startStationPage, useChromium } from './support/harness';
import { expectHealthy } from './support/screenshots';
import { openSettingsPage } from './support/settingsPages';
import { scan } from './support/benchActions';

const chromium = useChromium();
let hub: RunningService;
beforeAll(async () => {
  hub = await startServiceInProcess({
    dataDir: tempDir(),
    config: { instance: 'hub', users: [{ api_key: REMOTE_KEY, client_ids: CLIENT_IDS }], throttle: false },
  });
});
afterAll(async () => {
  await hub.stop();
  removeTempDirs();
});

const WORDS = {
  it: {
    source: 'Coda condivisa',
    shippedBy: 'Spedito dal banco «Banco B»',
    scanned: (ref: string) => `Ordine ${ref} già spedito dal banco «Banco B»: niente da stampare`,
  },
  en: {
    source: 'Shared queue',
    shippedBy: 'Shipped by bench “Banco B”',
    scanned: (ref: string) => `Order ${ref} was already shipped by bench “Banco B”: nothing to print`,
  },
};

describe('the orders list of a bench on the shared queue', () => {
  for (const language of ['it', 'en'] as Language[]) {
    it(`lists the hub's orders and who shipped each, in ${language === 'it' ? 'Italian' : 'English'}`, async () => {
      const words = WORDS[language];
      const refs = ['1', '2', '3'].map((n) => `${language.toUpperCase()}-${n}`);
      const other: Station = await createStation(connectedOptions(hub.baseUrl, { sync: { queueEveryMs: 100 } }));
      const { host, page, errors } = await startStationPage(chromium.get(), {
        dataDir: tempDir(),
        station: connectedOptions(hub.baseUrl, { sync: { queueEveryMs: 100 } }),
        before: async (dispatch) => {
          await dispatch('settings.update', { sharedQueueBench: 'Banco A', language });
        },
      });
      try {
        other.sharedQueue!.setBench('Banco B');
        other.engine.orders.add(
          other.caller,
          refs.map((ref) => orderDraft(ref)),
          'ordini.csv',
        );
        await expect.poll(() => host.station.engine.orders.find(host.station.caller, refs[2]!)?.state).toBe('waiting');
        const order = other.engine.orders.find(other.caller, refs[0]!)!;
        expect((await other.sharedQueue!.claim(order.id, { packages: 1, weight: 1.5 })).ok).toBe(true);
        await expect.poll(() => host.station.engine.orders.find(host.station.caller, refs[0]!)?.bench).toBe('Banco B');

        await page.keyboard.press('F9');
        await page.getByTestId(`order-row-${refs[1]}`).waitFor();
        await expect.poll(() => page.getByTestId(`order-row-${refs[1]}`).textContent()).toContain(words.source);
        // The order's lines came with it from the hub (the bench's slip and item check need them).
        expect(host.station.engine.orders.find(host.station.caller, refs[1]!)?.lines).toEqual(orderDraft('x').lines);
        await page.getByTestId('orders-state').selectOption('shipped');
        await expect
          .poll(() => page.getByTestId(`order-bench-${refs[0]}`).textContent(), { timeout: 10_000 })
          .toBe(words.shippedBy);
        await expectHealthy(page, `sharedQueue-${language}`, errors);
        // A scan of the order the other bench shipped says so, with that bench's name.
        await page.keyboard.press('F2');
        await page.getByTestId('field-scan_order').click();
        await scan(page, refs[0]!);
        await expect.poll(() => page.getByTestId('scan-alert-text').textContent()).toBe(words.scanned(refs[0]!));
        await page.getByTestId('scan-alert-ok').click();
        // Settings › Bench keeps the bench's name at the hub.
        await openSettingsPage(page, 'bench');
        expect(await page.getByTestId('settings-shared-queue').inputValue()).toBe('Banco A');
        await page.getByTestId('settings-shared-queue').scrollIntoViewIfNeeded();
        await expectHealthy(page, `sharedQueue-settings-${language}`, errors);
      } finally {
        await page.close();
        await host.close();
        await other.close();
      }
    }, 120_000);
  }
});
