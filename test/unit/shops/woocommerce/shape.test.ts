// A WooCommerce site's address and key are checked by their shape before the site is asked: a site's address (a
// pasted dashboard page made the site's), the consumer key's ck_ and the secret's cs_, each in its own field.
import { describe, expect, it } from 'vitest';
import { woocommerceShape, woocommerceSite } from '../../../../src/shops/woocommerce/shape';

const KEY = 'ck_0123456789abcdef0123456789abcdef01234567';
const SECRET = 'cs_0123456789abcdef0123456789abcdef01234567';

describe('a WooCommerce site’s address and key by their shape', () => {
  it('makes the address the site’s, over https', () => {
    expect(woocommerceSite('negozio.it')).toBe('https://negozio.it');
    expect(woocommerceSite('https://www.negozio.it/')).toBe('https://www.negozio.it');
    expect(woocommerceSite('https://negozio.it/shop/wp-admin/admin.php?page=wc-settings&tab=advanced')).toBe(
      'https://negozio.it/shop',
    );
    expect(woocommerceSite('https://negozio.it/wp-json/wc/v3')).toBe('https://negozio.it');
    expect(woocommerceSite('http://127.0.0.1:8080')).toBe('http://127.0.0.1:8080');
  });

  it('refuses a name that is no site’s', () => {
    for (const typed of ['', 'https://', 'user:pw@negozio.it']) expect(woocommerceSite(typed), typed).toBeUndefined();
  });

  it('takes ck_ and cs_ each in its own field, and says which field holds the wrong one', () => {
    const address = 'https://negozio.it';
    expect(woocommerceShape({ address, token: KEY, secret: SECRET })).toEqual({ ok: true, address });
    expect(woocommerceShape({ address, token: SECRET, secret: KEY })).toEqual({
      ok: false,
      field: 'token',
      code: 'shopToken',
    });
    expect(woocommerceShape({ address, token: KEY, secret: 'segreto' })).toEqual({
      ok: false,
      field: 'secret',
      code: 'shopSecret',
    });
    expect(woocommerceShape({ address: 'https://', token: KEY, secret: SECRET })).toMatchObject({ field: 'address' });
  });
});
