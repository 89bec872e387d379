// A PrestaShop shop's address and Webservice key are checked by their shape before the shop is asked: the shop's
// address (a pasted back-office or API address made the shop's), a key of 32 letters and digits.
import { describe, expect, it } from 'vitest';
import { prestashopShape } from '../../../../src/shops/prestashop/shape';

const KEY = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ012345';

describe('a PrestaShop shop’s address and key by their shape', () => {
  it('makes a pasted back-office or API address the shop’s', () => {
    const shape = (address: string) => prestashopShape({ address, token: KEY, secret: '' });
    expect(shape('negozio.it')).toEqual({ ok: true, address: 'https://negozio.it' });
    expect(shape('https://negozio.it/admin123abc/index.php?controller=AdminWebservice')).toEqual({
      ok: true,
      address: 'https://negozio.it',
    });
    expect(shape('https://negozio.it/shop/api/orders')).toEqual({ ok: true, address: 'https://negozio.it/shop' });
    expect(shape('https://')).toEqual({ ok: false, field: 'address', code: 'shopAddress' });
  });

  it('refuses a key that is not 32 letters and digits', () => {
    for (const token of ['', 'ABCD1234', `${KEY}X`, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ01234-']) {
      expect(prestashopShape({ address: 'negozio.it', token, secret: '' }), token).toEqual({
        ok: false,
        field: 'token',
        code: 'shopToken',
      });
    }
  });
});
