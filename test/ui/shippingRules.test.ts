// Shipping rules in Chromium at 1280×720, in Italian and in English: two rules set up in Settings › Regole (one added
// from the keyboard: Enter on Add, the name focused, Enter keeps it; a rule doing nothing with its minimum over its
// maximum refused at its fields; a courier's return service not offered), a third that contradicts the first said at
// once and refused at save until deleted (the refusal's banner goes with it), the coffee rule moved up with Enter, the
// list saved, and the preview run over the four orders waiting: what each would get and why, the two-parcel order held
// for a person; the list exported as a JSON file, that file spoiled and imported refused at its path; orders imported
// after the save carry their rule's mark in the orders list.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Language } from '../../src/shared/ipc/views';
import { ordersCsv } from '../fixtures/orderFiles';
import { removeTempDirs, tempDir } from '../helpers/tmp';
import { createDispatcher } from '../../src/station/dispatch';
import { importOrderFile } from './support/benchActions';
import { startStationPage, useChromium } from './support/harness';
import { expectHealthy } from './support/screenshots';
import { openSettingsPage } from './support/settingsPages';

const chromium = useChromium();
afterAll(removeTempDirs);

const WORDS = {
  it: {
    tab: 'Regole',
    contradicts: 'Regola 3: stesse condizioni della regola 1 con un risultato diverso',
    notSaved: 'Regole non salvate: correggere i problemi indicati',
    saved: 'Regole salvate (2)',
    rows: [
      ['1', 'Caffè', 'con CAF-0', 'Demo Poste Pacco Ordinario'],
      ['2', 'Due colli', 'colli da 2', 'tenuto per una persona, il più economico'],
    ],
    summary: '4 ordini in attesa: regola 1: 1, regola 2: 1; 2 al più economico; 1 tenuto per una persona',
    rangeOrder: 'il minimo supera il massimo',
    noAction: /^la regola non dice cosa fare: scegliere servizio/,
    importRefused: 'File delle regole non valido, nulla è cambiato: rules.1.when.parcels.min: non può essere negativo',
    coffee: 'Regola 1 (Caffè): con CAF-0 → Demo Poste Pacco Ordinario',
    held: 'Regola 2 (Due colli): colli da 2 → tenuto per una persona, il più economico',
    none: 'Nessuna regola: il servizio più economico',
    heldMark: 'Tenuto per una persona (regola 2)',
  },
  en: {
    tab: 'Rules',
    contradicts: 'Rule 3: the same conditions as rule 1 with a different result',
    notSaved: 'Rules not saved: fix the problems shown',
    saved: 'Rules saved (2)',
    rows: [
      ['1', 'Caffè', 'with CAF-0', 'Demo Poste Pacco Ordinario'],
      ['2', 'Due colli', 'parcels from 2', 'held for a person, the cheapest'],
    ],
    summary: '4 orders waiting: rule 1: 1, rule 2: 1; 2 to the cheapest; 1 held for a person',
    rangeOrder: 'the minimum is over the maximum',
    noAction: /^the rule says nothing to do: choose a service/,
    importRefused: 'Rules file not valid, nothing changed: rules.1.when.parcels.min: cannot be negative',
    coffee: 'Rule 1 (Caffè): with CAF-0 → Demo Poste Pacco Ordinario',
    held: 'Rule 2 (Due colli): parcels from 2 → held for a person, the cheapest',
    none: 'No rule: the cheapest service',
    heldMark: 'Held for a person (rule 2)',
  },
} as const;

async function addRule(page: Page, fill: (prefix: string) => Promise<void>): Promise<void> {
  await page.getByTestId('rules-add').click();
  await fill('rule-new');
  await page.getByTestId('rule-new-save').click();
  await expect.poll(() => page.getByTestId('rule-new-form').count()).toBe(0);
}

