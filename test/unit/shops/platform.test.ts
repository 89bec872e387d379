// declarePlatform: what a platform declares becomes the registry's entry, its kept secret read with its own schema
// before its client is made, so a client never sees the secret as the key store keeps it.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { SHOP_PLATFORMS } from '../../../src/shared/domain/shopPlatforms';
import type { ShopClient } from '../../../src/shops/client';
import { declarePlatform } from '../../../src/shops/platform';

const client: ShopClient = {
  check: () => Promise.resolve({ ok: true, data: { name: 'Bottega' } }),
  orders: () => Promise.resolve({ ok: true, data: { taken: [], latest: '', next: null } }),
  deliver: () => Promise.resolve({ ok: true, id: '' }),
  tell: () => Promise.resolve({ ok: true, id: '' }),
  close: () => Promise.resolve(),
};

describe('a declared shop platform', () => {
  it('reads the kept secret with its own schema and hands the credentials, address and options to its client', () => {
    const made: unknown[] = [];
    const entry = declarePlatform({
      ...SHOP_PLATFORMS.woocommerce,
      secretSchema: z.string().transform((text) => text.split('|')),
      secretOf: (token, secret) => `${token}|${secret}`,
      client: (address, credentials, options) => {
        made.push({ address, credentials, options });
        return client;
      },
    });
    expect(entry.clientFor('https://negozio.it', entry.secretOf('ck_1', 'cs_2'), { timeoutMs: 5 })).toBe(client);
    expect(made).toEqual([{ address: 'https://negozio.it', credentials: ['ck_1', 'cs_2'], options: { timeoutMs: 5 } }]);
  });

  it('keeps its facts, and makes no client from a secret its schema refuses', () => {
    const entry = declarePlatform({
      ...SHOP_PLATFORMS.shopify,
      secretSchema: z.string().min(1),
      secretOf: (token) => token,
      client: () => client,
    });
    expect(entry).toMatchObject({ id: 'shopify', name: 'Shopify', form: SHOP_PLATFORMS.shopify.form });
    expect(() => entry.clientFor('bottega.myshopify.com', '', {})).toThrow();
  });
});
