// A shop address whose name resolves inside this computer (a name the hosts file or a rebinding DNS points at
// 127.x): the bench judges the resolved address, so neither Shopify's token, WooCommerce's keys nor PrestaShop's key
// are sent there. A Shopify address must be NAME.myshopify.com, so the form refuses such a name by its shape; the
// Shopify client's own connections are judged by the address too (a store's name a rebinding DNS points inside).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { ShopConnection } from '../../../src/shared/ipc/shopCommands';
import { isLoopbackName } from '../../../src/shared/net/loopbackHost';
import { clientFor } from '../../../src/shops/registry';
import { commandValue } from '../../helpers/stationCommands';
import { useWooSiteBench } from '../../helpers/wooSiteBench';

const wooSite = useWooSiteBench();

/** A name of this machine's hosts file that is not one of the loopback names (`127.0.1.1 host`, `127.0.0.1 vm`). */
function disguisedLoopbackName(): string | undefined {
  const hosts = (() => {
    try {
      return readFileSync('/etc/hosts', 'utf8');
    } catch {
      return '';
    }
  })();
  for (const line of hosts.split('\n')) {
    const [address, ...names] = line.replace(/#.*/, '').trim().split(/\s+/);
    if (!address?.startsWith('127.')) continue;
    const name = names.find((n) => n && !isLoopbackName(n) && !n.includes(':'));
    if (name) return name;
  }
  return undefined;
}
const name = disguisedLoopbackName();

describe.skipIf(!name)('a shop address whose name resolves to this computer', () => {
  it.each(['woocommerce', 'shopify', 'prestashop'] as const)(
    'is refused at %s set-up by the address it resolves to',
    async (platform) => {
      const bench = await wooSite();
      const { port } = new URL(bench.site.url);
      const address = `https://${name}:${port}`;
      const access = {
        woocommerce: { address },
        shopify: { platform, address, token: 'shpat_0123456789abcdef' },
        prestashop: { platform, address, token: 'ABCDEFGHIJKLMNOPQRSTUVWXYZ012345' },
      }[platform];
      const refused = await bench.connect(access);
      expect(refused.ok).toBe(false);
      if (refused.ok) return;
      // A Shopify store's address is NAME.myshopify.com: another name is refused by its shape, before it is looked up.
      if (platform === 'shopify') expect(refused.error.fields?.address?.code).toBe('shopAddress');
      else expect(refused.error.fields?.address).toMatchObject({ code: 'shopUnreachable', value: `${platform}:inner` });
      expect(bench.site.requests()).toEqual({});
      expect(commandValue<ShopConnection[]>(await bench.dispatch('shops.list', {}))).toEqual([]);
    },
  );

  it('is never connected to by the Shopify client, whatever name the store’s address had', async () => {
    const bench = await wooSite();
    const { port } = new URL(bench.site.url);
    const client = clientFor({ platform: 'shopify', address: `https://${name}:${port}` }, 'shpat_0123456789abcdef');
    try {
      const checked = await client.check();
      expect(checked.ok).toBe(false);
      if (checked.ok) return;
      expect(checked.failure).toMatchObject({ status: 0, cause: 'inner' });
      expect(bench.site.requests()).toEqual({});
    } finally {
      await client.close();
    }
  });
});
