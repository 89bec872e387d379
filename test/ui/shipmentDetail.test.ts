// A shipment's detail shows what an operator checks before handing a parcel over (issue 28): cash on delivery and how
// it is paid, the services chosen, goods, notes and customs data, each in the bench's language and number format, on
// a 1280x720 screen without scrolling; a private person's name once; and after an amendment, that the label was not
// made again, with a reprint beside it that reaches the printer.
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import type { Dispatcher } from '../../src/station/dispatch';
import { tcpPrinter } from '../fixtures/printers';
import { validShipment } from '../fixtures/shipments';
import { goodsLines } from '../fixtures/customsLines';
import { removeTempDirs, tempDir } from '../helpers/tmp';
import { startZebraPrinter } from '../peers/zebraPrinter';
import { openRow, startStationPage, useChromium } from './support/harness';
import { expectHealthy } from './support/screenshots';

const chromium = useChromium();
afterAll(removeTempDirs);

/** Livigno is in Italy but outside the EU customs territory: cash on delivery and customs data on one shipment. */
const LIVIGNO = validShipment({
  ddt_alpha: 'LIVIGNO-1',
  corriere: 73,
  servizio: 1,
  peso: 4.3,
  rcpt_name: 'Rifugio Alpino',
  rcpt_contact: 'Luca Galli',
  rcpt_addr: 'Via Saroch 12',
  rcpt_cap: '23041',
  rcpt_city: 'Livigno',
  rcpt_prov: 'SO',
  merce: 'Ricambi sci',
  contrassegno: 1234.5,
  tipo_incasso: 12,
  al_sabato: 'S',
  preavviso_telefonico: 'S',
  valore: 2500,
  note: 'Citofono guasto, chiamare',
  valore_doganale: 980.25,
  dettagli_ordine: goodsLines(980.25, 3.5),
  invoice_number: 'FT-2025-118',
  invoice_date: '2025-03-14',
  sender_eori: 'IT01234567890',
});

/** A private person: the form sends the name as the contact when none is typed. */
const PRIVATE = validShipment({ ddt_alpha: 'PRIVATO-1', rcpt_name: 'Marco Rossi', rcpt_contact: 'Marco Rossi' });

async function create(dispatch: Dispatcher['dispatch'], body: Record<string, unknown>): Promise<void> {
  const created = await dispatch('shipments.create', { body });
  if (!created.ok) throw new Error(`shipment not created: ${created.error.message}`);
}

const text = async (page: Page, testId: string) => ((await page.getByTestId(testId).textContent()) ?? '').trim();

/** The dialog lies inside the screen and its body does not scroll. */
async function expectFits(page: Page): Promise<void> {
  const box = await page.getByTestId('detail-dialog').boundingBox();
  expect(box).not.toBeNull();
  expect((box?.y ?? 0) + (box?.height ?? 0)).toBeLessThanOrEqual(720);
  expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(1280);
  // A string runs in the page; this Node-side project has no DOM types to write it as a function.
  const scrolls = await page.evaluate(
    `(() => { const b = document.querySelector('[data-testid="detail-dialog"] .dialog__body');
      return b.scrollHeight > b.clientHeight + 1; })()`,
  );
  expect(scrolls, 'the detail scrolls').toBe(false);
}

