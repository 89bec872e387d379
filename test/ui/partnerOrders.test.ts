// Partner orders at the bench in Chromium (issue 13): the operator gives client 1001 its shop system's endpoint in
// Settings (https refused as plain http to another computer; the secret typed, never shown back), enters a shipment
// with the shop's order code, and the receiver gets the waybill event and verifies its signature. The delivery log
// shows the event delivered at the second attempt (the receiver refused the first); an event given up (here after
// 1.5 s instead of days) is shown with the receiver's answer and sent again from the log.
import { afterEach, describe, expect, it } from 'vitest';
import type { BrowserHost } from '../../src/station/hosts/browserHost';
import { validShipment } from '../fixtures/shipments';
import { tempDir } from '../helpers/tmp';
import { startPartnerReceiver, type PartnerReceiver } from '../peers/partnerReceiver';
import { fillShipment, startStationPage, useChromium } from './support/harness';
import { expectHealthy } from './support/screenshots';
import { openSettingsPage } from './support/settingsPages';

const chromium = useChromium();
const SECRET = 'whsec-banco-0123456789';
let host: BrowserHost | undefined;
let shop: PartnerReceiver | undefined;

afterEach(async () => {
  await host?.close();
  host = undefined;
  await shop?.close();
  shop = undefined;
});

describe('partner orders at the bench', () => {
  it('sends the waybill event of a shipment with an order code to the endpoint set in Settings', async () => {
    shop = await startPartnerReceiver({ secret: SECRET });
    const started = await startStationPage(chromium.get(), {
      dataDir: tempDir(),
      station: { partners: { retry: { baseMs: 300, maxMs: 1_000 } } },
    });
    host = started.host;
    const { page, errors } = started;
    await page.getByTestId('field-client_id').locator('option').first().waitFor({ state: 'attached' });

    await openSettingsPage(page, 'partners');
    const url = page.getByTestId('partner-1001-url');
    await url.fill('http://shop.example/webhooks');
    await page.getByTestId('partner-1001-secret').fill(SECRET);
    await page.getByTestId('partner-save-1001').click();
    await expect
      .poll(() => page.getByTestId('error-partner-1001-url').textContent(), { timeout: 10_000 })
      .toContain('Serve https://');
    await url.fill(shop.url);
    await page.getByTestId('partner-save-1001').click();
    await expect
      .poll(() => page.getByTestId('settings-message').textContent(), { timeout: 10_000 })
      .toBe('Endpoint del cliente 1001 salvato');
    await expect
      .poll(() => page.getByTestId('partner-source-1001').textContent(), { timeout: 10_000 })
      .toContain('salvato su questa postazione');
    expect(await page.getByTestId('partner-1001-secret').inputValue()).toBe('');
    await expectHealthy(page, 'it-settings-partners', errors);

    // The receiver is down for the first delivery: the log shows its refusal, then the delivery.
    shop.failNext(1, 503);
    await fillShipment(page, 'SHOP-ORD-1', 'Libreria Bianchi');
    await page.getByTestId('field-client_id').selectOption('1001');
    await page.getByTestId('field-id_order_partnerproximity').fill('#100234');
    await page.getByTestId('field-merce').press('Enter');
    await expect.poll(() => page.getByTestId('saved-ddt-alpha').textContent(), { timeout: 15_000 }).toBe('SHOP-ORD-1');
    const [event] = await shop.waitForAccepted(1, 15_000);
    expect(event?.verified).toBe(true);
    expect(event?.type).toBe('shipment.waybill');
    expect(event?.event).toMatchObject({ order_id: '#100234', client_id: 1001, ddt_alpha: 'SHOP-ORD-1' });
    expect(String(event?.event?.waybill)).not.toBe('');
    expect(shop.deliveries().map((d) => d.answered)).toEqual([503, 200]);
    // The order code is asked for each shipment: the next one starts empty.
    expect(await page.getByTestId('field-id_order_partnerproximity').inputValue()).toBe('');

    await openSettingsPage(page, 'partners');
    const row = page.locator('[data-testid^="partner-event-"]').first();
    await expect.poll(() => row.getAttribute('data-state', { timeout: 1_000 }), { timeout: 10_000 }).toBe('delivered');
    const text = await row.textContent();
    expect(text).toContain('#100234');
    expect(text).toContain('shipment.waybill');
    expect(text).toContain('consegnato');
    expect(text).toContain('Tentativi: 2');
    expect(text).toContain('200 ok');
    await expect
      .poll(() => page.getByTestId('partner-counts').textContent(), { timeout: 10_000 })
      .toBe('In attesa: 0 · consegnati: 1 · non consegnati: 0');
  });

  it('shows an event given up with the receiver’s answer, and sends it again from the log', async () => {
    shop = await startPartnerReceiver({ secret: SECRET });
    const receiver = shop;
    const started = await startStationPage(chromium.get(), {
      dataDir: tempDir(),
      station: { partners: { retry: { baseMs: 100, maxMs: 300 }, giveUpAfterMs: 1_500 } },
      async before(dispatch) {
        const saved = await dispatch('partners.save', { clientId: 1002, url: receiver.url, secret: SECRET });
        if (!saved.ok) throw new Error(saved.error.message);
      },
    });
    host = started.host;
    const { page } = started;
    receiver.failNext(1_000, 500);
    const created = await host.station.engine.createShipment(
      host.station.caller,
      validShipment({ client_id: 1002, ddt_alpha: 'SHOP-GIVEUP', id_order_partnerproximity: 'W-77', labelType: 'ZPL' }),
    );
    expect(created.kind).toBe('created');

    // F7 before the bench has drawn its form would go nowhere: wait for it, as an operator does.
    await page.getByTestId('field-client_id').locator('option').first().waitFor({ state: 'attached' });
    await openSettingsPage(page, 'partners');
    await page.getByTestId('partner-log').waitFor({ timeout: 10_000 });
    const row = page.locator('[data-testid^="partner-event-"]').first();
    await expect.poll(() => row.getAttribute('data-state', { timeout: 1_000 }), { timeout: 15_000 }).toBe('failed');
    expect(await row.textContent()).toContain('non consegnato');
    expect(await row.textContent()).toContain('500 servizio momentaneamente non disponibile');
    // The log of one client only.
    await page.getByTestId('partner-log-client').selectOption('1001');
    await expect.poll(() => page.locator('[data-testid^="partner-event-"]').count()).toBe(0);
    await page.getByTestId('partner-log-client').selectOption('1002');
    await expect.poll(() => page.locator('[data-testid^="partner-event-"]').count()).toBe(1);

    receiver.failNext(0);
    await page.locator('[data-testid^="partner-resend-"]').first().click();
    await expect
      .poll(() => page.getByTestId('settings-message').textContent(), { timeout: 10_000 })
      .toBe('Evento rimesso in coda');
    await expect.poll(() => row.getAttribute('data-state', { timeout: 1_000 }), { timeout: 15_000 }).toBe('delivered');
    const accepted = await receiver.waitForAccepted(1, 5_000);
    expect(accepted[0]?.event).toMatchObject({ order_id: 'W-77', type: 'shipment.waybill' });
    expect(accepted[0]?.verified).toBe(true);
  });
});
