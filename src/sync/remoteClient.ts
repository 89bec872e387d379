// The remote service over undici: one bounded keep-alive pool, each request built from the shared endpoint table and
// paced by the rate limiter, each answer a classified RemoteOutcome (never a throw, never the API key in a message).
import { Pool } from 'undici';
import { z } from 'zod';
import { ENDPOINTS, type EndpointDef } from '../shared/api/endpoints';
import { createRateLimiter, type RateLimiter } from './rateLimiter';
import { classifyAnswer, classifyError } from './remoteOutcome';
import { REAL_LIMITS, type RateLimits, type RemoteClient, type RemoteOutcome } from './types';
import { TolerantShipmentRecordSchema } from '../shared/api/shipmentRecord';
import { MSG } from '../shared/api/messages';
import { readTrackingAnswer } from './remoteTracking';
import { readPickupAnswer } from './remotePickup';
import { queueCalls, readRefusal } from './remoteQueueCalls';
import type { Call } from './remoteCall';

export interface RemoteClientOptions {
  /** The spec's {base_url}: scheme, host, port and the instance segment, e.g. `https://remote.example/acme`. */
  baseUrl: string;
  apiKey: string;
  /**
   * Bounds connecting, waiting for the answer's head, and each silence within its body; a whole call ends at 2x + 1
   * s.
   */
  timeoutMs?: number;
  /**
   * Budgets for a limiter of this client's own; ignored when `limiter` is given (one shared by every client of a
   * key).
   */
  limits?: RateLimits | false;
  limiter?: RateLimiter;
  /** Connections kept open to the remote. */
  connections?: number;
  /** An answer longer than this is cut off and counts as a failed call (see MAX_ANSWER_BYTES). */
  maxAnswerBytes?: number;
}

const DEFAULT_TIMEOUT_MS = 15_000;

/**
 * The longest answer read from the remote. The largest real one is a record with its labels in three formats: about
 * 200 kB a parcel (base64 PDF and JPG, ZPL), so 32 MiB holds a shipment of 150 parcels; anything longer is not an
 * answer we can use, and reading it whole would let a broken or hostile remote fill the station's memory.
 */
const MAX_ANSWER_BYTES = 32 * 1024 * 1024;

type AnswerBody = AsyncIterable<Buffer> & { destroy(error?: Error): unknown };

