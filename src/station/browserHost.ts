// The browser station: serves the built renderer and the station's command table over HTTP (POST /api/command) with
// events as server-sent events (GET /api/events), on 127.0.0.1 only, behind a per-run token. The renderer is the same
// as in Electron; this is a second thin transport over the same dispatcher.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { MSG } from '../shared/api/messages';
import { isLoopbackHost } from '../shared/net/loopbackHost';
import { applyHttpLimits, DEFAULT_HTTP_LIMITS, drainRequest, httpServerOptions } from '../service/httpLimits';
import { createDispatcher } from './dispatch';
import type { Station, StationOptions } from './index';
import { createKeyStore, plainCodec, SECRETS_FILE } from './keyStore';
import { startStationRuntime, type StationRuntime } from './runtime';

export interface BrowserHostOptions {
  dataDir: string;
  /** The built renderer (out/renderer). */
  rendererDir: string;
  port?: number;
  host?: '127.0.0.1';
  /** Anything else for the station (connected mode, printers, ...); a remote given here wins over the saved one. */
  station?: Omit<Partial<StationOptions>, 'dataDir'>;
  /** How long the settings screen waits for the remote when checking a new connection. */
  checkTimeoutMs?: number;
}

export interface BrowserHost {
  /** Open this: it carries the token. */
  url: string;
  token: string;
  /** The station running now (the settings screen may replace it). */
  readonly station: Station;
  runtime: StationRuntime;
  close(): Promise<void>;
}

/** Same policy as the Electron window: nothing inline, nothing from elsewhere. */
export const BROWSER_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; connect-src 'self'; " +
  "font-src 'self'; object-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
};
const MAX_BODY = 5 * 1024 * 1024;

function send(res: ServerResponse, status: number, body: string | Buffer, type = 'application/json'): void {
  res.writeHead(status, {
    'content-type': type,
    'cache-control': 'no-store',
    'content-security-policy': BROWSER_CSP,
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    'cross-origin-opener-policy': 'same-origin',
  });
  res.end(body);
}

/** The body as text, or why not: over MAX_BODY (the rest is left unread for the 413), or the request broke. */
function readBody(req: IncomingMessage): Promise<string | 'too_large' | undefined> {
  return new Promise((done) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY) {
        req.off('data', onData);
        req.pause();
        done('too_large');
        return;
      }
      chunks.push(chunk);
    };
    req.on('data', onData);
    req.on('end', () => done(Buffer.concat(chunks).toString('utf8')));
    req.on('error', () => done(undefined));
  });
}

/**
 * A body over the limit: read and thrown away up to the cap so the client reads the 413, then the connection closes.
 */
async function refuseTooLarge(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const whole = await drainRequest(req, DEFAULT_HTTP_LIMITS.drainCapBytes);
  res.setHeader('connection', 'close');
  if (!whole) res.once('finish', () => req.socket.destroySoon());
  send(res, 413, JSON.stringify({ ok: false, error: { code: 'invalid', message: MSG.bodyTooLarge } }));
}

export async function startBrowserHost(options: BrowserHostOptions): Promise<BrowserHost> {
  // No system key store reachable from here: the API key is kept in a file only this user can read (docs/decisions.md).
  const keyStore = createKeyStore(join(resolve(options.dataDir), SECRETS_FILE), plainCodec());
  const runtime = await startStationRuntime({
    dataDir: options.dataDir,
    keyStore,
    station: options.station,
    checkTimeoutMs: options.checkTimeoutMs,
  });
  const dispatcher = createDispatcher(runtime);
  const token = randomBytes(24).toString('base64url');
  const tokenBytes = Buffer.from(token);
  const rendererDir = resolve(options.rendererDir);
  const host = options.host ?? '127.0.0.1';
  let port = 0;

  const tokenOk = (given: string | undefined | null) => {
    const bytes = Buffer.from(given ?? '');
    return bytes.length === tokenBytes.length && timingSafeEqual(bytes, tokenBytes);
  };

  const server = createServer(httpServerOptions(DEFAULT_HTTP_LIMITS), (req, res) => {
    void (async () => {
      // A page on another site that resolves its name to 127.0.0.1 (DNS rebinding) would send its own Host.
      if (!isLoopbackHost(req.headers.host, port)) return send(res, 421, JSON.stringify({ error: MSG.hostRefused }));
      const url = new URL(req.url ?? '/', `http://${req.headers.host}`);
      if (url.pathname === '/api/command' && req.method === 'POST') {
        if (!tokenOk(req.headers['x-station-token'] as string | undefined))
          return send(
            res,
            403,
            JSON.stringify({ ok: false, error: { code: 'refused', message: 'Token della postazione non valido' } }),
          );
        const text = await readBody(req);
        if (text === 'too_large') return refuseTooLarge(req, res);
        let message: unknown;
        try {
          message = text === undefined ? undefined : JSON.parse(text);
        } catch {
          message = undefined;
        }
        const { name, input } = (typeof message === 'object' && message !== null ? message : {}) as {
          name?: unknown;
          input?: unknown;
        };
        if (typeof name !== 'string')
          return send(
            res,
            400,
            JSON.stringify({ ok: false, error: { code: 'invalid', message: 'Richiesta non valida' } }),
          );
        return send(res, 200, JSON.stringify(await dispatcher.dispatch(name, input)));
      }
      if (url.pathname === '/api/events' && req.method === 'GET') {
        if (!tokenOk(url.searchParams.get('token')))
          return send(res, 403, JSON.stringify({ error: 'token non valido' }));
        res.writeHead(200, {
          'content-type': 'text/event-stream',
          'cache-control': 'no-store',
          connection: 'keep-alive',
        });
        res.write(': connected\n\n');
        const unsubscribe = dispatcher.onEvent((event) => res.write(`data: ${JSON.stringify(event)}\n\n`));
        const heartbeat = setInterval(() => res.write(': ping\n\n'), 15_000);
        req.on('close', () => {
          clearInterval(heartbeat);
          unsubscribe();
        });
        return undefined;
      }
      if (req.method !== 'GET' && req.method !== 'HEAD')
        return send(res, 405, JSON.stringify({ error: 'metodo non ammesso' }));
      let decoded: string;
      try {
        decoded = decodeURIComponent(url.pathname);
      } catch {
        return send(res, 400, JSON.stringify({ error: 'indirizzo non valido' }));
      }
      const relative = url.pathname === '/' ? 'index.html' : decoded.replace(/^\/+/, '');
      const file = normalize(join(rendererDir, relative));
      if (!file.startsWith(rendererDir + sep)) return send(res, 404, 'not found', 'text/plain');
      try {
        return send(res, 200, await readFile(file), TYPES[extname(file)] ?? 'application/octet-stream');
      } catch {
        return send(res, 404, 'not found', 'text/plain');
      }
    })().catch((error: unknown) => {
      process.stderr.write(`browser host error: ${String(error)}\n`);
      if (!res.headersSent) send(res, 500, JSON.stringify({ error: 'errore interno' }));
    });
  });

  applyHttpLimits(server, DEFAULT_HTTP_LIMITS);
  await new Promise<void>((done, failed) => {
    server.once('error', failed);
    server.listen(options.port ?? 0, host, () => done());
  });
  const address = server.address();
  port = typeof address === 'object' && address ? address.port : (options.port ?? 0);

  return {
    url: `http://127.0.0.1:${port}/?token=${token}`,
    token,
    get station() {
      return runtime.station;
    },
    runtime,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((done) => server.close(() => done()));
      await runtime.close();
    },
  };
}
