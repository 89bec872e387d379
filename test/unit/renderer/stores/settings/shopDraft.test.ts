// The connect-a-shop draft without a browser: it starts on Shopify and the bench's first client, with the customer
// told; an empty token, or a WooCommerce key without its secret, is refused beside it without asking the station; the
// input is sent as parsed, a secret only with the platform that has one; a wrong token is shown at the token in the
// shop's words with everything typed kept; a shop connected forgets its credentials and starts the form again for the
// next shop; and one check runs at a time.
import { describe, expect, it } from 'vitest';
import { otherIssue } from '../../../../../src/shared/api/fieldIssues';
import { failFields, ok } from '../../../../../src/shared/ipc/result';
import type { ShopConnection } from '../../../../../src/shared/ipc/shopCommands';
import { createShopDraft, SHOP_PLATFORM_LIST } from '../../../../../src/renderer/stores/settings/shopDraft';
import { fakeStation, shownText } from './fakeStation';

const REFUSAL =
  'Shopify non ha accettato il collegamento: ' +
  '[API] Invalid API key or access token (unrecognized login or wrong password)';
const CONNECTED: ShopConnection = {
  id: 1,
  clientId: 1002,
  platform: 'shopify',
  address: 'bottega.myshopify.com',
  name: 'Bottega di Prova',
  notifyCustomer: false,
  lastPollAt: null,
  lastError: '',
  lastErrorCode: '',
  lastErrorDetail: '',
  counts: { pending: 0, sent: 0, failed: 0 },
};

describe('the connect-a-shop draft', () => {
  it('starts on Shopify, the first client, the customer told', () => {
    const draft = createShopDraft(fakeStation().api, [1001, 1002]);
    expect(draft.getState().values).toEqual({
      platform: 'shopify',
      address: '',
      token: '',
      secret: '',
      clientId: '1001',
      notifyCustomer: true,
    });
    expect(SHOP_PLATFORM_LIST).toEqual(['shopify', 'woocommerce', 'prestashop']);
  });

  it('refuses an empty token beside it without asking the station', async () => {
    const station = fakeStation();
    const draft = createShopDraft(station.api, [1001]);
    draft.getState().set('address', 'bottega.myshopify.com');
    draft.getState().set('token', '   ');
    expect((await draft.getState().connect())?.ok).toBe(false);
    expect(shownText(draft.getState().errors.token)).toBeTruthy();
    expect(draft.getState().errors.address).toBeUndefined();
    expect(station.calls).toEqual([]);
  });

  it('asks WooCommerce for its secret beside it, and sends a secret only with the platform that has one', async () => {
    const station = fakeStation({ 'shops.connect': () => ok({ ...CONNECTED, platform: 'woocommerce' }) });
    const draft = createShopDraft(station.api, [1001]);
    draft.getState().set('platform', 'woocommerce');
    draft.getState().set('address', 'https://negozio.it');
    draft.getState().set('token', 'ck_chiave');
    expect((await draft.getState().connect())?.ok).toBe(false);
    expect(shownText(draft.getState().errors.secret)).toBe('obbligatorio');
    expect(station.calls).toEqual([]);
    draft.getState().set('secret', 'cs_segreto');
    expect((await draft.getState().connect())?.ok).toBe(true);
    expect(station.calls[0]?.input).toMatchObject({
      platform: 'woocommerce',
      token: 'ck_chiave',
      secret: 'cs_segreto',
    });
    expect(draft.getState().values).toMatchObject({ platform: 'woocommerce', token: '', secret: '' });

    // Typed for WooCommerce, then Shopify picked: the secret stays behind.
    draft.getState().set('secret', 'cs_segreto');
    draft.getState().set('platform', 'shopify');
    draft.getState().set('address', 'bottega.myshopify.com');
    draft.getState().set('token', 'shpat_giusto');
    await draft.getState().connect();
    expect(station.calls[1]?.input).toMatchObject({ platform: 'shopify', secret: '' });
  });

  it('shows a wrong token in the shop’s words at the token, keeping what was typed', async () => {
    const station = fakeStation({ 'shops.connect': () => failFields({ token: otherIssue(REFUSAL) }) });
    const draft = createShopDraft(station.api, [1001]);
    draft.getState().set('address', ' bottega.myshopify.com ');
    draft.getState().set('token', 'shpat_sbagliato');
    expect((await draft.getState().connect())?.ok).toBe(false);
    expect(shownText(draft.getState().errors.token)).toBe(REFUSAL);
    expect(draft.getState().values).toMatchObject({ address: ' bottega.myshopify.com ', token: 'shpat_sbagliato' });
    expect(draft.getState().busy).toBe(false);
    expect(station.calls).toEqual([
      {
        name: 'shops.connect',
        input: {
          platform: 'shopify',
          address: 'bottega.myshopify.com',
          token: 'shpat_sbagliato',
          secret: '',
          clientId: 1001,
          notifyCustomer: true,
        },
      },
    ]);
  });

  it('forgets the token once connected and starts again on the same client for the next shop', async () => {
    const connected: ShopConnection[] = [];
    const station = fakeStation({ 'shops.connect': () => ok(CONNECTED) });
    const draft = createShopDraft(station.api, [1001, 1002], { afterConnect: (c) => connected.push(c) });
    draft.getState().set('address', 'bottega.myshopify.com');
    draft.getState().set('token', 'shpat_giusto');
    draft.getState().set('clientId', '1002');
    draft.getState().set('notifyCustomer', false);
    expect(await draft.getState().connect()).toEqual(ok(CONNECTED));
    expect(station.calls[0]?.input).toMatchObject({ clientId: 1002, notifyCustomer: false });
    expect(connected).toEqual([CONNECTED]);
    expect(draft.getState().values).toEqual({
      platform: 'shopify',
      address: '',
      token: '',
      secret: '',
      clientId: '1002',
      notifyCustomer: true,
    });
    expect(draft.getState().dirty).toBe(false);
  });

  it('runs one check at a time: a second Enter while the shop is asked sends nothing', async () => {
    let answer: (value: ReturnType<typeof ok>) => void = () => undefined;
    const station = fakeStation({ 'shops.connect': () => new Promise((resolve) => (answer = resolve)) });
    const draft = createShopDraft(station.api, [1001]);
    draft.getState().set('address', 'bottega.myshopify.com');
    draft.getState().set('token', 'shpat_giusto');
    const first = draft.getState().connect();
    expect(draft.getState().busy).toBe(true);
    expect(await draft.getState().connect()).toBeUndefined();
    answer(ok(CONNECTED));
    expect((await first)?.ok).toBe(true);
    expect(draft.getState().busy).toBe(false);
    expect(station.calls).toHaveLength(1);
  });
});