/** The body as text, or a throw (classified as a possibly received call) once it passes `capBytes`. */
async function readCapped(
  body: AnswerBody,
  declaredLength: string | string[] | undefined,
  capBytes: number,
): Promise<string> {
  const tooLarge = () =>
    Object.assign(new Error(`answer longer than ${capBytes} bytes`), { code: 'REMOTE_ANSWER_TOO_LARGE' });
  if (Number(declaredLength) > capBytes) {
    body.destroy();
    throw tooLarge();
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += chunk.length;
    if (size > capBytes) {
      body.destroy();
      throw tooLarge();
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks, size).toString('utf8');
}

export function createRemoteClient(options: RemoteClientOptions): RemoteClient {
  const url = new URL(options.baseUrl);
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new Error(`remote base URL must be http or https, got ${url.protocol}`);
  const basePath = url.pathname.replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const maxAnswerBytes = options.maxAnswerBytes ?? MAX_ANSWER_BYTES;
  // Backstop for an answer that trickles in; undici's own phase timeouts tick at about 1 s, so they report first.
  const deadlineMs = 2 * timeoutMs + 1_000;
  const limiter = options.limiter ?? createRateLimiter(options.limits ?? REAL_LIMITS);
  const { apiKey } = options;
  const pool = new Pool(url.origin, {
    connections: options.connections ?? 4,
    // Shorter than common server idle timeouts (Node's is 5 s), so we rarely write onto a socket the server is closing.
    keepAliveTimeout: 4_000,
    connect: { timeout: timeoutMs },
    headersTimeout: timeoutMs,
    bodyTimeout: timeoutMs,
  });
  let closing: Promise<void> | undefined;

  // The remote may echo what it was sent; the key must not reach a log or the operator's screen through us.
  const redact = <T>(outcome: RemoteOutcome<T>): RemoteOutcome<T> =>
    outcome.kind === 'ok' || apiKey === '' || !outcome.error.includes(apiKey)
      ? outcome
      : { ...outcome, error: outcome.error.split(apiKey).join('***') };

  const pathOf = (def: EndpointDef, call: Call<EndpointDef>): string => {
    let path = `${basePath}/${def.resource}`;
    if (def.pathParam !== undefined) path += `/${encodeURIComponent(String(call.pathValue ?? ''))}`;
    const values: Partial<Record<string, string | number>> = call.query ?? {};
    const query = new URLSearchParams();
    for (const key of def.query ?? []) {
      const value = values[key];
      if (value !== undefined) query.set(key, String(value));
    }
    for (const [key, value] of call.pairs ?? []) query.append(key, String(value));
    const search = query.toString();
    return search === '' ? path : `${path}?${search}`;
  };

  /**
   * One call of one endpoint of the table; `T` is what its 200 schema parses to, or what `reader` (a more liberal
   * reading of the same body) gives.
   */
  async function send<D extends EndpointDef, T>(
    def: D & { responses: { 200: z.ZodType<T> } },
    call: Call<D>,
    reader: z.ZodType<T> = def.responses[200],
    unreadable?: string,
  ): Promise<RemoteOutcome<T>> {
    const closed: RemoteOutcome<never> = { kind: 'unknown', sent: false, error: 'remote client is closed' };
    if (closing) return closed;
    const slot = await limiter.acquire(def.limits);
    if (closing) {
      slot.settle();
      return closed;
    }
    const headers: Record<string, string> = { 'x-api-key': apiKey, accept: 'application/json' };
    if (call.body !== undefined) headers['content-type'] = 'application/json';
    const deadline = new AbortController();
    const timer = setTimeout(() => {
      deadline.abort(
        Object.assign(new Error(`no complete answer within ${deadlineMs} ms`), { code: 'REMOTE_DEADLINE' }),
      );
    }, deadlineMs);
    try {
      const response = await pool.request({
        method: def.method,
        path: pathOf(def, call),
        headers,
        body: call.body === undefined ? undefined : JSON.stringify(call.body),
        signal: deadline.signal,
        headersTimeout: timeoutMs,
        bodyTimeout: timeoutMs,
      });
      const text = await readCapped(response.body, response.headers['content-length'], maxAnswerBytes);
      const status = response.statusCode;
      if (call.refusal && status >= 400 && status < 500 && status !== 403) {
        const read = readRefusal(text, (body) => call.refusal?.(status, body));
        if (read !== undefined) return { kind: 'ok', status, body: read as T };
      }
      return redact(classifyAnswer(status, text, reader, unreadable));
    } catch (error) {
      return redact(classifyError(error));
    } finally {
      clearTimeout(timer);
      slot.settle();
    }
  }

  return {
    // Records are read liberally: the real aggregator's types differ from the contract's (aggregator-facts.md).
    createShipment: (body) => send(ENDPOINTS.createShipment, { body }, TolerantShipmentRecordSchema),
    getShipment: (id) => send(ENDPOINTS.getShipment, { query: { id } }, TolerantShipmentRecordSchema),
    getShipmentByDdtAlpha: (ddtAlpha, clientId) =>
      send(
        ENDPOINTS.getShipmentByDdtalpha,
        { query: { ddt_alpha: ddtAlpha, client_id: clientId } },
        TolerantShipmentRecordSchema,
      ),
    amendShipment: (id, fields) => send(ENDPOINTS.amendShipment, { pathValue: id, body: fields }),
    deleteShipment: (id) => send(ENDPOINTS.deleteShipment, { query: { id } }),
    confirmByIds: (ids, createManifest) =>
      send(ENDPOINTS.confirmById, { body: { id: ids, create_manifest: createManifest ? 'Y' : 'N' } }),
    // Read as any JSON here and then record by record (remoteTracking.ts), so one odd field never hides a state.
    tracking: async (remoteId, numSpedizione) =>
      readTrackingAnswer(
        await send(ENDPOINTS.tracking, { query: { id: remoteId } }, z.unknown(), MSG.trackingUnreadable),
        { remoteId, numSpedizione },
      ),
    // Read as any JSON and then field by field (remotePickup.ts): a 200 may be a "not booked" with its reason.
    bookPickup: async (body) =>
      readPickupAnswer(
        await send(ENDPOINTS.bookPickup, { body }, z.unknown(), MSG.pickupUnreadable),
        MSG.pickupUnreadable,
      ),
    pickup: async (remoteId) =>
      readPickupAnswer(
        await send(ENDPOINTS.getPickup, { query: { id: remoteId } }, z.unknown(), MSG.pickupUnreadable),
        MSG.pickupUnreadable,
      ),
    queue: queueCalls(send),
    close() {
      closing ??= pool.close();
      return closing;
    },
  };
}
