// The load benches' clients (creatorsProcess.ts starting creators.mjs, plain node:net): against a real HTTP server
// on loopback, every answer read to its last byte by its Content-Length, the last one kept, a connection the server
// closed made again, and an answer they cannot measure (no Content-Length, a wrong status) failing the batch rather
// than being guessed.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { pause, startCreators } from '../../bench/creatorsProcess';

const servers: Server[] = [];
const creators: ReturnType<typeof startCreators>[] = [];
afterEach(async () => {
  await Promise.all(creators.splice(0).map((c) => c.close().catch(() => undefined)));
  await Promise.all(servers.splice(0).map((s) => new Promise((done) => s.close(done))));
});

interface Seen {
  method: string;
  url: string;
  key: string | undefined;
  body: string;
}

async function serve(answer: (request: IncomingMessage, response: ServerResponse, seen: Seen[]) => void) {
  const seen: Seen[] = [];
  const server = createServer((request, response) => {
    const parts: Buffer[] = [];
    request.on('data', (chunk: Buffer) => parts.push(chunk));
    request.on('end', () => {
      const one = {
        method: request.method ?? '',
        url: request.url ?? '',
        key: request.headers['x-api-key'] as string | undefined,
        body: Buffer.concat(parts).toString('utf8'),
      };
      seen.push(one);
      answer(request, response, seen);
    });
  });
  servers.push(server);
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  const clients = startCreators(`http://127.0.0.1:${port}/demo`, 2);
  creators.push(clients);
  return { clients, seen };
}

/** 300 kB of text, in several TCP reads, numbered so the last answer kept can be told from the others. */
const big = (n: number) => `${n}:${'x'.repeat(300_000)}`;

describe('the load clients (creators.mjs)', () => {
  it('read every answer to its last byte and keep the last one of a batch', async () => {
    const { clients, seen } = await serve((_request, response, all) => {
      const text = big(all.length);
      response.writeHead(200, { 'content-type': 'text/plain', 'content-length': Buffer.byteLength(text) });
      response.end(text);
    });
    const done = await clients.batch({ count: 6, method: 'POST', path: '/Shipment', body: '{"a":1}', status: 200 });
    expect(done.count).toBe(6);
    expect(done.latencies).toHaveLength(6);
    expect(done.last).toMatch(/^[56]:x{300000}$/);
    expect(seen).toHaveLength(6);
    for (const one of seen) expect(one).toMatchObject({ method: 'POST', url: '/demo/Shipment', body: '{"a":1}' });
    expect(seen[0]?.key).toMatch(/^bench-load-key/);
  });

  it('connect again when the server closed the connection after an answer', async () => {
    const { clients, seen } = await serve((_request, response) => {
      response.writeHead(404, { connection: 'close', 'content-length': 2 });
      response.end('{}');
    });
    const done = await clients.batch({ count: 4, method: 'GET', path: '/Shipment?id=9', status: 404 });
    expect(done.count).toBe(4);
    expect(seen.map((one) => one.url)).toEqual(Array(4).fill('/demo/Shipment?id=9'));
  });

  it('count a period of full creates, each one answered', async () => {
    const { clients, seen } = await serve((_request, response) => {
      response.writeHead(200, { 'content-length': 100_000 });
      response.end('y'.repeat(100_000));
    });
    clients.go();
    await pause(0.3);
    const period = await clients.stop();
    expect(period.created).toBeGreaterThan(0);
    expect(period.created).toBe(seen.length);
    expect(JSON.parse(seen[0]?.body ?? '')).toMatchObject({ corriere: expect.any(Number) });
  });

  it('fail a batch whose answer has no Content-Length, or another status than asked', async () => {
    const chunked = await serve((_request, response) => {
      response.writeHead(200);
      response.end('{}');
    });
    await expect(chunked.clients.batch({ count: 2, method: 'GET', path: '/x', status: 200 })).rejects.toThrow(
      /ended without their figures/,
    );
    const refused = await serve((_request, response) => {
      response.writeHead(503, { 'content-length': 2 });
      response.end('{}');
    });
    await expect(refused.clients.batch({ count: 2, method: 'GET', path: '/x', status: 200 })).rejects.toThrow(
      /ended without their figures/,
    );
  });
});
