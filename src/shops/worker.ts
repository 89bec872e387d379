// The shop worker: reads each connected shop's orders into the bench (every `pollEveryMs`, from where the last read
// ended, each shop apart from the others) and sends the fulfilments the bench owes (a waybill's tracking; a deleted
// shipment's withdrawal), one shop order's in turn and each shop in its own lane (sender.ts), through each platform's
// client (registry.ts). A fulfilment whose answer was lost is found again by its tracking number before it is sent
// again (each client reads the order's state first). The parcel's states after a fulfilment (events on Shopify, notes
// on WooCommerce) go the same way, each found again by its client before a resend. Failures wait with exponential
// backoff; what the shop refuses, or what is still failing after days, is given up and shown in the shop's log for
// "invia di nuovo". The shop being unreachable never stops the bench: only this worker waits.
import type { OrdersTaken, ShopConnectionRow, ShopFulfilmentDue, ShopOrderIn, ShopPort } from '../engine/index';
import type { ShopError } from '../shared/api/shopFailures';
import { withoutControls } from '../shared/domain/orderText';
import { realClock, type Clock } from '../shared/clock';
import { startLoop } from '../shared/workLoop';
import { startSender } from './sender';
import { later, type ShopClient } from './client';
import { clientFor } from './registry';
import { capped, describe, MISSING_SECRET, MISSING_SECRET_ERROR } from './types';
import { shopError } from './refusal';
import { eventSender } from './events';
import { SHOP_HTTP } from './http';
import { doublingDelay } from '../shared/backoff';
import { silentLog, type Log } from '../shared/log';
import { errorMessage } from '../shared/errorMessage';

export interface ShopWorkerOptions {
  port: ShopPort;
  /** The connection's secret as kept in the key store; undefined when it was never kept or is gone. */
  secret(connection: ShopConnectionRow): string | undefined;
  /** The shop's own words for cash on delivery (the station's order settings). */
  codWords?: () => readonly string[];
  pollEveryMs?: number;
  backoff?: { baseMs: number; maxMs: number };
  giveUpAfterMs?: number;
  /** Pages of orders read in one poll of one shop, at most (the rest comes at the next poll). */
  maxPages?: number;
  /** A shop request's total deadline (headers and body); SHOP_HTTP's by default. */
  timeoutMs?: number;
  /** The throttle's waits (tests shorten them). */
  sleep?: (ms: number) => Promise<void>;
  clock?: Clock;
  /** The delivery log: a line per attempt and its outcome (info). */
  log?: Log;
  /** After a read that added, corrected or removed waiting orders (the screens show them at once). */
  onOrders?: () => void;
}

export interface ShopWorker {
  kick(): void;
  /** Reads every shop's new orders now; resolves when done. */
  pollNow(): Promise<void>;
  idle(timeoutMs: number): Promise<void>;
  stop(): Promise<void>;
}

export const SHOP_DEFAULTS = {
  pollEveryMs: 60_000,
  backoff: { baseMs: 30_000, maxMs: 30 * 60_000 },
  giveUpAfterMs: 3 * 24 * 60 * 60_000,
  maxPages: 40,
} as const;

/**
 * What the shop sent that the bench could not take, kept as the connection's last note so Settings shows it: the
 * first few orders by reference with the first reason each ('' when every order was taken); its code's detail names
 * them by reference only, the reasons being the bench's Italian.
 */
function refusedNote(refused: OrdersTaken['invalid']): ShopError | '' {
  if (refused.length === 0) return '';
  const named = refused.slice(0, 5).map(({ orderRef, errors }) => {
    const [field, issue] = Object.entries(errors)[0] ?? [];
    const message = (issue as { message?: unknown } | undefined)?.message;
    return `${orderRef} (${field ?? ''}${typeof message === 'string' ? `: ${message}` : ''})`;
  });
  const more = refused.length > 5 ? ` e altri ${refused.length - 5}` : '';
  const text = `Ordini da correggere nel negozio: ${named.join('; ')}${more}`;
  const refs = refused.slice(0, 5).map(({ orderRef }) => orderRef);
  return { text, code: 'shopOrdersToFix', detail: `${refs.join(', ')}${refused.length > 5 ? ', …' : ''}` };
}

/** A shop's order by the order files' rules: the same characters stripped from every text it carries. */
function withoutControlsIn(order: ShopOrderIn): ShopOrderIn {
  const { draft } = order;
  if (!draft) return order;
  const values = Object.fromEntries(Object.entries(draft.values).map(([k, v]) => [k, withoutControls(v)]));
  const lines = draft.lines.map((line) => ({
    ...line,
    description: withoutControls(line.description),
    ...(line.sku === undefined ? {} : { sku: withoutControls(line.sku) }),
  }));
  return { ...order, draft: { ...draft, orderRef: withoutControls(draft.orderRef), values, lines } };
}

