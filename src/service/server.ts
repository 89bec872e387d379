// The spec's HTTP API over an engine: fastify does routing, body limits and JSON parsing; this file maps the
// instance segment, x-api-key, rate limits and parser errors onto the spec's codes and Italian bodies.
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { isStorageFailure, type Caller, type Engine } from '../engine/index';
import { ENDPOINTS, resourceSpellings, type EndpointName, type ErrorShape } from '../shared/api/endpoints';
import { MSG } from '../shared/api/messages';
import { isLoopbackHost } from '../shared/net/loopbackHost';
import type { ThrottleLimits } from './config';
import {
  applyHttpLimits,
  DEFAULT_HTTP_LIMITS,
  fastifyLimits,
  MAX_JSON_DEPTH,
  nestedDeeperThan,
  refuseAndClose,
  type HttpLimits,
} from './httpLimits';
import { createKeyFailures, KEY_FAILURE_LIMITS, KEY_FAILURES_LABEL, type KeyFailureLimits } from './keyFailures';
import { answerBytes } from './createAnswer';
import type { Handler } from './handler';
import { handlers } from './routes';
import { BUCKET_LABEL, createThrottle } from './throttle';
import { processLog, type Log } from '../shared/log';
import { CreateFailed, CreateInterrupted } from './writer/protocol';

export interface ServerOptions {
  instance: string;
  throttle: ThrottleLimits | false;
  /** Largest request body accepted (413 beyond). */
  bodyLimit?: number;
  /**
   * Timeouts, connection cap and how much of an oversized body is read before its 413 (defaults:
   * DEFAULT_HTTP_LIMITS).
   */
  http?: Partial<HttpLimits>;
  /**
   * Answer only requests whose Host names this loopback server (421 otherwise): the station's local API turns it on
   * against DNS rebinding; `npm run serve` on a public address must answer its own name, so it is off by default.
   */
  loopbackOnly?: boolean;
  /** Pause an address after too many wrong keys; false: never (load tests). */
  keyFailures?: KeyFailureLimits | false;
  now?: () => number;
  /** Where the service's own warnings go (wrong keys, storage failures, internal errors; stderr by default). */
  log?: Log;
  /**
   * Answer a change (any method but GET) only once it is on disk: for an engine opened with synchronous NORMAL, whose
   * commits are then synced off the event loop and shared by the requests that finish together (Engine.flush).
   */
  flushBeforeAnswer?: boolean;
  /**
   * Who makes the shipments POST Shipment asks for, when not this thread's engine: the service's writer thread
   * (writer/createsWriter.ts), which answers with the bytes to send, the change already on disk.
   */
  creates?: (caller: Caller, body: unknown) => Promise<{ code: number; bytes: Buffer }>;
}

declare module 'fastify' {
  interface FastifyRequest {
    caller?: Caller;
  }
}

/** The endpoint's own error shape (endpoints.ts); an unrouted request's by its method. */
function shapeOf(request: FastifyRequest): ErrorShape {
  const config = request.routeOptions.config as { errorShape?: ErrorShape } | undefined;
  return config?.errorShape ?? (request.method === 'PATCH' ? 'patch' : 'error');
}

/** PATCH Shipment answers `{result, status}` where everything else answers `{error}` (spec, Errors table). */
function sendError(request: FastifyRequest, reply: FastifyReply, code: number, message: string) {
  switch (shapeOf(request)) {
    case 'patch':
      return reply.code(code).send({ result: message, status: code === 400 ? 400 : 500 });
    case 'coded':
      return reply.code(code).send({ error: message, code });
    case 'claim':
      return reply.code(code).send({ status: 'ERROR', error_description: message, order_ref: '' });
    case 'error':
      return reply.code(code).send({ error: message });
  }
}

const JSON_TYPE = 'application/json; charset=utf-8';

/** Whether a Content-Type is application/json, its parameters aside; media types are case-insensitive (RFC 9110). */
const isJsonType = (header: string | undefined) => header?.split(';')[0]?.trim().toLowerCase() === 'application/json';

/** The spec's GET and DELETE endpoints read their query only. */
const takesBody = (method: string) => method !== 'GET' && method !== 'DELETE';

/**
 * An empty body is no body, whatever its content type: the real service's documentation tells clients to send
 * `Content-Type: application/json` on every call, GET and DELETE included, and its PHP snippet sends a form type with
 * `Content-Length: 0`. Without the type, an empty request is not given to a body parser (which would refuse it).
 */
function ignoreEmptyBody(headers: FastifyRequest['headers']): void {
  const length = headers['content-length'];
  if (headers['transfer-encoding'] === undefined && (length === undefined || length.trim() === '0'))
    delete headers['content-type'];
}

