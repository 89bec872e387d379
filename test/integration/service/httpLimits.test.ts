// How long and how much a client may hold the service: an oversized body always gets a 413 the client can read (the
// service as `npm run serve` composes it, bodies just over and far over the limit, with a length and chunked, 1 to 16
// at once), a body past the drain cap is cut off without stopping the service, slow or silent clients are
// disconnected, a refused key closes the connection, and connections beyond the cap are refused.
import { once } from 'node:events';
import { connect, type Socket } from 'node:net';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, type Engine } from '../../../src/engine/index';
import { startServer, type RunningServer } from '../../../src/service/server';
import { DEMO_KEY } from '../../fixtures/shipments';
import { apiClient } from '../../helpers/api';
import { removeTempDirs, tempDir } from '../../helpers/tmp';
import { tally, upload } from '../../helpers/upload';
import { startServiceInProcess, type InProcessService } from '../../peers/service';

const KEY = 'http-limits-key-0123456789ab';
const MB = 1_000_000;

afterAll(removeTempDirs);

describe('an oversized body against `npm run serve`', () => {
  let service: InProcessService;
  beforeAll(async () => {
    service = await startServiceInProcess({
      dataDir: tempDir(),
      config: { instance: 'demo', users: [{ api_key: KEY, client_ids: [1001] }], throttle: false },
    });
  }, 60_000);
  afterAll(async () => {
    await service.stop();
  });

  const cases: { size: number; concurrency: number }[] = [
    { size: 2.2 * MB, concurrency: 1 },
    { size: 2.2 * MB, concurrency: 4 },
    { size: 2.2 * MB, concurrency: 16 },
    { size: 4 * MB, concurrency: 1 },
    { size: 4 * MB, concurrency: 4 },
    { size: 4 * MB, concurrency: 16 },
    { size: 20 * MB, concurrency: 1 },
    { size: 20 * MB, concurrency: 4 },
  ];
  for (const chunked of [false, true]) {
    it(
      `is always answered 413 where the client can read it (${chunked ? 'chunked' : 'with a Content-Length'})`,
      { timeout: 120_000 },
      async () => {
        const url = new URL(`${service.baseUrl}/Shipment`);
        for (const { size, concurrency } of cases) {
          const outcomes = await Promise.all(
            Array.from({ length: concurrency }, () =>
              upload(url, Math.round(size), { chunked, headers: { 'x-api-key': KEY } }),
            ),
          );
          expect(tally(outcomes), `${size} bytes, ${concurrency} at once`).toEqual({ 413: concurrency });
        }
        const after = await apiClient(service.baseUrl, KEY).request('GET', '/Shipment?id=999999');
        expect(after.status).toBe(404);
      },
    );
  }

  it('cuts off a body past the 64 MiB drain cap, and goes on serving', { timeout: 120_000 }, async () => {
    const url = new URL(`${service.baseUrl}/Shipment`);
    for (const chunked of [false, true]) {
      const outcome = await upload(url, 70 * 1024 * 1024, { chunked, headers: { 'x-api-key': KEY } });
      // Either the 413 was read before the close or the upload met the closed socket; never a hang.
      expect(['413', 'EPIPE', 'ECONNRESET']).toContain(outcome);
    }
    expect((await apiClient(service.baseUrl, KEY).request('GET', '/Shipment?id=999999')).status).toBe(404);
  });
});