/**
 * A connection kept by an older bench may lack what the bench asks today (a scope, the customers' data), or the owner
 * took it away since: its access is checked before its first read of a run, and before every read while it lacks
 * something (granted in the shop's admin, the note goes at the next read). What it lacks is the connection's note
 * while its reads go on as far as they can.
 */
function accessChecker() {
  /** The clients whose access was found whole in this run (a new secret or address makes a new client). */
  const whole = new WeakSet<ShopClient>();
  return async (client: ShopClient): Promise<ShopError | ''> => {
    if (whole.has(client)) return '';
    const answer = await client.check();
    if (answer.ok) whole.add(client);
    // Unanswered: asked again before the next read, which will say why itself.
    return answer.ok || answer.failure.kind !== 'unauthorized' ? '' : shopError(answer.failure, 'read');
  };
}

/** A shop's read whose failure (a busy database while its orders are kept) is said and never stops the others'. */
function apart(port: ShopPort, log: (line: string) => void, read: (connection: ShopConnectionRow) => Promise<void>) {
  return async (connection: ShopConnectionRow): Promise<void> => {
    try {
      await read(connection);
    } catch (error) {
      log(`negozio ${connection.address}: ordini non letti: ${capped(errorMessage(error))}`);
      try {
        port.polled(connection.id, capped(`Ordini non letti: ${errorMessage(error)}`));
      } catch {
        // The database itself is failing: the next read says so again.
      }
    }
  };
}

/** Each shop's reads in turn, apart from every other shop's: a slow shop never delays another's read. */
function shopReads(all: () => ShopConnectionRow[], readShop: (connection: ShopConnectionRow) => Promise<void>) {
  const reads = new Map<number, Promise<void>>();
  return {
    /** A read of every shop: after the one in flight (`queue`), or skipping a shop still being read (the timer's). */
    pollAll(queue: boolean): Promise<void> {
      const started = all().map((connection) => {
        const inFlight = reads.get(connection.id);
        if (inFlight && !queue) return inFlight;
        const read = (inFlight ?? Promise.resolve()).then(() => readShop(connection));
        reads.set(connection.id, read);
        void read.finally(() => {
          if (reads.get(connection.id) === read) reads.delete(connection.id);
        });
        return read;
      });
      return Promise.all(started).then(() => undefined);
    },
    inFlight: () => Promise.all([...reads.values()]).then(() => undefined),
  };
}

