// Courier names learnt from the remote, in Chromium, in Italian and in English: a connected bench whose catalog calls
// the remote's courier 70 "Dummy 1 — Servizio 1" lists a shipment for a courier outside its catalog by the name the
// remote's label gives, and the catalog editor proposes each name it lacks or names otherwise, one key each.
import { afterEach, describe, expect, it } from 'vitest';
import type { Language } from '../../src/shared/ipc/views';
import type { BrowserHost } from '../../src/station/hosts/browserHost';
import { accountCatalog } from '../fixtures/catalogs';
import { validShipment } from '../fixtures/shipments';
import { CLIENT_IDS, REMOTE_KEY, useRemote } from '../helpers/syncSetup';
import { tempDir } from '../helpers/tmp';
import { startStationPage, useChromium } from './support/harness';
import { expectHealthy } from './support/screenshots';
import { openSettingsPage } from './support/settingsPages';

const peers = useRemote();
const chromium = useChromium();
let host: BrowserHost | undefined;

afterEach(async () => {
  await host?.close();
  host = undefined;
});

/** Which element has the focus, by its test id (evaluated in the page). */
const FOCUSED = 'document.activeElement ? document.activeElement.getAttribute("data-testid") : null';

const WORDS = {
  it: {
    title: 'Visti nelle risposte del servizio',
    row: 'Demo Poste — Pacco Celere 1',
    renameCourier: 'Rinomina il corriere Dummy 1 in Demo Express (70)',
    renameServiceOfDummy: 'Rinomina il servizio Servizio 1 di Dummy 1 in Standard (1)',
    renameService: 'Rinomina il servizio Servizio 1 di Demo Express in Standard (1)',
    addCourier: 'Aggiungi il corriere Demo Poste (72)',
    saved: 'Catalogo salvato',
  },
  en: {
    title: 'Seen in the service’s answers',
    row: 'Demo Poste — Pacco Celere 1',
    renameCourier: 'Rename courier Dummy 1 to Demo Express (70)',
    renameServiceOfDummy: 'Rename service Servizio 1 of Dummy 1 to Standard (1)',
    renameService: 'Rename service Servizio 1 of Demo Express to Standard (1)',
    addCourier: 'Add courier Demo Poste (72)',
    saved: 'Catalog saved',
  },
} as const;

describe('courier names seen in the remote’s answers', () => {
  for (const language of ['it', 'en'] as Language[]) {
    it(
      `are shown and proposed for the catalog, in ${language === 'it' ? 'Italian' : 'English'}`,
      {
        timeout: 120_000,
      },
      async () => {
        const words = WORDS[language];
        const dummy = { id: 70, name: 'Dummy 1', services: [{ id: 1, name: 'Servizio 1' }] };
        const started = await startStationPage(chromium.get(), {
          dataDir: tempDir(),
          station: {
            remoteUrl: peers.proxy.url,
            apiKey: REMOTE_KEY,
            clientIds: CLIENT_IDS,
            sync: { rateLimits: false, retry: { baseMs: 50, maxMs: 300 } },
          },
          before: async (dispatch) => {
            await dispatch('catalog.save', { catalog: accountCatalog({ couriers: [dummy] }) });
          },
        });
        host = started.host;
        const { page, errors } = started;
        const { station } = host;
        const ref = (n: number) => `${language.toUpperCase()}-NOMI-${n}`;
        await station.engine.createShipment(station.caller, validShipment({ ddt_alpha: ref(70), corriere: 70 }));
        await station.engine.createShipment(
          station.caller,
          validShipment({ ddt_alpha: ref(72), corriere: 72, servizio: 2 }),
        );
        await expect.poll(() => station.engine.sync?.seenCouriers().length, { timeout: 20_000 }).toBe(2);
        if (language === 'en') {
          await page.keyboard.press('F8');
          await expect.poll(() => page.getByTestId('nav-new').textContent(), { timeout: 10_000 }).toContain('New');
        }

        // The list names the courier outside the catalog as the remote did, never "Corriere 72 — 2".
        await page.getByTestId('nav-departing').click();
        await page.getByTestId('list-search').fill(ref(72));
        await page.getByTestId('list-search').press('Enter');
        const row = page.locator('.vrow[data-testid^="row-"]').filter({ hasText: ref(72) });
        await expect.poll(() => row.first().textContent(), { timeout: 15_000 }).toContain(words.row);

        await openSettingsPage(page, 'couriers');
        const seen = page.getByTestId('catalog-seen');
        await seen.waitFor();
        expect(await seen.locator('h3').textContent()).toBe(words.title);
        const buttons = () => seen.locator('button').allTextContents();
        expect(await buttons()).toEqual([words.renameCourier, words.renameServiceOfDummy, words.addCourier]);
        await expectHealthy(page, `${language}-catalog-seen`, errors);

        // Keyboard only: Enter on each proposal in turn; the focus moves to the next one as each leaves the list.
        await page.getByTestId('catalog-seen-rename-70').focus();
        await page.keyboard.press('Enter');
        await expect.poll(() => page.getByTestId('catalog-couriers.0.name').inputValue()).toBe('Demo Express');
        await expect.poll(() => page.evaluate(FOCUSED)).toBe('catalog-seen-rename-70-1');
        expect(await buttons()).toEqual([words.renameService, words.addCourier]);
        await page.keyboard.press('Enter');
        await expect.poll(() => page.getByTestId('catalog-couriers.0.services.0.name').inputValue()).toBe('Standard');
        await expect.poll(() => page.evaluate(FOCUSED)).toBe('catalog-seen-add-72');
        await page.keyboard.press('Enter');
        await expect.poll(() => page.getByTestId('catalog-couriers.1.name').inputValue()).toBe('Demo Poste');
        expect(await page.getByTestId('catalog-couriers.1.services.0.name').inputValue()).toBe('Pacco Celere 1');
        expect(await buttons()).toEqual([]);
        await page.getByTestId('catalog-save').click();
        await expect.poll(() => page.getByTestId('settings-message').textContent()).toBe(words.saved);
        await expect.poll(() => page.getByTestId('catalog-seen').count()).toBe(0);
        expect(await page.getByTestId('catalog-couriers.0.name').inputValue()).toBe('Demo Express');
      },
    );
  }
});
