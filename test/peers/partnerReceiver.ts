// A shop system's webhook receiver, as the partner-order tests need it (issue 13): a real HTTP server on loopback
// that checks every delivery's signature with its own HMAC code (not ours: x-shipping-signature "t=<s>,v1=<hex>"
// over "<t>.<raw body>", compared in constant time, at most five minutes old), and can misbehave on demand: answer
// an error status for a number of deliveries or a while, answer slowly, or be gone (its port closed) and come back
// on the same port. It keeps every request it saw, and the events it accepted.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedDelivery {
  eventId: string;
  type: string;
  /** The parsed body (undefined when it was not JSON). */
  event: Record<string, unknown> | undefined;
  raw: string;
  verified: boolean;
  /** The status this receiver answered. */
  answered: number;
  at: number;
}

export interface PartnerReceiverOptions {
  secret: string;
  path?: string;
}

export interface PartnerReceiver {
  url: string;
  port: number;
  /** Every delivery that reached the server, in arrival order. */
  deliveries(): ReceivedDelivery[];
  /** The deliveries answered 2xx, in arrival order. */
  accepted(): ReceivedDelivery[];
  /** The next `count` deliveries are answered `status` (default 503). */
  failNext(count: number, status?: number): void;
  /** Each delivery whose index (from 0, in arrival order) `pick` chooses is answered `status`. */
  failWhen(pick: (index: number) => boolean, status?: number): void;
  /** Every answer waits this long first. */
  slow(ms: number): void;
  /** The port closes: deliveries find nobody. */
  goAway(): Promise<void>;
  /** Listening again, on the same port. */
  comeBack(): Promise<void>;
  waitForAccepted(count: number, timeoutMs: number): Promise<ReceivedDelivery[]>;
  close(): Promise<void>;
}

const MAX_AGE_S = 300;

function verify(secret: string, header: string | undefined, raw: string): boolean {
  const parts = Object.fromEntries((header ?? '').split(',').map((p) => p.split('=', 2) as [string, string]));
  const t = Number(parts.t);
  const v1 = parts.v1 ?? '';
  if (!Number.isInteger(t) || Math.abs(Date.now() / 1000 - t) > MAX_AGE_S || !/^[0-9a-f]{64}$/.test(v1)) return false;
  const expected = createHmac('sha256', secret).update(`${t}.${raw}`).digest();
  return timingSafeEqual(expected, Buffer.from(v1, 'hex'));
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startPartnerReceiver(options: PartnerReceiverOptions): Promise<PartnerReceiver> {
  const path = options.path ?? '/webhooks/spedizioni';
  const seen: ReceivedDelivery[] = [];
  let failLeft = 0;
  let failStatus = 503;
  let failPick: ((index: number) => boolean) | undefined;
  let pickStatus = 503;
  let delayMs = 0;
  let server: Server;
  let port = 0;

  const handler = async (req: IncomingMessage, res: import('node:http').ServerResponse) => {
    const raw = await readBody(req);
    const index = seen.length;
    let event: Record<string, unknown> | undefined;
    try {
      event = JSON.parse(raw) as Record<string, unknown>;
    } catch {
      event = undefined;
    }
    const verified =
      req.method === 'POST' &&
      req.url === path &&
      verify(options.secret, req.headers['x-shipping-signature'] as string, raw);
    let answered = verified ? 200 : 401;
    if (verified && failLeft > 0) {
      failLeft -= 1;
      answered = failStatus;
    } else if (verified && failPick?.(index)) answered = pickStatus;
    const record: ReceivedDelivery = {
      eventId: String(req.headers['x-shipping-event-id'] ?? ''),
      type: String(req.headers['x-shipping-event-type'] ?? ''),
      event,
      raw,
      verified,
      answered,
      at: Date.now(),
    };
    seen.push(record);
    if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
    res.writeHead(answered, { 'content-type': 'text/plain; charset=utf-8' });
    res.end(
      answered === 200 ? 'ok' : answered === 401 ? 'firma non valida' : 'servizio momentaneamente non disponibile',
    );
  };

  const listen = async (on: number) => {
    server = createServer((req, res) => void handler(req, res));
    server.keepAliveTimeout = 1_000;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(on, '127.0.0.1', () => resolve());
    });
    port = (server.address() as AddressInfo).port;
  };
  const shut = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });

  await listen(0);
  const accepted = () => seen.filter((d) => d.answered >= 200 && d.answered < 300);
  return {
    url: `http://127.0.0.1:${port}${path}`,
    port,
    deliveries: () => [...seen],
    accepted,
    failNext(count, status = 503) {
      failLeft = count;
      failStatus = status;
    },
    failWhen(pick, status = 503) {
      failPick = pick;
      pickStatus = status;
    },
    slow(ms) {
      delayMs = ms;
    },
    goAway: shut,
    comeBack: () => listen(port),
    async waitForAccepted(count, timeoutMs) {
      const end = Date.now() + timeoutMs;
      while (accepted().length < count) {
        if (Date.now() > end)
          throw new Error(`receiver accepted ${accepted().length} of ${count} events in ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      return accepted();
    },
    close: shut,
  };
}