export function startShopWorker(options: ShopWorkerOptions): ShopWorker {
  const { port } = options;
  const clock = options.clock ?? realClock;
  const log = (line: string) => (options.log ?? silentLog).info(line);
  const backoff = options.backoff ?? SHOP_DEFAULTS.backoff;
  const giveUpAfterMs = options.giveUpAfterMs ?? SHOP_DEFAULTS.giveUpAfterMs;
  const clients = new Map<number, { secret: string; address: string; client: ShopClient }>();
  const closing = new AbortController();

  const clientOf = (connection: ShopConnectionRow): ShopClient | undefined => {
    const secret = options.secret(connection);
    if (!secret) return undefined;
    const kept = clients.get(connection.id);
    if (kept && kept.secret === secret && kept.address === connection.address) return kept.client;
    void kept?.client.close();
    const client = clientFor(connection, secret, {
      signal: closing.signal,
      ...(options.sleep ? { sleep: options.sleep } : {}),
      ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
    });
    clients.set(connection.id, { secret, address: connection.address, client });
    return client;
  };

  const accessNote = accessChecker();

  async function pollShop(connection: ShopConnectionRow): Promise<void> {
    const client = clientOf(connection);
    if (!client) return port.polled(connection.id, MISSING_SECRET_ERROR);
    const access = await accessNote(client);
    let watermark = connection.watermark;
    let cursor: string | null = null;
    const read = { clientId: connection.client_id, codWords: options.codWords?.() ?? [] };
    const refused: OrdersTaken['invalid'] = [];
    for (let page = 0; page < (options.maxPages ?? SHOP_DEFAULTS.maxPages); page += 1) {
      // Read from where the last complete read ended; each page moves it on once its orders are kept.
      const answer = await client.orders(connection.watermark, cursor, read);
      if (!answer.ok) {
        // A read the close cut short is no news of the shop: the last one Settings shows stays.
        if (closing.signal.aborted) return;
        port.polled(connection.id, shopError(answer.failure, 'read'), watermark);
        log(`negozio ${connection.address}: ordini non letti: ${describe(answer.failure)}`);
        return;
      }
      const result = port.take(connection.id, answer.data.taken.map(withoutControlsIn));
      watermark = later(watermark, answer.data.latest);
      refused.push(...result.invalid);
      port.polled(connection.id, refusedNote(refused) || access, watermark);
      if (result.added + result.updated + result.removed > 0) options.onOrders?.();
      if (result.added + result.updated + result.removed > 0 || result.invalid.length > 0)
        log(
          `negozio ${connection.address}: ${result.added} ordini nuovi, ${result.updated} corretti, ` +
            `${result.removed} tolti, ${result.invalid.length} da correggere nel negozio`,
        );
      if (answer.data.next === null) return;
      cursor = answer.data.next;
    }
  }

  const retryDelay = (attempts: number) => doublingDelay(backoff, attempts);

  async function send(item: ShopFulfilmentDue): Promise<void> {
    const action = item.kind === 'fulfil' ? 'evasione' : 'annullamento';
    const what = `negozio ${item.connection.address} ordine ${item.orderRef} (${action} ${item.body.number})`;
    const client = clientOf(item.connection);
    if (!client) {
      port.failed(item.id, MISSING_SECRET_ERROR);
      log(`${what}: non inviato: ${MISSING_SECRET}`);
      return;
    }
    const started = clock.now();
    let outcome: Awaited<ReturnType<ShopClient['deliver']>>;
    try {
      outcome = await client.deliver(item);
    } catch (error) {
      // An answer the client could not read (HTML where JSON was due): an attempt like any failed one, with backoff,
      // never a pass that throws and is run again at once.
      const message = capped(`Risposta non leggibile: ${errorMessage(error)}`);
      outcome = { kind: 'http', status: 0, message, reason: 'unreadable' };
    }
    const at = clock.now();
    const status = 'ok' in outcome ? 200 : outcome.status;
    const answer = 'ok' in outcome ? `ok ${outcome.id}`.trim() : describe(outcome).slice(0, 300);
    port.attempted(item.id, { at, status, duration_ms: Math.max(0, at - started), answer });
    if ('ok' in outcome) {
      port.sent(item.id, outcome.id);
      log(`${what}: inviato (${outcome.id || 'nulla da annullare'})`);
      return;
    }
    if (outcome.kind === 'refused' || at - item.createdAt >= giveUpAfterMs) {
      port.failed(item.id, shopError(outcome, 'send'));
      log(`${what}: ${describe(outcome)}; da inviare di nuovo dal registro del negozio`);
      return;
    }
    // Never sooner than the shop asked (a 429's Retry-After).
    // Cut short by the close: due again at once at the next start, not after a backoff the shop never asked for.
    const delay = closing.signal.aborted ? 0 : Math.max(retryDelay(item.attempts + 1), outcome.retryAfterMs ?? 0);
    port.retryLater(item.id, at + delay, shopError(outcome, 'send'));
    log(`${what}: ${describe(outcome)}; nuovo tentativo tra ${Math.round(delay / 1000)} s`);
  }

  const tell = eventSender({ port, clock, log, clientOf, retryDelay, giveUpAfterMs });

  const sender = startSender(port, clock, log, { send, tell });

  const reads = shopReads(() => port.all(), apart(port, log, pollShop));
  const poller = startLoop({
    clock,
    async pass() {
      // Started, not awaited: the next pass comes at its time for every shop whose read has ended.
      void reads.pollAll(false);
      return options.pollEveryMs ?? SHOP_DEFAULTS.pollEveryMs;
    },
    onError(error, failures) {
      log(`negozi: ordini non letti: ${errorMessage(error)}`);
      return Math.min(300_000, 5_000 * 2 ** Math.min(failures, 6));
    },
  });

  return {
    kick: () => sender.kick(),
    pollNow: () => reads.pollAll(true),
    idle: (timeoutMs) => sender.idle(timeoutMs, 'shop fulfilments'),
    async stop() {
      await poller.stop();
      // A moment for the attempts in hand to be answered; then every request still in flight ends (one cut short is
      // tried again after the restart, found first by its tracking number).
      const cut = setTimeout(() => closing.abort(), SHOP_HTTP.closeGraceMs);
      await reads.inFlight();
      await sender.stop();
      clearTimeout(cut);
      closing.abort();
      await Promise.all([...clients.values()].map((c) => c.client.close()));
    },
  };
}
