// The shop platforms as the registry declares them: each says who it is, what its connect form asks and how its secret
// is kept, and a connection's client is made by the platform its row names.
import { describe, expect, it } from 'vitest';
import { SHOP_PLATFORM_IDS } from '../../../src/shared/domain/shopPlatforms';
import { clientFor, shopPlatform, shopPlatforms } from '../../../src/shops/registry';

describe('the shop platforms registry', () => {
  it('declares every platform the database may name, once each, with a name and its connect form', () => {
    const declared = shopPlatforms();
    expect(declared.map((p) => p.id)).toEqual([...SHOP_PLATFORM_IDS]);
    for (const platform of declared) {
      expect(platform.name).not.toBe('');
      expect(platform.form.samples.address).not.toBe('');
      expect(platform.form.samples.token).not.toBe('');
      expect(platform.form.samples.secret !== '').toBe(platform.form.secret);
      expect(typeof platform.clientFor).toBe('function');
    }
    expect(new Set(declared.map((p) => p.id)).size).toBe(declared.length);
  });

  it("reads back with each platform's secret schema what its connect form's fields are kept as", () => {
    for (const platform of shopPlatforms()) {
      const { token, secret } = platform.form.samples;
      expect(platform.secretSchema.safeParse(platform.secretOf(token, secret)).success, platform.id).toBe(true);
    }
  });

  it('keeps a Shopify token and a PrestaShop key trimmed, and a WooCommerce key pair as one JSON secret', () => {
    expect(shopPlatform('shopify').secretOf('  shpat_abc  ', '')).toBe('shpat_abc');
    expect(shopPlatform('prestashop').secretOf(' Q8ZJ4W6N2PRVX7KD3MTA9CF5HYBL1GES ', '')).toBe(
      'Q8ZJ4W6N2PRVX7KD3MTA9CF5HYBL1GES',
    );
    expect(JSON.parse(shopPlatform('woocommerce').secretOf(' ck_1 ', ' cs_2 '))).toEqual({
      consumerKey: 'ck_1',
      consumerSecret: 'cs_2',
    });
  });

  it('refuses by name a platform no folder declares (a database written by a newer station)', () => {
    expect(() => shopPlatform('magento')).toThrow('Piattaforma del negozio sconosciuta: magento');
  });

  it("makes each connection's client from its platform and the secret as the key store keeps it", async () => {
    const shopify = clientFor({ platform: 'shopify', address: 'bottega.myshopify.com' }, 'shpat_abc');
    const pair = shopPlatform('woocommerce').secretOf('ck_1', 'cs_2');
    const woocommerce = clientFor({ platform: 'woocommerce', address: 'https://negozio.it' }, pair);
    const prestashop = clientFor({ platform: 'prestashop', address: 'https://negozio.it' }, 'KEY');
    for (const client of [shopify, woocommerce, prestashop]) {
      expect(typeof client.check).toBe('function');
      expect(typeof client.deliver).toBe('function');
      await client.close();
    }
  });

  it('reads a WooCommerce secret that is not the pair as no key, which the library refuses by name', () => {
    expect(() => clientFor({ platform: 'woocommerce', address: 'https://negozio.it' }, 'not json')).toThrow(
      'consumerKey is required',
    );
  });
});
