// The browser station: serves the built renderer and the station's command table over HTTP (POST /api/command) with
// events as server-sent events (GET /api/events), on 127.0.0.1 only, behind a token kept in the data folder. The
// renderer is the same as in Electron; this is a second thin transport over the same dispatcher. On fastify, like the
// service: routing, body limit and JSON parsing are its; files come from @fastify/static (paths kept inside the folder,
// types set).
import { timingSafeEqual } from 'node:crypto';
import { join, resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance } from 'fastify';
import { MSG } from '../../shared/api/messages';
import { COMMANDS } from '../../shared/ipc/commands';
import type { ErrorCode } from '../../shared/ipc/result';
import { isLoopbackHost } from '../../shared/net/loopbackHost';
import { applyHttpLimits, DEFAULT_HTTP_LIMITS, fastifyLimits, refuseAndClose } from '../../service/httpLimits';
import { browserAddress, keepBrowserAddress } from './browserAddress';
import { allowingStyle, stationPages } from './pageShell';
import { createDispatcher } from '../dispatch';
import type { Station, StationOptions } from '../index';
import { savedLanguage, setupDone } from '../settings/firstLook';
import { createKeyStore, plainCodec, SECRETS_FILE } from '../settings/keyStore';
import { startStationRuntime, type StationRuntime } from '../runtime';