function createServer(engine: Engine, options: ServerOptions): FastifyInstance {
  const limits: HttpLimits = { ...DEFAULT_HTTP_LIMITS, ...options.http };
  const bodyLimit = options.bodyLimit ?? 2 * 1024 * 1024;
  const app = Fastify({
    logger: false,
    bodyLimit,
    routerOptions: { ignoreTrailingSlash: true },
    ...fastifyLimits(limits),
  });
  applyHttpLimits(app.server, limits);
  // Every body is JSON (the spec's conventions): text/plain is a wrong Content-Type like any other, not a string body
  // the endpoint would then call "not a JSON object" (docs/decisions.md, "API and validation").
  app.removeContentTypeParser('text/plain');
  const throttle = createThrottle(options.throttle, options.now);
  const log = options.log ?? processLog;
  const keyFailures = createKeyFailures(options.keyFailures ?? KEY_FAILURE_LIMITS, options.now, (line) =>
    log.warn(line),
  );

  if (options.loopbackOnly) {
    app.addHook('onRequest', async (request, reply) => {
      const address = app.server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      if (!isLoopbackHost(request.headers.host, port)) return sendError(request, reply, 421, MSG.hostRefused);
      return undefined;
    });
  }

  app.setNotFoundHandler((request, reply) => sendError(request, reply, 404, MSG.routeNotFound));

  app.setErrorHandler((error: { code?: string; statusCode?: number }, request, reply) => {
    switch (error.code) {
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
        return refuseAndClose(request, reply, limits.drainCapBytes, () =>
          sendError(request, reply, 413, MSG.bodyTooLarge),
        );
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        return sendError(request, reply, 400, MSG.contentTypeJson);
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
        return sendError(request, reply, 400, MSG.bodyNotObject);
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
        return sendError(request, reply, 400, MSG.invalidJson);
      default:
        if (error.statusCode === 400) return sendError(request, reply, 400, MSG.invalidJson);
        if (error instanceof CreateInterrupted) {
          log.warn(`create interrupted: ${error.message}`);
          return sendError(request, reply, 503, MSG.createInterrupted);
        }
        // Disk full, read-only, locked: the write did not happen and may succeed later (docs/decisions.md).
        if (isStorageFailure(error) || (error instanceof CreateFailed && error.storage)) {
          const where = `${request.method} ${request.routeOptions.url ?? ''}`;
          log.warn(`storage failure on ${where}: ${String((error as Error).message)}`);
          return sendError(request, reply, 503, MSG.storageUnavailable);
        }
        // Never echo internals (they may hold request data); the message stays generic.
        log.warn(
          `internal error on ${request.method} ${request.routeOptions.url ?? ''}: ` +
            `${String((error as Error).stack ?? error)}`,
        );
        return sendError(request, reply, 500, MSG.internal);
    }
  });

  for (const [name, def] of Object.entries(ENDPOINTS) as [EndpointName, (typeof ENDPOINTS)[EndpointName]][]) {
    const handler = handlers[name] as Handler<EndpointName>;
    for (const spelling of resourceSpellings(def.resource)) {
      const url = `/:instance/${spelling}${'pathParam' in def ? `/:${def.pathParam}` : ''}`;
      app.route({
        method: def.method,
        url,
        config: { errorShape: 'errorShape' in def ? def.errorShape : 'error' },
        // Instance, key and rate limit are checked before the body is read, so a bad key never costs a parse.
        onRequest: async (request, reply) => {
          if (!takesBody(def.method)) ignoreEmptyBody(request.headers);
          const { instance } = request.params as { instance: string };
          if (instance !== options.instance) return sendError(request, reply, 404, MSG.instanceNotFound);
          // The socket's address, never a header: the pause must hold against a client that lies about itself.
          const address = request.socket.remoteAddress ?? '';
          if (keyFailures.blocked(address)) {
            return refuseAndClose(request, reply, bodyLimit, () =>
              reply.code(403).send({ status: false, error: MSG.rateLimited(KEY_FAILURES_LABEL) }),
            );
          }
          const header = request.headers['x-api-key'];
          const caller = engine.authenticate(Array.isArray(header) ? header[0] : header);
          if (!caller) {
            keyFailures.failed(address);
            return refuseAndClose(request, reply, bodyLimit, () =>
              reply.code(403).send({ status: false, error: MSG.invalidApiKey }),
            );
          }
          const full = throttle.take(caller.userId, def.limits);
          if (full) return reply.code(403).send({ status: false, error: MSG.rateLimited(BUCKET_LABEL[full]) });
          request.caller = caller;
          return undefined;
        },
        handler: async (request, reply) => {
          if ('jsonRequired' in def && def.jsonRequired && !isJsonType(request.headers['content-type'])) {
            return sendError(request, reply, 400, MSG.contentTypeJson);
          }
          if (nestedDeeperThan(request.body, MAX_JSON_DEPTH))
            return sendError(request, reply, 400, MSG.bodyTooDeep(MAX_JSON_DEPTH));
          const caller = request.caller;
          if (!caller) return reply.code(403).send({ status: false, error: MSG.invalidApiKey });
          if (name === 'createShipment' && options.creates) {
            const made = await options.creates(caller, request.body);
            return reply.code(made.code).type(JSON_TYPE).send(made.bytes);
          }
          const answer = await handler(engine, caller, request);
          if (options.flushBeforeAnswer && def.method !== 'GET') await engine.flush();
          return reply.code(answer.code).type(JSON_TYPE).send(answerBytes(answer));
        },
      });
    }
  }
  return app;
}

export interface RunningServer {
  /** `http://host:port/<instance>`: the spec's {base_url}. */
  baseUrl: string;
  port: number;
  /** Stops accepting, lets requests in flight finish, then resolves. */
  close(): Promise<void>;
}

/** Listens and returns the base URL; `close` drains like a clean SIGTERM (see `drainingClose`). */
export async function startServer(
  engine: Engine,
  options: ServerOptions & { host: string; port: number },
): Promise<RunningServer> {
  const app = createServer(engine, options);
  await app.listen({ host: options.host, port: options.port });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  const host = options.host.includes(':') ? `[${options.host}]` : options.host;
  return { baseUrl: `http://${host}:${port}/${options.instance}`, port, close: () => drainingClose(app) };
}

/**
 * Keep-alive connections that finish their request after close() began would otherwise hold the server until their
 * keep-alive timeout: drop each as soon as it is idle, and everything after a bounded drain.
 */
async function drainingClose(app: FastifyInstance): Promise<void> {
  const sweep = setInterval(() => app.server.closeIdleConnections(), 50);
  const deadline = setTimeout(() => app.server.closeAllConnections(), 15_000);
  try {
    await app.close();
  } finally {
    clearInterval(sweep);
    clearTimeout(deadline);
  }
}
