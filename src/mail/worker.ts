// The mail worker: sends the e-mails an engine owes, one at a time, in order, each with the Message-ID fixed when it
// was queued. A 4xx or a connection problem is tried again later (doubling from `baseMs` up to `maxMs`); a 5xx is the
// server's final word, kept on the row for the bench and written to the log; entry never waits for any of it. A row
// caught mid-send by a crash is sent again at the next start, as the same message (the same Message-ID).
import type { MailPort } from '../engine/index';
import { smtpFailure, type MailSender } from './transport';
import { realClock, type Clock } from '../shared/clock';
import { startWorkLoop } from '../shared/workLoop';
import { doublingDelay } from '../shared/backoff';
import { silentLog, type Log } from '../shared/log';
import { errorMessage } from '../shared/errorMessage';

export interface MailWorkerOptions {
  port: MailPort;
  sender: MailSender;
  backoff?: { baseMs: number; maxMs: number };
  /** While labels are still being drawn: how soon to look again. */
  waitMs?: number;
  /** Longest sleep between looks at the queue (a new row also wakes the worker through `kick`). */
  pollMs?: number;
  /** The loop's time and timers (the real clock by default). */
  clock?: Clock;
  /** The due times' clock, when it is not `clock`'s. */
  now?: () => number;
  /** One line per e-mail sent or refused: never the message itself, never a password. */
  /** The delivery log: a line per attempt and its outcome (info). */
  log?: Log;
  /** Told of the shipment whose e-mail went or was refused for good (the bench shows its e-mail's state). */
  onSettled?(shipmentId: number): void;
}

export interface MailWorker {
  /** Something was queued: look now. */
  kick(): void;
  /** Resolves when nothing is due (for tests and a clean stop); rejects after `timeoutMs`. */
  idle(timeoutMs: number): Promise<void>;
  stop(): Promise<void>;
}

const BATCH = 10;

export function startMailWorker(options: MailWorkerOptions): MailWorker {
  const { port, sender } = options;
  const clock = options.clock ?? realClock;
  const now = options.now ?? (() => clock.now());
  const backoff = options.backoff ?? { baseMs: 30_000, maxMs: 60 * 60_000 };
  const log = (line: string) => (options.log ?? silentLog).info(line);
  const retryDelay = (attempts: number) => doublingDelay(backoff, attempts);

  const settled = (shipmentId: number) => options.onSettled?.(shipmentId);

  async function sendOne(item: { id: number; shipmentId: number; attempts: number; messageId: string }) {
    const content = await port.content(item.id);
    if (content.kind === 'wait') return port.retryLater(item.id, now() + (options.waitMs ?? 2_000), '');
    if (content.kind === 'never') {
      log(`mail ${item.messageId}: non inviata: ${content.reason}`);
      port.failed(item.id, content.reason);
      return settled(item.shipmentId);
    }
    port.sending(item.id);
    try {
      await sender.send(content.message);
      port.sent(item.id);
      log(`mail ${item.messageId}: inviata a ${content.message.to}`);
      settled(item.shipmentId);
    } catch (error) {
      const failure = smtpFailure(error);
      if (failure.final) {
        port.failed(item.id, failure.words);
        log(`mail ${item.messageId}: rifiutata dal server: ${failure.words}`);
        settled(item.shipmentId);
      } else {
        port.retryLater(item.id, now() + retryDelay(item.attempts + 1), failure.words);
        log(`mail ${item.messageId}: nuovo tentativo più tardi: ${failure.words}`);
      }
    }
  }

  const loop = startWorkLoop({
    async runDue() {
      const items = port.due(now(), BATCH);
      for (const item of items) {
        if (!loop.running) break;
        await sendOne(item);
      }
      return items.length;
    },
    hasDue: () => port.due(now(), 1).length > 0,
    nextDueAt: () => port.nextDueAt(),
    clock,
    now,
    pollMs: options.pollMs ?? 5_000,
    onError: (error) => log(`mail: ${errorMessage(error)}`),
  });

  return {
    kick: () => loop.kick(),
    idle: (timeoutMs) => loop.idle(timeoutMs, 'mail queue'),
    async stop() {
      await loop.stop();
      sender.close();
    },
  };
}