export interface BrowserHostOptions {
  dataDir: string;
  /** The built renderer (out/renderer); none: the command table only (a headless bench driven by a script). */
  rendererDir?: string;
  /** 0: any free port; none given: the port of the last start when it is free, else any (kept for the next). */
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

/**
 * Same policy as the Electron window: nothing inline, nothing from elsewhere; and a frame of the page's own PDF (a
 * blob: URL it made), which the browser station prints a manifest through when no document printer is set up.
 */
export const BROWSER_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; connect-src 'self'; " +
  "font-src 'self'; frame-src blob:; object-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/**
 * The biggest command is an order file's preview: its base64 (ASCII, a byte a character in JSON) as the command table
 * bounds it, with room for the command's and the file's names around it. Taken from the table, so that the browser
 * station takes every file the desktop takes; never below the 5 MB the other commands were given.
 */
const PREVIEW_BASE64 = COMMANDS['orders.preview'].input.shape.base64.maxLength;
if (PREVIEW_BASE64 === null) throw new Error("orders.preview's base64 has no bound: the browser host needs one");
export const MAX_BODY = Math.max(5 * 1024 * 1024, PREVIEW_BASE64 + 64 * 1024);

/** Sent with every answer, files and errors alike. */
const SECURITY_HEADERS = {
  'content-security-policy': BROWSER_CSP,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'cross-origin-opener-policy': 'same-origin',
  'cache-control': 'no-store',
} as const;

/** The bundler's output names: `/assets/<name>-<8-character hash>.js|css`. */
const HASHED_ASSET = /^\/assets\/[\w-]+-[\w-]{8}\.(?:js|css)$/;
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Every refusal has the command table's shape, so the page reads any of them the same way. */
const refusal = (code: ErrorCode, message: string) => ({ ok: false, error: { code, message } });

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** On the port asked; the last start's port, when another program has taken it since, gives way to any free one. */
async function listenOn(app: FastifyInstance, host: string, port: number, anyIfTaken: boolean): Promise<void> {
  try {
    await app.listen({ host, port });
  } catch (error) {
    if (!anyIfTaken || port === 0 || (error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
    await app.listen({ host, port: 0 });
  }
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
  // The same token and port at every start: a tab left open, reloaded or bookmarked keeps working after a restart.
  const kept = browserAddress(resolve(options.dataDir));
  const token = kept.token;
  const tokenBytes = Buffer.from(token);
  const host = options.host ?? '127.0.0.1';
  const limits = DEFAULT_HTTP_LIMITS;

  const tokenOk = (given: unknown) => {
    const bytes = Buffer.from(typeof given === 'string' ? given : '');
    return bytes.length === tokenBytes.length && timingSafeEqual(bytes, tokenBytes);
  };

  const app = Fastify({ logger: false, bodyLimit: MAX_BODY, ...fastifyLimits(limits) });
  applyHttpLimits(app.server, limits);

  // A page on another site that resolves its name to 127.0.0.1 (DNS rebinding) would send its own Host.
  app.addHook('onRequest', async (request, reply) => {
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    if (!isLoopbackHost(request.headers.host, port)) return reply.code(421).send(refusal('refused', MSG.hostRefused));
    return undefined;
  });
  app.addHook('onSend', async (request, reply, payload) => {
    // The page that carries its stylesheet inline set a policy allowing that one style (pageShell.ts).
    reply.headers({
      ...SECURITY_HEADERS,
      'content-security-policy': reply.getHeader('content-security-policy') ?? BROWSER_CSP,
    });
    // A built file named by its content's hash never changes: the browser keeps it, and its compiled code, across
    // loads (the page is read again at every start; the next one compiles nothing). Everything else, index.html (which
    // names the hashes) first, is never stored.
    if (reply.statusCode === 200 && HASHED_ASSET.test(request.url)) reply.header('cache-control', IMMUTABLE);
    return payload;
  });

  app.setNotFoundHandler((_request, reply) => reply.code(404).send(refusal('not_found', 'Risorsa non trovata')));
  app.setErrorHandler((error: { code?: string; statusCode?: number }, request, reply) => {
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE')
      return refuseAndClose(request, reply, limits.drainCapBytes, () =>
        reply.code(413).send(refusal('invalid', MSG.bodyTooLarge)),
      );
    // A file the static plugin will not serve (outside the folder, a directory, a dot-file) is simply not there.
    if (error.statusCode === 403 || error.statusCode === 404)
      return reply.code(404).send(refusal('not_found', 'Risorsa non trovata'));
    if (error.statusCode !== undefined && error.statusCode < 500)
      return reply.code(error.statusCode).send(refusal('invalid', 'Richiesta non valida'));
    runtime.station.log.warn(`browser host error: ${String((error as Error).stack ?? error)}`);
    return reply.code(500).send(refusal('internal', 'Errore interno della postazione'));
  });
  app.route({
    method: 'POST',
    url: '/api/command',
    // The token is checked before the body is read: a page without it never costs a parse.
    onRequest: async (request, reply) => {
      if (tokenOk(request.headers['x-station-token'])) return undefined;
      return refuseAndClose(request, reply, MAX_BODY, () =>
        reply.code(403).send(refusal('refused', 'Token della postazione non valido')),
      );
    },
    handler: async (request, reply) => {
      const { name, input } = (isObject(request.body) ? request.body : {}) as { name?: unknown; input?: unknown };
      if (typeof name !== 'string') return reply.code(400).send(refusal('invalid', 'Richiesta non valida'));
      return reply.send(await dispatcher.dispatch(name, input));
    },
  });

  app.get('/api/events', (request, reply) => {
    if (!tokenOk((request.query as Record<string, unknown>).token))
      return reply.code(403).send(refusal('refused', 'Token della postazione non valido'));
    // Server-sent events: the stream stays open, written by hand past fastify's reply.
    reply.hijack();
    reply.raw.writeHead(200, {
      ...SECURITY_HEADERS,
      'content-type': 'text/event-stream',
      connection: 'keep-alive',
    });
    reply.raw.write(': connected\n\n');
    const unsubscribe = dispatcher.onEvent((event) => reply.raw.write(`data: ${JSON.stringify(event)}\n\n`));
    const heartbeat = setInterval(() => reply.raw.write(': ping\n\n'), 15_000);
    request.raw.on('close', () => {
      clearInterval(heartbeat);
      unsubscribe();
    });
    return reply;
  });

  // The built renderer: the plugin resolves paths inside the folder only and sets the types. The page itself comes
  // with the bench's navigation bar drawn when it is opened with the station's token on a bench that is set up: a
  // refused token or the first-run screen never shows a bench that looks usable, not even for a moment.
  if (options.rendererDir) {
    const rendererDir = resolve(options.rendererDir);
    const pages = stationPages(rendererDir);
    app.get('/', async (request, reply) => {
      const station = runtime.station;
      const drawn = tokenOk((request.query as Record<string, unknown>).token) && setupDone(station);
      const page = await pages.page(drawn ? savedLanguage(station) : undefined);
      if (page.styleHash) reply.header('content-security-policy', allowingStyle(BROWSER_CSP, page.styleHash));
      return reply.type('text/html; charset=utf-8').send(page.html);
    });
    await app.register(fastifyStatic, {
      root: rendererDir,
      index: false,
      cacheControl: false,
      etag: false,
      lastModified: false,
      dotfiles: 'deny',
    });
  }

  await listenOn(app, host, options.port ?? kept.port, options.port === undefined);
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : (options.port ?? 0);
  if (port !== kept.port) keepBrowserAddress(resolve(options.dataDir), { token, port });

  return {
    url: `http://127.0.0.1:${port}/?token=${token}`,
    token,
    get station() {
      return runtime.station;
    },
    runtime,
    async close() {
      app.server.closeAllConnections();
      await app.close();
      await runtime.close();
    },
  };
}
