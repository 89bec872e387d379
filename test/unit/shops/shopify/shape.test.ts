// A Shopify address and token are checked by their shape before the store is asked: the store's myshopify.com
// address, whatever the owner pasted (the admin's address, https://, a path), and an Admin API access token, not the
// app's API key or secret key.
import { describe, expect, it } from 'vitest';
import { shopifyShape, shopifyStore } from '../../../../src/shops/shopify/shape';

const TOKEN = 'shpat_0123456789abcdef0123456789abcdef';

describe('a Shopify store’s address and token by their shape', () => {
  it('makes whatever the owner pasted the store’s NAME.myshopify.com', () => {
    expect(shopifyStore('bottega.myshopify.com')).toBe('bottega.myshopify.com');
    expect(shopifyStore(' https://Bottega.myshopify.com/ ')).toBe('bottega.myshopify.com');
    expect(shopifyStore('https://bottega.myshopify.com/admin/orders?inContextTimeframe=none')).toBe(
      'bottega.myshopify.com',
    );
    expect(shopifyStore('https://admin.shopify.com/store/bottega-2/orders')).toBe('bottega-2.myshopify.com');
    expect(shopifyStore('admin.shopify.com/store/Bottega')).toBe('bottega.myshopify.com');
  });

  it('keeps a loopback proxy’s address as it is', () => {
    expect(shopifyStore('http://127.0.0.1:8443')).toBe('http://127.0.0.1:8443');
  });

  it('refuses a store’s own domain, an admin address without the store, and what is not an address', () => {
    for (const typed of [
      'www.bottega.it',
      'admin.shopify.com',
      'https://admin.shopify.com/settings',
      'myshopify.com',
      '',
    ]) {
      expect(shopifyStore(typed), typed).toBeUndefined();
    }
    expect(shopifyShape({ address: 'www.bottega.it', token: TOKEN, secret: '' })).toEqual({
      ok: false,
      field: 'address',
      code: 'shopAddress',
    });
  });

  it('takes an access token, and refuses the API key, the secret key and a blank', () => {
    const address = 'bottega.myshopify.com';
    expect(shopifyShape({ address, token: ` ${TOKEN} `, secret: '' })).toEqual({ ok: true, address });
    expect(shopifyShape({ address, token: 'shpca_abc123', secret: '' }).ok).toBe(true);
    for (const token of ['0123456789abcdef0123456789abcdef', 'shpss_0123456789abcdef', '', 'shpat_ abc']) {
      expect(shopifyShape({ address, token, secret: '' }), token).toEqual({
        ok: false,
        field: 'token',
        code: 'shopToken',
      });
    }
  });
});
