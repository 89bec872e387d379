// How long and how much an HTTP client may hold our servers (the service, the station's local API and the browser
// station): header, request, keep-alive and idle timeouts, a connection cap, and reading an oversized body to its end
// (up to a cap) so the client can read the 413 instead of meeting a closed socket mid-upload; how deep a JSON body may
// nest.
import type { IncomingMessage, Server, ServerOptions } from 'node:http';
import type { FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';

type FastifyHttpLimits = Pick<FastifyServerOptions, 'requestTimeout' | 'keepAliveTimeout' | 'connectionTimeout'> & {
  http: ServerOptions;
};

export interface HttpLimits {
  /** The request line and headers must arrive within this. */
  headersTimeoutMs: number;
  /** The whole request (headers and body) must arrive within this: a client sending a byte now and then is cut off. */
  requestTimeoutMs: number;
  /** An idle keep-alive connection is closed after this. */
  keepAliveTimeoutMs: number;
  /** A connection with no traffic at all is closed after this. */
  idleTimeoutMs: number;
  /** Connections beyond this are refused (closed at once). */
  maxConnections: number;
  /** An oversized body is read and thrown away up to this many bytes before the 413; beyond it the socket is closed. */
  drainCapBytes: number;
}

export const DEFAULT_HTTP_LIMITS: HttpLimits = {
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  keepAliveTimeoutMs: 5_000,
  idleTimeoutMs: 30_000,
  maxConnections: 256,
  drainCapBytes: 64 * 1024 * 1024,
};

/**
 * Levels of objects and arrays a request body may nest. A shipment with its order lines nests three (the body,
 * `dettagli_ordine`, a line), a line's fields of a shop's own a few more. A body of 2,000 levels overflowed the stack
 * of the structured clone that hands a create to the writer thread, and 5,000 that of JSON.stringify where order lines
 * are kept as sent: a 500, before this limit.
 */
export const MAX_JSON_DEPTH = 32;

/** Whether a parsed JSON value nests objects and arrays deeper than `max` levels (`{}` is one), without recursion. */
export function nestedDeeperThan(value: unknown, max: number): boolean {
  const stack: { value: unknown; depth: number }[] = [{ value, depth: 1 }];
  for (let next = stack.pop(); next; next = stack.pop()) {
    if (typeof next.value !== 'object' || next.value === null) continue;
    if (next.depth > max) return true;
    for (const child of Object.values(next.value)) stack.push({ value: child, depth: next.depth + 1 });
  }
  return false;
}

/**
 * Options for node:http's createServer: Node checks request and header timeouts every `connectionsCheckingInterval`.
 */
function httpServerOptions(limits: HttpLimits): ServerOptions {
  return {
    headersTimeout: limits.headersTimeoutMs,
    requestTimeout: limits.requestTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    connectionsCheckingInterval: Math.max(50, Math.min(1_000, Math.floor(limits.headersTimeoutMs / 4))),
  };
}

/** What cannot be given to createServer: the idle timeout and the connection cap. */
export function applyHttpLimits(server: Server, limits: HttpLimits): void {
  server.setTimeout(limits.idleTimeoutMs);
  server.maxConnections = limits.maxConnections;
}

/**
 * Reads what is left of a request body and throws it away. Resolves true once the body has ended (the answer can be
 * read by the client), false when more than `capBytes` came or the request broke (the caller closes the connection).
 */
function drainRequest(request: IncomingMessage, capBytes: number): Promise<boolean> {
  if (request.complete) return Promise.resolve(true);
  return new Promise((done) => {
    let received = 0;
    const finish = (whole: boolean) => {
      request.off('data', onData);
      request.off('end', onEnd);
      request.off('error', onError);
      request.off('close', onError);
      if (!whole) request.pause();
      done(whole);
    };
    const onData = (chunk: Buffer) => {
      received += chunk.length;
      if (received > capBytes) finish(false);
    };
    const onEnd = () => finish(true);
    const onError = () => finish(request.complete);
    request.on('data', onData);
    request.once('end', onEnd);
    request.once('error', onError);
    request.once('close', onError);
    request.resume();
  });
}

/** The same limits as fastify's options (both servers on fastify use them; applyHttpLimits does the rest). */
export function fastifyLimits(limits: HttpLimits): FastifyHttpLimits {
  return {
    http: httpServerOptions(limits),
    requestTimeout: limits.requestTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    connectionTimeout: limits.idleTimeoutMs,
  };
}

/**
 * A refusal sent before the body was read (wrong key or token, paused address, body too large): the rest of the body
 * is read and thrown away first, up to `capBytes`, so a client still uploading reads the answer instead of a reset;
 * then the connection is closed (nothing more is wanted from this client). Beyond the cap the socket is closed after
 * the answer.
 */
export async function refuseAndClose(
  request: FastifyRequest,
  reply: FastifyReply,
  capBytes: number,
  send: () => unknown,
): Promise<FastifyReply> {
  const declared = Number(request.headers['content-length']);
  const whole = declared > capBytes ? false : await drainRequest(request.raw, capBytes);
  reply.header('connection', 'close');
  if (!whole) reply.raw.once('finish', () => request.raw.socket.destroySoon());
  send();
  return reply;
}
