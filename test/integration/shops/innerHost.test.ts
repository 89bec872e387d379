// A shop address whose name resolves inside this computer (a name the hosts file or a rebinding DNS points at
// 127.x): the bench judges the resolved address, so neither Shopify's token nor WooCommerce's keys are sent there.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { ShopConnection } from '../../../src/shared/ipc/shopCommands';
import { isLoopbackName } from '../../../src/shared/net/loopbackHost';
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
  it.each(['woocommerce', 'shopify'] as const)(
    'is refused at %s set-up by the address it resolves to',
    async (platform) => {
      const bench = await wooSite();
      const { port } = new URL(bench.site.url);
      const address = `https://${name}:${port}`;
      const refused = await bench.connect(
        platform === 'shopify' ? { platform, address, token: 'shpat_0123456789abcdef' } : { address },
      );
      expect(refused.ok).toBe(false);
      if (refused.ok) return;
      // A Shopify store's address is NAME.myshopify.com: another name is refused by its shape, before it is looked up.
      if (platform === 'shopify') expect(refused.error.fields?.address?.code).toBe('shopAddress');
      else expect(refused.error.fields?.address).toMatchObject({ code: 'shopUnreachable', value: 'woocommerce:inner' });
      expect(bench.site.requests()).toEqual({});
      expect(commandValue<ShopConnection[]>(await bench.dispatch('shops.list', {}))).toEqual([]);
    },
  );
});
