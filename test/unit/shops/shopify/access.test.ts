// Shopify's access refusals in the bench's words (src/shops/shopify/access.ts), against the Shopify peer answering as
// Shopify does: an app missing scopes is refused at connect naming them, an app without protected customer data is
// refused at connect (and at an orders read) naming the level to grant, and a wrong token stays a wrong token: three
// causes told apart.
import { afterEach, describe, expect, it } from 'vitest';
import { missingScopes, REQUIRED_SCOPES } from '../../../../src/shops/shopify/access';
import { shopifyShop } from '../../../../src/shops/shopify/api';
import { startShopifyPeer, type ShopifyPeer } from '../../../peers/shopifyPeer';

let peer: ShopifyPeer | undefined;
afterEach(async () => {
  await peer?.close();
  peer = undefined;
});

describe("a Shopify app's access, told apart from its token", () => {
  it('takes a write scope as granting its read, and names what is missing', () => {
    expect(missingScopes([...REQUIRED_SCOPES])).toEqual([]);
    expect(missingScopes(['write_orders', 'write_merchant_managed_fulfillment_orders', 'read_products'])).toEqual([
      'read_all_orders',
    ]);
  });

  it('refuses at connect an app without read_all_orders, naming the scope and where to grant it', async () => {
    peer = await startShopifyPeer({ scopes: REQUIRED_SCOPES.filter((scope) => scope !== 'read_all_orders') });
    const shop = shopifyShop({ address: peer.url, token: peer.token });
    const checked = await shop.check();
    expect(checked).toMatchObject({ ok: false, failure: { kind: 'unauthorized', code: 'ACCESS_DENIED' } });
    if (!checked.ok) {
      expect(checked.failure.message).toContain('read_all_orders');
      expect(checked.failure.message).toContain("Ambiti di accesso dell'API Admin");
    }
    await shop.close();
  });

  it('refuses at connect an app not granted the customers’ protected data, naming the level to grant', async () => {
    peer = await startShopifyPeer({ protectedData: false });
    peer.addOrder();
    const shop = shopifyShop({ address: peer.url, token: peer.token });
    const checked = await shop.check();
    expect(checked).toMatchObject({ ok: false, failure: { kind: 'unauthorized', code: 'ACCESS_DENIED' } });
    if (!checked.ok) expect(checked.failure.message).toMatch(/dati protetti dei clienti di livello 2/);
    await shop.close();
  });

  it('says an orders read refused for a missing scope or protected customer data, unlike a wrong token', async () => {
    peer = await startShopifyPeer({ protectedData: false });
    const shop = shopifyShop({ address: peer.url, token: peer.token });
    const refused = await shop.orders('status:open', null);
    expect(refused).toMatchObject({ ok: false, failure: { kind: 'unauthorized', code: 'ACCESS_DENIED' } });
    if (!refused.ok) expect(refused.failure.message).toMatch(/dati protetti dei clienti di livello 2/);
    await shop.close();
    await peer.close();

    peer = await startShopifyPeer({ scopes: ['read_products'] });
    const scopeless = shopifyShop({ address: peer.url, token: peer.token });
    const denied = await scopeless.orders('status:open', null);
    if (!denied.ok) expect(denied.failure.message).toMatch(/mancano gli ambiti read_orders \(/);
    expect(denied.ok).toBe(false);
    await scopeless.close();

    const wrong = shopifyShop({ address: peer.url, token: 'shpat_wrong' });
    const checked = await wrong.check();
    expect(checked).toMatchObject({ ok: false, failure: { kind: 'unauthorized', status: 401 } });
    if (!checked.ok) expect(checked.failure.code).toBeUndefined();
    await wrong.close();
  });
});
