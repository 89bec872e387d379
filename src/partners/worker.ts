// The partner worker: delivers the tracking events of partner orders to each client's endpoint, signed
// (signature.ts), a few at a time but never two of the same shipment at once (the engine hands out only the first
// undelivered event of each shipment, so they arrive in order). Any 2xx is delivered; anything else (an error
// status, a redirect, no answer in time) is tried again with exponential backoff, for days, then given up and shown
// on the bench for "send again". Every attempt is logged with the receiver's status and the start of its answer.
import { Agent, request } from 'undici';
import type { PartnerDelivery, PartnerPort } from '../engine/index';
import { PARTNER_HEADERS } from '../shared/domain/partnerEndpoint';
import { partnerSignature } from './signature';
import { realClock, type Clock } from '../shared/clock';
import { startWorkLoop } from '../shared/workLoop';
import { doublingDelay } from '../shared/backoff';
import { silentLog, type Log } from '../shared/log';
import { errorMessage } from '../shared/errorMessage';

export interface PartnerWorkerOptions {
  port: PartnerPort;
  /** After a failed attempt: the first wait, doubling per attempt up to the longest. */
  backoff?: { baseMs: number; maxMs: number };
  /** How long an event keeps being tried before it is given up (at least a day; default three days). */
  giveUpAfterMs?: number;
  /** How long one attempt may take, answer included. */
  timeoutMs?: number;
  /** Events of different shipments sent at once. */
  concurrency?: number;
  pollMs?: number;
  /** The loop's time and timers, and the signature's time (the real clock by default). */
  clock?: Clock;
  /** The due times' clock, when it is not `clock`'s. */
  now?: () => number;
  /** One line per attempt: the event, the endpoint's address without its query, the status; never the secret. */
  /** The delivery log: a line per attempt and its outcome (info). */
  log?: Log;
}

export interface PartnerWorker {
  kick(): void;
  /** Resolves when nothing is due now (for tests and a clean stop); rejects after `timeoutMs`. */
  idle(timeoutMs: number): Promise<void>;
  stop(): Promise<void>;
}

export const WEBHOOK_DEFAULTS = {
  backoff: { baseMs: 30_000, maxMs: 2 * 60 * 60_000 },
  giveUpAfterMs: 3 * 24 * 60 * 60_000,
  timeoutMs: 10_000,
  concurrency: 4,
} as const;

const ANSWER_CHARS = 300;
const USER_AGENT = 'stazione-spedizioni-webhooks/1';

/** Where an endpoint is, for a log line: no query (it may carry a token), no user info. */
function shown(url: string): string {
  try {
    const u = new URL(url);
    return `${u.origin}${u.pathname}`;
  } catch {
    return '(indirizzo non valido)';
  }
}

async function answerStart(body: AsyncIterable<Buffer>): Promise<string> {
  let text = '';
  for await (const chunk of body) {
    if (text.length < ANSWER_CHARS) text += chunk.toString('utf8');
    if (text.length >= ANSWER_CHARS) break;
  }
  return text.slice(0, ANSWER_CHARS).replace(/\s+/g, ' ').trim();
}

export function startPartnerWorker(options: PartnerWorkerOptions): PartnerWorker {
  const { port } = options;
  const clock = options.clock ?? realClock;
  const now = options.now ?? (() => clock.now());
  const backoff = options.backoff ?? WEBHOOK_DEFAULTS.backoff;
  const giveUpAfterMs = options.giveUpAfterMs ?? WEBHOOK_DEFAULTS.giveUpAfterMs;
  const timeoutMs = options.timeoutMs ?? WEBHOOK_DEFAULTS.timeoutMs;
  const concurrency = options.concurrency ?? WEBHOOK_DEFAULTS.concurrency;
  const log = (line: string) => (options.log ?? silentLog).info(line);
  const agent = new Agent({ connect: { timeout: timeoutMs }, headersTimeout: timeoutMs, bodyTimeout: timeoutMs });

  const retryDelay = (attempts: number) => doublingDelay(backoff, attempts);

  async function deliver(item: PartnerDelivery): Promise<void> {
    const endpoint = port.endpoint(item.clientId);
    const what = `partner ${item.eventId} ${item.type} cliente ${item.clientId}`;
    if (!endpoint) {
      const reason = `Nessun endpoint partner per il cliente ${item.clientId}`;
      port.failed(item.id, reason);
      log(`${what}: non inviato: ${reason}`);
      return;
    }
    const started = now();
    let status = 0;
    let answer: string;
    try {
      const res = await request(endpoint.url, {
        method: 'POST',
        dispatcher: agent,
        headers: {
          'content-type': 'application/json',
          'user-agent': USER_AGENT,
          [PARTNER_HEADERS.eventId]: item.eventId,
          [PARTNER_HEADERS.eventType]: item.type,
          [PARTNER_HEADERS.signature]: partnerSignature(endpoint.secret, item.body, Math.floor(clock.now() / 1000)),
        },
        body: item.body,
        signal: AbortSignal.timeout(timeoutMs),
      });
      status = res.statusCode;
      answer = await answerStart(res.body);
    } catch (error) {
      answer = `Nessuna risposta: ${errorMessage(error)}`.slice(0, ANSWER_CHARS);
    }
    const at = now();
    port.attempted(item.id, { at, status, duration_ms: Math.max(0, at - started), answer });
    const where = shown(endpoint.url);
    if (status >= 200 && status < 300) {
      port.delivered(item.id);
      log(`${what} → ${where}: ${status} in ${at - started} ms, consegnato`);
      return;
    }
    const error = status ? `HTTP ${status}${answer ? `: ${answer}` : ''}` : answer;
    if (at - item.createdAt >= giveUpAfterMs) {
      port.failed(item.id, error);
      log(`${what} → ${where}: ${error}; abbandonato dopo ${item.attempts + 1} tentativi`);
      return;
    }
    const delay = retryDelay(item.attempts + 1);
    port.retryLater(item.id, at + delay, error);
    const wait = delay < 1_000 ? `${delay} ms` : `${Math.round(delay / 1000)} s`;
    log(`${what} → ${where}: ${error}; nuovo tentativo tra ${wait}`);
  }

  const loop = startWorkLoop({
    async runDue() {
      const batch = port.due(now(), concurrency);
      await Promise.all(batch.map((item) => deliver(item)));
      return batch.length;
    },
    hasDue: () => port.due(now(), 1).length > 0,
    nextDueAt: () => port.nextDueAt(),
    clock,
    now,
    pollMs: options.pollMs ?? 5_000,
    onError: (error) => log(`partner: ${errorMessage(error)}`),
  });

  return {
    kick: () => loop.kick(),
    idle: (timeoutMs) => loop.idle(timeoutMs, 'partner events'),
    async stop() {
      await loop.stop();
      await agent.close();
    },
  };
}
