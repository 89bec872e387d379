// Connecting a shop as a new owner would get it wrong, through the real station and its command table, against the
// Shopify and WooCommerce peers over loopback: each refusal is beside the field to fix, by its cause, in the bench's
// words with where in the shop's admin to look (never the library's or the shop's own English); a value of the wrong
// shape is refused before the shop is asked; a WooCommerce too old to read orders by modification time is named;
// nothing is kept.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { FieldIssue } from '../../../src/shared/api/fieldIssues';
import type { ShopConnection } from '../../../src/shared/ipc/shopCommands';
import type { Station } from '../../../src/station/index';
import { shopBench, type ShopAccess } from '../../helpers/shopBench';
import { commandValue } from '../../helpers/stationCommands';
import { removeTempDirs } from '../../helpers/tmp';
import { REQUIRED_SCOPES } from '../../../src/shops/shopify/access';
import { startShopifyPeer, type ShopifyPeer } from '../../peers/shopifyPeer';
import { startWooCommercePeer, type WooCommercePeer } from '../../peers/woocommercePeer';

const TOKEN = 'shpat_0123456789abcdef0123456789abcdef';
let station: Station | undefined;
const peers: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await station?.close();
  for (const peer of peers.splice(0)) await peer.close();
  station = undefined;
  removeTempDirs();
});

async function bench() {
  const started = await shopBench();
  station = started.station;
  /** The form sent: the field refused and its issue, or undefined when the shop connected. */
  const refusal = async (access: ShopAccess): Promise<{ field: string; issue: FieldIssue } | undefined> => {
    const answer = await started.connect(access);
    if (answer.ok) return undefined;
    const [field, issue] = Object.entries(answer.error.fields ?? {})[0] ?? [];
    return field && issue ? { field, issue } : undefined;
  };
  const kept = async () => commandValue<ShopConnection[]>(await started.dispatch('shops.list', {}));
  return { refusal, kept };
}

async function shopify(access: { scopes?: readonly string[] } = {}): Promise<ShopifyPeer> {
  const peer = await startShopifyPeer({ token: TOKEN, ...access });
  peers.push(peer);
  return peer;
}

async function woocommerce(options: Parameters<typeof startWooCommercePeer>[0] = {}): Promise<WooCommercePeer> {
  const peer = await startWooCommercePeer(options);
  peers.push(peer);
  return peer;
}

describe('a Shopify store connected by a new owner', () => {
  it('refuses a store’s own domain and a key that is not the access token before asking the store', async () => {
    const peer = await shopify();
    const { refusal, kept } = await bench();
    const domain = await refusal({ platform: 'shopify', address: 'www.bottega.it', token: TOKEN });
    expect(domain).toEqual({ field: 'address', issue: expect.objectContaining({ code: 'shopAddress' }) });
    expect(domain?.issue.message).toContain('.myshopify.com');
    expect(domain?.issue.message).toContain('Impostazioni → Domini');
    // The app's API key (32 hex digits) and its secret key, pasted where the access token goes.
    for (const token of ['0123456789abcdef0123456789abcdef', 'shpss_0123456789abcdef0123456789abcdef']) {
      const key = await refusal({ platform: 'shopify', address: peer.url, token });
      expect(key, token).toEqual({ field: 'token', issue: expect.objectContaining({ code: 'shopToken' }) });
      expect(key?.issue.message).toContain('shpat_');
    }
    expect(peer.requests()).toEqual({});
    expect(await kept()).toEqual([]);
  });

  it('names the missing access scope, and where to add it', async () => {
    const peer = await shopify({ scopes: REQUIRED_SCOPES.filter((scope) => scope !== 'read_all_orders') });
    const { refusal, kept } = await bench();
    const refused = await refusal({ platform: 'shopify', address: peer.url, token: TOKEN });
    expect(refused).toEqual({
      field: 'token',
      issue: expect.objectContaining({ code: 'shopScopes', value: 'shopify:read_all_orders' }),
    });
    expect(refused?.issue.message).toContain('(read_all_orders)');
    expect(refused?.issue.message).toContain("Ambiti dell'API Admin");
    expect(refused?.issue.message).not.toContain('Access denied');
    expect(await kept()).toEqual([]);
  });

  it('says nobody answers at a closed port, in the bench’s words and not the library’s', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    const { refusal } = await bench();
    const refused = await refusal({ platform: 'shopify', address: `http://127.0.0.1:${port}`, token: TOKEN });
    expect(refused).toEqual({
      field: 'address',
      issue: expect.objectContaining({ code: 'shopUnreachable', value: 'shopify:refused' }),
    });
    expect(refused?.issue.message).not.toMatch(/fetch failed|GraphQL/);
  });
});

describe('a WooCommerce site connected by a new owner', () => {
  it('refuses the key’s halves swapped or mistyped, each beside its field, before asking the site', async () => {
    const peer = await woocommerce();
    const { refusal } = await bench();
    const access = { platform: 'woocommerce' as const, address: peer.url };
    const swapped = await refusal({ ...access, token: peer.consumerSecret, secret: peer.consumerKey });
    expect(swapped).toEqual({ field: 'token', issue: expect.objectContaining({ code: 'shopToken' }) });
    expect(swapped?.issue.message).toContain('ck_');
    const secret = await refusal({ ...access, token: peer.consumerKey, secret: 'password' });
    expect(secret).toEqual({ field: 'secret', issue: expect.objectContaining({ code: 'shopSecret' }) });
    expect(peer.requests()).toEqual({});
  });

  it('says a name that does not exist, and an address where WooCommerce does not answer, at the address', async () => {
    const { refusal, kept } = await bench();
    const keys = { token: `ck_${'a'.repeat(40)}`, secret: `cs_${'b'.repeat(40)}` };
    const nowhere = await refusal({ platform: 'woocommerce', address: 'https://negozio.invalid', ...keys });
    expect(nowhere).toEqual({
      field: 'address',
      issue: expect.objectContaining({ code: 'shopUnreachable', value: 'woocommerce:dns' }),
    });
    expect(nowhere?.issue.message).toBe('nessun sito ha questo nome: controlla come è scritto l’indirizzo');
    // Something answers there, but not WooCommerce's REST API (a 404 at its routes).
    const other = await shopify();
    const notShop = await refusal({ platform: 'woocommerce', address: other.url, ...keys });
    expect(notShop).toEqual({ field: 'address', issue: expect.objectContaining({ code: 'shopNotShop' }) });
    expect(notShop?.issue.message).toContain('«Semplice»');
    expect(await kept()).toEqual([]);
  });

  it('refuses a WooCommerce older than 5.8, which cannot read orders by their modification time', async () => {
    const { refusal, kept } = await bench();
    for (const older of ['refusesOrderby', 'ignoresModifiedAfter'] as const) {
      const peer = await woocommerce({ older });
      peer.addOrder();
      const refused = await refusal({
        platform: 'woocommerce',
        address: peer.url,
        token: peer.consumerKey,
        secret: peer.consumerSecret,
      });
      expect(refused, older).toEqual({
        field: 'address',
        issue: expect.objectContaining({ code: 'shopVersion', value: 'woocommerce' }),
      });
      expect(refused?.issue.message).toContain('aggiorna WooCommerce alla 5.8 o successiva');
    }
    expect(await kept()).toEqual([]);
  });
});