describe("a shipment's detail", () => {
  it(
    'shows cash on delivery, services, goods, notes and customs in Italian and English',
    { timeout: 120_000 },
    async () => {
      const { host, page, errors } = await startStationPage(chromium.get(), {
        dataDir: tempDir(),
        async before(dispatch) {
          await create(dispatch, LIVIGNO);
          await create(dispatch, PRIVATE);
        },
      });
      try {
        await page.setViewportSize({ width: 1280, height: 720 });
        await openRow(page, 'departing', 'LIVIGNO-1');
        await page.getByTestId('detail-cod').waitFor({ timeout: 10_000 });
        expect(await text(page, 'detail-cod')).toBe('1.234,50 €');
        expect(await text(page, 'detail-cod-kind')).toBe('Solo contanti');
        expect(await text(page, 'detail-services')).toBe('Consegna al sabato · Preavviso telefonico');
        expect(await text(page, 'detail-goods')).toBe('Ricambi sci, origine IT');
        expect(await text(page, 'detail-insurance')).toBe('2.500,00 €');
        expect(await text(page, 'detail-note')).toBe('Citofono guasto, chiamare');
        expect(await text(page, 'detail-customs-value')).toBe('Valore doganale: 980,25 €');
        expect(await text(page, 'detail-customs-invoice')).toBe('Fattura FT-2025-118 del 14/03/2025');
        expect(await text(page, 'detail-customs-sender_eori')).toBe('EORI del mittente: IT01234567890');
        expect(await text(page, 'detail-recipient-name')).toBe('Rifugio Alpino, Luca Galli');
        expect(await text(page, 'detail-parcels')).toBe('1 · 4,3 kg');
        expect(await page.getByTestId('detail-amended').count()).toBe(0);
        await expectFits(page);
        await expectHealthy(page, 'it-detail-facts', errors);
        await page.getByTestId('detail-close').click();
        await page.getByTestId('detail-dialog').waitFor({ state: 'hidden' });

        await openRow(page, 'departing', 'PRIVATO-1');
        await page.getByTestId('detail-recipient-name').waitFor({ timeout: 10_000 });
        expect(await text(page, 'detail-recipient-name')).toBe('Marco Rossi');
        expect(await page.getByTestId('detail-cod-box').count()).toBe(0);
        expect(await page.getByTestId('detail-customs').count()).toBe(0);
        await page.getByTestId('detail-close').click();
        await page.getByTestId('detail-dialog').waitFor({ state: 'hidden' });

        await page.keyboard.press('F8');
        await expect
          .poll(() => page.getByTestId('nav-new').textContent(), { timeout: 10_000 })
          .toContain('New shipment');
        await openRow(page, 'departing', 'LIVIGNO-1');
        await page.getByTestId('detail-cod').waitFor({ timeout: 10_000 });
        expect(await text(page, 'detail-cod')).toBe('€1,234.50');
        expect(await text(page, 'detail-cod-kind')).toBe('Cash only');
        expect(await text(page, 'detail-services')).toBe('Saturday delivery · Phone notice');
        expect(await text(page, 'detail-goods')).toBe('Ricambi sci, origin IT');
        expect(await text(page, 'detail-insurance')).toBe('€2,500.00');
        expect(await text(page, 'detail-customs-value')).toBe('Customs value: €980.25');
        expect(await text(page, 'detail-customs-invoice')).toBe('Invoice FT-2025-118 of 14/03/2025');
        expect(await text(page, 'detail-parcels')).toBe('1 · 4.3 kg');
        await expectFits(page);
        await expectHealthy(page, 'en-detail-facts', errors);
      } finally {
        await page.close();
        await host.close();
      }
    },
  );

  it('says after an amendment that the label was not made again, and reprints it', { timeout: 120_000 }, async () => {
    const zebra = await startZebraPrinter();
    const { host, page, errors } = await startStationPage(chromium.get(), {
      dataDir: tempDir(),
      station: { printing: { printers: [tcpPrinter(zebra)], autoPrint: true } },
      async before(dispatch) {
        await create(dispatch, LIVIGNO);
      },
    });
    try {
      await page.setViewportSize({ width: 1280, height: 720 });
      // Printed once when it was made: a second print of it is a reprint, logged with its reason.
      await zebra.waitForLabels(1, 20_000);
      await openRow(page, 'departing', 'LIVIGNO-1');
      await page.getByTestId('action-amend').click();
      expect(await page.getByTestId('amend-dialog').textContent()).toContain(
        'L’etichetta non viene rifatta: quella stampata resta con i dati di prima.',
      );
      await page.getByTestId('amend-field-note').fill('Consegnare al bar del rifugio');
      await page.getByTestId('amend-save').click();
      await page.getByTestId('amend-dialog').waitFor({ state: 'hidden', timeout: 10_000 });

      const notice = page.getByTestId('detail-amended');
      await notice.waitFor({ timeout: 10_000 });
      expect(await notice.locator('span').textContent()).toMatch(
        /^Modificata il \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}: l’etichetta non è stata rifatta, mostra i dati di prima\.$/,
      );
      expect(await text(page, 'detail-amended-reprint')).toBe('Ristampa');
      expect(await text(page, 'detail-note')).toBe('Consegnare al bar del rifugio');
      await expectFits(page);
      await expectHealthy(page, 'it-detail-amended', errors);

      await page.getByTestId('detail-amended-reprint').click();
      await page.getByTestId('reprint-preset-relabel').click();
      await page.getByTestId('reprint-confirm').click();
      await zebra.waitForLabels(2, 20_000);
      // The label printed is the one made before the amendment, with the note it had then.
      const reprinted = zebra.labels()[1] ?? '';
      expect(reprinted).toContain('Citofono guasto');
      expect(reprinted).not.toContain('bar del rifugio');
      const reasons = host.station.engine.printJobs.list().map((job) => job.reprintReason);
      expect(reasons.filter((reason) => reason !== '')).toEqual(['Collo da rietichettare']);
    } finally {
      await page.close();
      await host.close();
      await zebra.close();
    }
  });
});
