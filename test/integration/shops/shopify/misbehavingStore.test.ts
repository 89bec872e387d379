// A Shopify address answered by a host that behaves badly, asked through Shopify's own client library as the bench
// asks it: an answer dribbled a byte a second is given up at the request's total deadline, and one past the size cap
// is refused without being read whole.
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { SHOP_HTTP } from '../../../../src/shops/http';
import { shopifyClient } from '../../../../src/shops/shopify/client';

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

/** A host on 127.0.0.1 answering every request with `answer`. */
async function host(answer: (res: ServerResponse) => void) {
  const server = createServer((_req, res) => answer(res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const store = (address: string) => {
  const client = shopifyClient({ address, token: 'shpat_0123456789abcdef', timeoutMs: 2_000 });
  closers.push(() => client.close());
  return client;
};

describe('a Shopify address answered badly', () => {
  it('gives up an answer sent a byte a second at the total deadline', async () => {
    const address = await host((res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{');
      const timer = setInterval(() => res.write(' '), 500);
      res.once('close', () => clearInterval(timer));
    });
    const checked = await store(address).check();
    expect(checked.ok).toBe(false);
    if (!checked.ok) expect(checked.failure.message).toContain('non ha risposto per intero entro 2 s');
  });

  it('refuses an answer past the size cap', async () => {
    const address = await host((res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      const chunk = Buffer.alloc(1024 * 1024, 0x20);
      let left = SHOP_HTTP.maxAnswerBytes / chunk.length + 4;
      const more = () => {
        while (left > 0 && !res.destroyed) {
          left -= 1;
          if (!res.write(chunk)) return void res.once('drain', more);
        }
        res.end();
      };
      res.write('{');
      more();
    });
    const checked = await store(address).check();
    expect(checked.ok).toBe(false);
    if (!checked.ok) expect(checked.failure.message).toContain('Risposta del negozio troppo grande');
  });
});