describe('shipping rules in Settings', () => {
  for (const language of ['it', 'en'] as Language[]) {
    it(
      `are set up, checked, moved, saved and previewed, in ${language === 'it' ? 'Italian' : 'English'}`,
      { timeout: 180_000 },
      async () => {
        const words = WORDS[language];
        const { host, page, errors } = await startStationPage(chromium.get(), {
          dataDir: tempDir(),
          before: (dispatch) => importOrderFile(dispatch, ordersCsv(4, { twoParcels: [1] }), 4),
        });
        const focused = () => page.locator(':focus').getAttribute('data-testid');
        const message = () => page.getByTestId('settings-message').textContent();
        try {
          await page.setViewportSize({ width: 1280, height: 720 });
          if (language === 'en') {
            await page.keyboard.press('F8');
            await expect.poll(() => page.getByTestId('nav-new').textContent(), { timeout: 10_000 }).toContain('New');
          }
          await openSettingsPage(page, 'rules');
          expect(await page.getByTestId('settings-tab-rules').textContent()).toBe(words.tab);
          await page.getByTestId('rules-empty').waitFor();

          // From the keyboard: Enter on Add focuses the name; the parcels typed, the hold ticked, Enter keeps it.
          await page.getByTestId('rules-add').focus();
          await page.keyboard.press('Enter');
          await expect.poll(focused).toBe('rule-new-name');
          await page.keyboard.type('Due colli');
          await page.getByTestId('rule-new-parcelsMin').fill('2');
          await page.getByTestId('rule-new-hold').check();
          await page.getByTestId('rule-new-name').focus();
          await page.keyboard.press('Enter');
          await expect.poll(() => page.getByTestId('rule-new-form').count()).toBe(0);
          // A rule that says nothing to do, its weight from 5 to 2 kg: each refusal at its field, in the bench's words.
          await page.getByTestId('rules-add').click();
          await page.getByTestId('rule-new-name').fill('Niente');
          await page.getByTestId('rule-new-weightMin').fill('5');
          await page.getByTestId('rule-new-weightMax').fill('2');
          await page.getByTestId('rule-new-save').click();
          await expect.poll(() => page.getByTestId('error-rule-new-weightMin').textContent()).toBe(words.rangeOrder);
          expect(await page.getByTestId('error-rule-new-service').textContent()).toMatch(words.noAction);
          await page.getByTestId('rule-new-cancel').click();
          await expect.poll(() => page.getByTestId('rule-new-form').count()).toBe(0);
          await addRule(page, async (prefix) => {
            await page.getByTestId(`${prefix}-name`).fill('Caffè');
            await page.getByTestId(`${prefix}-skus`).fill('CAF-0');
            await page.getByTestId(`${prefix}-service`).selectOption('72/1');
            // Demo Express's return service is not offered: a rule's order goes out.
            expect(await page.getByTestId(`${prefix}-service`).locator('option[value="70/4"]').count()).toBe(0);
            expect(await page.getByTestId(`${prefix}-service`).locator('option[value="70/1"]').count()).toBe(1);
            await expectHealthy(page, `${language}-settings-rule-form`, errors);
          });
          // A third with the first's conditions and another result: said at once, and refused at save.
          await addRule(page, async (prefix) => {
            await page.getByTestId(`${prefix}-name`).fill('Due colli bis');
            await page.getByTestId(`${prefix}-parcelsMin`).fill('2');
            await page.getByTestId(`${prefix}-service`).selectOption('70/1');
          });
          await expect
            .poll(() => page.getByTestId('rules-problems').textContent(), { timeout: 10_000 })
            .toBe(words.contradicts);
          await page.getByTestId('rules-save').click();
          await expect.poll(message, { timeout: 10_000 }).toBe(words.notSaved);
          expect(await host.station.engine.rules.get(host.station.caller).rules).toEqual([]);
          await page.getByTestId('rule-delete-3').click();
          await expect.poll(() => page.getByTestId('rules-problems').count(), { timeout: 10_000 }).toBe(0);
          // The refusal spoke of that problem: fixed, its banner goes too.
          await expect.poll(() => page.getByTestId('settings-message').count(), { timeout: 10_000 }).toBe(0);

          // The coffee rule moved up with Enter: the focus stays on the moved rule.
          await page.getByTestId('rule-up-2').focus();
          await page.keyboard.press('Enter');
          await expect.poll(focused).toBe('rule-down-1');
          const rows = page.getByTestId('rules-table').locator('tbody tr');
          const cells = async (i: number) => (await rows.nth(i).locator('td').allTextContents()).slice(0, 4);
          expect([await cells(0), await cells(1)]).toEqual(words.rows);

          // The preview of the list as edited, before it is saved.
          await page.getByTestId('rules-preview-run').click();
          const summary = page.getByTestId('rules-preview-summary');
          await expect.poll(() => summary.textContent(), { timeout: 10_000 }).toBe(words.summary);
          const outcome = async (ref: string) =>
            (await page.getByTestId(`rules-preview-${ref}`).locator('td').allTextContents())[1];
          expect(await outcome('ORD-1001')).toBe(words.coffee);
          expect(await outcome('ORD-1002')).toBe(words.held);
          expect(await outcome('ORD-1003')).toBe(words.none);
          await expectHealthy(page, `${language}-settings-rules`, errors);

          await page.getByTestId('rules-save').click();
          await expect.poll(message, { timeout: 10_000 }).toBe(words.saved);
          const kept = host.station.engine.rules.get(host.station.caller).rules;
          expect(kept.map((r) => r.name)).toEqual(['Caffè', 'Due colli']);
          expect(await page.getByTestId('rules-unsaved').count()).toBe(0);

          // Exported as the JSON file the station keeps; that file spoiled and imported: refused at its path in the
          // bench's words, and nothing changed.
          const [download] = await Promise.all([
            page.waitForEvent('download'),
            page.getByTestId('rules-export').click(),
          ]);
          expect(download.suggestedFilename()).toBe('regole-spedizione.json');
          const file = join(tempDir(), 'regole-spedizione.json');
          await download.saveAs(file);
          const json = readFileSync(file, 'utf8');
          expect(JSON.parse(json)).toEqual({ version: 1, rules: kept });
          const spoiled = json.replace('"min": 2', '"min": -2');
          expect(spoiled).not.toBe(json);
          await page
            .getByTestId('rules-import')
            .setInputFiles({ name: 'regole.json', mimeType: 'application/json', buffer: Buffer.from(spoiled) });
          await expect.poll(message, { timeout: 10_000 }).toBe(words.importRefused);
          expect(host.station.engine.rules.get(host.station.caller).rules).toEqual(kept);
          await expectHealthy(page, `${language}-settings-rules-import-refused`, errors);

          // Orders imported now keep what the rules chose: the orders list (F9) marks the one held for a person.
          const { dispatch } = createDispatcher(host.station);
          await importOrderFile(dispatch, ordersCsv(2, { first: 2001, twoParcels: [0] }), 2);
          await page.keyboard.press('F9');
          const held = page.getByTestId('order-marks-ORD-2001-rule');
          await expect.poll(() => held.textContent(), { timeout: 10_000 }).toBe(words.heldMark);
          expect(await held.getAttribute('data-hold')).toBe('yes');
          expect(await held.getAttribute('title')).toBe(words.held);
          expect(await page.getByTestId('order-marks-ORD-2002-rule').count()).toBe(0);
          await expectHealthy(page, `${language}-orders-rule-marks`, errors);
        } finally {
          await host.close();
        }
      },
    );
  }
});
