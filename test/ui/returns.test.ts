// A return label in Chromium at 1280×720, in Italian and in English: from a departed shipment's detail, "Crea reso"
// offers the courier's return service with the outward parcels and weight; the operator changes the weight, asks for
// the label printed at the bench and e-mailed to the customer in a language, and the bench says what it did: the
// Zebra prints the return's label once, the customer gets the PDF with instructions in that language, the outward
// detail lists the return, and the departing list marks it "Reso" and finds it by its filter. A return only printed
// is e-mailed later from its own detail, and the order it came from shows it.
import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import type { BrowserHost } from '../../src/station/hosts/browserHost';
import { SmtpConfigSchema } from '../../src/shared/domain/smtp';
import { orderDraft, validShipment } from '../fixtures/shipments';
import { tcpPrinter } from '../fixtures/printers';
import { tempDir } from '../helpers/tmp';
import { startSmtpPeer, type SmtpPeer } from '../peers/smtpPeer';
import { startZebraPrinter, type ZebraPrinter } from '../peers/zebraPrinter';
import { openRow, startStationPage, useChromium } from './support/harness';
import { expectHealthy } from './support/screenshots';

const chromium = useChromium();
let host: BrowserHost | undefined;
let mailbox: SmtpPeer | undefined;
let zebra: ZebraPrinter | undefined;

afterEach(async () => {
  await host?.close();
  host = undefined;
  await mailbox?.close();
  mailbox = undefined;
  await zebra?.close();
  zebra = undefined;
});

/** What each language's bench reads and the customer is sent. */
const WORDS = {
  it: {
    action: 'Crea reso',
    service: 'Reso (servizio di reso)',
    done: (ref: string) => `Reso ${ref} creato.`,
    subject: (ref: string) => `Etichetta per il reso – ordine ${ref}`,
    instructions: 'Consegni il pacco al corriere Demo Express',
    badge: 'Reso',
    weight: '3,5',
  },
  en: {
    action: 'Make return',
    service: 'Reso (return service)',
    done: (ref: string) => `Return ${ref} made.`,
    subject: (ref: string) => `Your return label – order ${ref}`,
    instructions: 'Hand the parcel to the courier Demo Express',
    badge: 'Return',
    weight: '3.5',
  },
} as const;

/** A departed shipment of the bench (made and confirmed through its engine before the page acts). */
async function departed(station: BrowserHost['station'], ref: string): Promise<void> {
  // Shipped from an order waiting (a shop's), so the order's list has a shipped order to show its return on.
  station.engine.orders.add(station.caller, [orderDraft(ref)], 'negozio.csv');
  const orderId = station.engine.orders.find(station.caller, ref)?.id;
  const body = validShipment({ ddt_alpha: ref, colli: 2, peso: 4, sender_phone: '051123456' });
  const sent = { ...body, sender_email: 'resi@magazzino.example' };
  const made = await station.engine.createShipment(station.caller, sent, orderId === undefined ? {} : { orderId });
  if (made.kind !== 'created') throw new Error(made.kind);
  await station.engine.confirmByIds(station.caller, [made.record.id], false);
}

/** A bench with a mail server and a Zebra, its page open and drawn, and a departed shipment `ref` of its own. */
async function benchWith(
  ref: string,
  autoPrint: boolean,
): Promise<{ page: Page; errors: string[]; zebra: ZebraPrinter; mailbox: SmtpPeer }> {
  const mail = await startSmtpPeer();
  const printer = await startZebraPrinter();
  mailbox = mail;
  zebra = printer;
  const smtp = SmtpConfigSchema.parse({
    host: mail.host,
    port: mail.port,
    security: 'none',
    from: 'banco@magazzino.example',
  });
  const started = await startStationPage(chromium.get(), {
    dataDir: tempDir(),
    station: { smtp, printing: { printers: [tcpPrinter(printer)], autoPrint } },
  });
  host = started.host;
  await started.page.getByTestId('field-client_id').locator('option').first().waitFor({ state: 'attached' });
  await departed(host.station, ref);
  return { page: started.page, errors: started.errors, zebra: printer, mailbox: mail };
}

async function inEnglish(page: Page): Promise<void> {
  await page.keyboard.press('F8');
  await expect.poll(() => page.getByTestId('nav-new').textContent(), { timeout: 10_000 }).toContain('New shipment');
}

