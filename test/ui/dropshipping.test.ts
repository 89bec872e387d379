// Dropshipping at the bench in Chromium: without a mail server the choice is off with the reason; the operator sets
// the server up in Settings (checked by the station with the server), and the next shipment ticked "by e-mail" has its
// waybill e-mailed to the sender (the demo sender's address) with the label PDF, once.
import { afterEach, describe, expect, it } from 'vitest';
import type { BrowserHost } from '../../src/station/hosts/browserHost';
import { DEMO_SENDER } from '../../src/shared/domain/senderProfile';
import { tempDir } from '../helpers/tmp';
import { startSmtpPeer, type SmtpPeer } from '../peers/smtpPeer';
import { fillShipment, openRow, startStationPage, useChromium } from './support/harness';
import { expectHealthy } from './support/screenshots';
import { openSettingsPage } from './support/settingsPages';

const chromium = useChromium();
let host: BrowserHost | undefined;
let mailbox: SmtpPeer | undefined;

afterEach(async () => {
  await host?.close();
  host = undefined;
  await mailbox?.close();
  mailbox = undefined;
});

describe('dropshipping at the bench', () => {
  it(
    'is off without a mail server, and once one is set up e-mails the waybill to the sender',
    { timeout: 120_000 },
    async () => {
      mailbox = await startSmtpPeer();
      const started = await startStationPage(chromium.get(), { dataDir: tempDir() });
      host = started.host;
      const { page, errors } = started;
      await page.getByTestId('field-client_id').locator('option').first().waitFor({ state: 'attached' });
      expect(await page.getByTestId('field-dropshipping').isDisabled()).toBe(true);
      expect(await page.getByTestId('dropshipping-hint').textContent()).toContain('imposta il server di posta');

      await openSettingsPage(page, 'mail');
      await page.getByTestId('mail-enabled').check();
      await page.getByTestId('mail-host').fill('127.0.0.1');
      await page.getByTestId('mail-port').fill('9');
      await page.getByTestId('mail-security').selectOption('none');
      await page.getByTestId('mail-from').fill('Banco <banco@magazzino-demo.example>');
      await page.getByTestId('mail-save').click();
      await expect
        .poll(() => page.getByTestId('error-mail-host').textContent(), { timeout: 10_000 })
        .toContain('Server di posta non raggiungibile');
      await page.getByTestId('mail-port').fill(String(mailbox.port));
      await page.getByTestId('mail-save').click();
      await expect
        .poll(() => page.getByTestId('settings-message').textContent(), { timeout: 10_000 })
        .toContain('Server di posta verificato');
      await expectHealthy(page, 'it-settings-mail', errors);

      await fillShipment(page, 'DROP-BANCO-1', 'Libreria Bianchi');
      await page.getByTestId('field-dropshipping').check();
      await page.getByTestId('field-merce').press('Enter');
      await expect
        .poll(() => page.getByTestId('saved-ddt-alpha').textContent(), { timeout: 15_000 })
        .toBe('DROP-BANCO-1');
      const [mail] = await mailbox.waitFor(1, 15_000);
      expect(mail?.to && 'text' in mail.to ? mail.to.text : '').toBe(DEMO_SENDER.email);
      expect(mail?.subject).toContain('ordine DROP-BANCO-1');
      expect(mail?.attachments[0]?.contentType).toBe('application/pdf');
      // The next shipment starts unticked: an e-mail is asked for each time.
      expect(await page.getByTestId('field-dropshipping').isChecked()).toBe(false);
      // The shipment's detail says the e-mail went.
      await openRow(page, 'departing', 'DROP-BANCO-1');
      await expect
        .poll(() => page.getByTestId('detail-mail').getAttribute('data-state'), { timeout: 10_000 })
        .toBe('sent');
      expect(await page.getByTestId('detail-mail').textContent()).toBe('inviata');
    },
  );
});