describe('timeouts and the connection cap', () => {
  let engine: Engine;
  let server: RunningServer;
  const sockets: Socket[] = [];
  beforeAll(async () => {
    engine = createEngine({
      file: join(tempDir(), 'limits.sqlite'),
      config: { users: [{ api_key: DEMO_KEY, client_ids: [1001] }] },
    });
    server = await startServer(engine, {
      instance: 'demo',
      throttle: false,
      host: '127.0.0.1',
      port: 0,
      keyFailures: false,
      http: {
        headersTimeoutMs: 400,
        requestTimeoutMs: 800,
        keepAliveTimeoutMs: 300,
        idleTimeoutMs: 1_000,
        maxConnections: 3,
      },
    });
  });
  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.destroy();
  });
  afterAll(async () => {
    await server.close();
    engine.close();
  });

  /** A raw connection to the server, recording what it receives and when it is closed. */
  async function open(): Promise<{ socket: Socket; received(): string; closed: Promise<void> }> {
    const socket = connect(server.port, '127.0.0.1');
    sockets.push(socket);
    let text = '';
    socket.on('data', (chunk: Buffer) => {
      text += chunk.toString('latin1');
    });
    socket.on('error', () => undefined);
    const closed = once(socket, 'close').then(() => undefined);
    await once(socket, 'connect');
    return { socket, received: () => text, closed };
  }

  /** Waits for the server to close the connection; fails when it is still open after `boundMs`. */
  async function closedWithin(closed: Promise<void>, boundMs: number): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<'open'>((resolve) => {
      timer = setTimeout(() => resolve('open'), boundMs);
    });
    const result = await Promise.race([closed.then(() => 'closed' as const), late]);
    clearTimeout(timer);
    expect(result).toBe('closed');
  }

  const head = (extra: string) =>
    `POST /demo/Shipment HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\nContent-Type: application/json\r\n${extra}`;

  it(
    'disconnects a client that sends its body a byte now and then, even with a good key',
    { timeout: 30_000 },
    async () => {
      const client = await open();
      client.socket.write(head(`x-api-key: ${DEMO_KEY}\r\nContent-Length: 100\r\n\r\n`));
      const drip = setInterval(() => {
        if (!client.socket.destroyed) client.socket.write('{');
      }, 150);
      try {
        await closedWithin(client.closed, 8_000);
      } finally {
        clearInterval(drip);
      }
    },
  );

  it('disconnects a client that never finishes its headers', { timeout: 30_000 }, async () => {
    const client = await open();
    client.socket.write(`GET /demo/Shipment?id=1 HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\n`);
    const drip = setInterval(() => {
      if (!client.socket.destroyed) client.socket.write('X-Slow: 1\r\n');
    }, 100);
    try {
      await closedWithin(client.closed, 8_000);
    } finally {
      clearInterval(drip);
    }
  });

  it('closes an idle connection, and a kept-alive one after its answer', { timeout: 30_000 }, async () => {
    const silent = await open();
    await closedWithin(silent.closed, 8_000);
    // Node may say why (408) before closing; never anything else.
    expect(silent.received()).toMatch(/^(HTTP\/1\.1 408 Request Timeout[\s\S]*)?$/);

    const kept = await open();
    kept.socket.write(
      `GET /demo/Shipment?id=1 HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\nx-api-key: ${DEMO_KEY}\r\n\r\n`,
    );
    await closedWithin(kept.closed, 8_000);
    expect(kept.received()).toMatch(/^HTTP\/1\.1 404/);
  });

  it(
    'answers a wrong key with 403 and closes the connection, also while the body is still coming',
    { timeout: 30_000 },
    async () => {
      const client = await open();
      client.socket.write(head('x-api-key: wrong-key\r\nContent-Length: 2\r\n\r\n{}'));
      await closedWithin(client.closed, 5_000);
      expect(client.received()).toMatch(/^HTTP\/1\.1 403/);
      expect(client.received().toLowerCase()).toContain('connection: close');

      const url = new URL(`http://127.0.0.1:${server.port}/demo/Shipment`);
      const outcomes = await Promise.all(
        Array.from({ length: 3 }, () =>
          upload(url, 1_500_000, { chunked: false, headers: { 'x-api-key': 'wrong-key' } }),
        ),
      );
      expect(tally(outcomes)).toEqual({ 403: 3 });
    },
  );

  it('refuses connections beyond the cap while the ones inside it are served', { timeout: 30_000 }, async () => {
    const inside = await Promise.all([open(), open(), open()]);
    const beyond = await open();
    await closedWithin(beyond.closed, 5_000);
    expect(beyond.received()).toBe('');
    const first = inside[0];
    if (!first) throw new Error('no connection');
    first.socket.write(
      `GET /demo/Shipment?id=1 HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\nx-api-key: ${DEMO_KEY}\r\n\r\n`,
    );
    await expect.poll(() => first.received(), { timeout: 5_000 }).toMatch(/^HTTP\/1\.1 404/);
  });
});