describe('a return label from a departed shipment', () => {
  for (const language of ['it', 'en'] as const) {
    it(`is printed at the bench and e-mailed to the customer (${language})`, { timeout: 120_000 }, async () => {
      const words = WORDS[language];
      const ref = `ORD-UI-${language.toUpperCase()}`;
      const { page, errors, zebra, mailbox } = await benchWith(ref, false);
      if (language === 'en') await inEnglish(page);

      await openRow(page, 'departed', ref);
      await page.getByTestId('action-return').click();
      const dialog = page.getByTestId('return-dialog');
      await dialog.waitFor();
      expect(await page.getByTestId('action-return').textContent()).toBe(words.action);
      const service = page.getByTestId('field-return-servizio');
      await expect.poll(() => service.locator('option:checked').textContent(), { timeout: 10_000 }).toBe(words.service);
      expect(await page.getByTestId('field-return-colli').inputValue()).toBe('2');
      await page.getByTestId('field-return-colli').fill('1');
      await page.getByTestId('field-return-peso').fill(words.weight);
      expect(await page.getByTestId('return-print').isChecked()).toBe(true);
      await page.getByTestId('return-mail').check();
      expect(await page.getByTestId('field-return-language').inputValue()).toBe(language);
      await expectHealthy(page, `${language}-return-dialog`, errors);
      await page.getByTestId('return-confirm').click();

      const back = `${ref}-R1`;
      await expect
        .poll(() => page.getByTestId('detail-message').textContent(), { timeout: 15_000 })
        .toContain(words.done(back));
      await zebra.waitForLabels(1, 15_000);
      const [mail] = await mailbox.waitFor(1, 15_000);
      expect(mail?.subject).toBe(words.subject(ref));
      expect(mail?.text).toContain(words.instructions);
      expect(mail?.attachments.map((a) => a.contentType)).toEqual(['application/pdf']);
      await expect.poll(() => page.getByTestId('detail-returns').textContent(), { timeout: 10_000 }).toContain(back);
      await expectHealthy(page, `${language}-return-made`, errors);

      // The return's own detail names the outward shipment and its e-mail, sent.
      await page.getByTestId('detail-returns').getByRole('button').first().click();
      await expect.poll(() => page.getByTestId('detail-return-of').textContent(), { timeout: 10_000 }).toContain(ref);
      await expect
        .poll(() => page.getByTestId('detail-return-mail').getAttribute('data-state'), { timeout: 15_000 })
        .toBe('sent');
      await page.getByTestId('detail-close').click();

      // In the departing list, the return carries its badge and the "returns" filter finds it alone.
      await page.getByTestId('nav-departing').click();
      await page.getByTestId('list-filter-reso').selectOption('returns');
      const rows = page.locator('.vrow[data-testid^="row-"]:not(.vrow--loading)');
      await expect.poll(() => rows.count(), { timeout: 10_000 }).toBe(1);
      expect(await rows.first().textContent()).toContain(back);
      expect(await page.locator('[data-testid^="row-return-"]').first().textContent()).toBe(words.badge);
      await expectHealthy(page, `${language}-return-list`, errors);
      expect(zebra.labels()).toHaveLength(1);
    });
  }

  it(
    'printed only, is e-mailed later from its own detail, in the language chosen then',
    { timeout: 120_000 },
    async () => {
      const { page, errors, zebra, mailbox } = await benchWith('ORD-UI-LATER', true);
      // The new-shipment form does not offer the return service: it carries returns only.
      expect(await page.locator('[data-testid="field-corriere"] option[value="70/1"]').count()).toBe(1);
      expect(await page.locator('[data-testid="field-corriere"] option[value="70/4"]').count()).toBe(0);
      await openRow(page, 'departed', 'ORD-UI-LATER');
      await page.getByTestId('action-return').click();
      await page.getByTestId('return-dialog').waitFor();
      await expect.poll(() => page.getByTestId('field-return-colli').inputValue(), { timeout: 10_000 }).toBe('2');
      await page.getByTestId('return-confirm').click();
      await expect
        .poll(() => page.getByTestId('detail-message').textContent(), { timeout: 15_000 })
        .toContain('Reso ORD-UI-LATER-R1 creato.');
      // Auto-print on: the outward two labels printed when it was made, the return's two print once, by themselves.
      await zebra.waitForLabels(4, 15_000);
      await page.getByTestId('detail-returns').getByRole('button').first().click();
      await page.getByTestId('action-return-mail').click();
      await page.getByTestId('field-return-mail-language').selectOption('en');
      await expectHealthy(page, 'it-return-mail-later', errors);
      await page.getByTestId('return-mail-confirm').click();
      const [mail] = await mailbox.waitFor(1, 15_000);
      expect(mail?.subject).toBe('Your return label – order ORD-UI-LATER');
      // The return's detail, still open, says the e-mail went.
      await expect
        .poll(() => page.getByTestId('detail-return-mail').getAttribute('data-state'), { timeout: 15_000 })
        .toBe('sent');
      expect(await page.getByTestId('action-return-mail').count()).toBe(0);
      expect(zebra.labels()).toHaveLength(4);
      // The order it came from shows its return among the shipped orders (F9).
      await page.getByTestId('detail-close').click();
      await page.keyboard.press('F9');
      await page.getByTestId('orders-state').selectOption('shipped');
      await expect
        .poll(() => page.getByTestId('order-returns-ORD-UI-LATER').textContent(), { timeout: 10_000 })
        .toBe('Reso: ORD-UI-LATER-R1');
      await expectHealthy(page, 'it-return-order', errors);
    },
  );
});
