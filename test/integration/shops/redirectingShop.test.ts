// A shop address that answers with a redirect elsewhere: the bench follows none, so the Shopify token and the
// WooCommerce keys never reach the other host, and the connection is refused saying why.
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { Station } from '../../../src/station/index';
import { shopBench } from '../../helpers/shopBench';
import { removeTempDirs } from '../../helpers/tmp';
import { startWooCommercePeer, type WooCommercePeer } from '../../peers/woocommercePeer';

const closers: (() => Promise<void>)[] = [];
let station: Station | undefined;
afterEach(async () => {
  await station?.close();
  station = undefined;
  await Promise.all(closers.splice(0).map((close) => close()));
  removeTempDirs();
});

/** A host on 127.0.0.1 answering `reply` to every request, and what each request carried. */
async function host(reply: (path: string) => { status: number; headers: Record<string, string>; body: string }) {
  const seen: { url: string; headers: IncomingHttpHeaders }[] = [];
  const server = createServer((req, res) => {
    seen.push({ url: req.url ?? '', headers: req.headers });
    const { status, headers, body } = reply(req.url ?? '/');
    res.writeHead(status, headers);
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen };
}

/** Where a redirect would lead: a host that would answer as a shop, and records what reached it. */
const elsewhere = () =>
  host(() => ({
    status: 200,
    headers: { 'content-type': 'application/json' },
    body: '{"data":{"shop":{"name":"x"}}}',
  }));

describe('a shop address that redirects elsewhere', () => {
  it.each([301, 302, 307, 308] as const)('never sends the Shopify token on after a %i', async (status) => {
    const other = await elsewhere();
    const redirecting = await host((path) => ({ status, headers: { location: `${other.url}${path}` }, body: '' }));
    const bench = await shopBench();
    station = bench.station;
    const token = 'shpat_0123456789abcdef0123456789abcdef';
    const refused = await bench.connect({ platform: 'shopify', address: redirecting.url, token });
    expect(refused.ok).toBe(false);
    expect(JSON.stringify(refused)).toContain('rinvio');
    expect(refused.ok ? undefined : refused.error.fields?.address?.value).toBe('shopify:redirect');
    expect(redirecting.seen.length).toBeGreaterThan(0);
    expect(other.seen).toEqual([]);
  });

  it('never sends the WooCommerce keys on, and says the site redirected', async () => {
    const other = await elsewhere();
    const site: WooCommercePeer = await startWooCommercePeer();
    closers.push(() => site.close());
    site.misbehave({ kind: 'redirect', status: 302, location: `${other.url}/wp-json/wc/v3/orders` });
    const bench = await shopBench();
    station = bench.station;
    const { url: address, consumerKey: token, consumerSecret: secret } = site;
    const refused = await bench.connect({ platform: 'woocommerce', address, token, secret });
    expect(refused.ok).toBe(false);
    if (refused.ok) return;
    expect(refused.error.fields?.address).toMatchObject({ code: 'shopUnreachable', value: 'woocommerce:redirect' });
    expect(refused.error.fields?.address?.message).toContain('rinvio');
    expect(other.seen).toEqual([]);
  });
});
