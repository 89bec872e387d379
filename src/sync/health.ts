// What the sync worker knows about the remote and shows at the bench (online, paused on a refused key, held by the
// rate limit, the last error), and when a row that did not go through is tried again.
import type { OutboxItem, SyncPort } from '../engine/index';
import { MSG } from '../shared/api/messages';
import type { SyncStatusView } from '../shared/ipc/views';
import type { RemoteOutcome } from './types';

/** The worker's side of the station's sync status view (the station adds its mode). */
export type SyncStatus = Omit<SyncStatusView, 'mode'>;

/** An answer that says nothing final about the row: network trouble, 5xx, 403. */
export type Transient = Extract<RemoteOutcome<unknown>, { kind: 'unknown' | 'forbidden' }>;

export interface HealthOptions {
  port: SyncPort;
  now(): number;
  random(): number;
  /** First retry after about baseMs, doubling per attempt up to maxMs; each delay is jittered to 50–100 %. */
  backoff: { baseMs: number; maxMs: number };
  /** After a rate-limit 403, the first wait; it doubles with each 403 in a row up to 5 minutes. */
  rateLimitedDelayMs: number;
  /** How long 403s may go on without one success before the key is said to be possibly revoked. */
  revokedAfterMs: number;
  onStatus?(status: SyncStatus): void;
}

export interface SyncHealth {
  status(): SyncStatus;
  /** Tells the bench the status when it changed. */
  report(): void;
  /** The key was refused: nothing is sent until `resume`. */
  readonly paused: boolean;
  /** Until when the rate limit holds every row (epoch ms; past when it does not). */
  readonly limitedUntil: number;
  resume(): void;
  /** A pass failed on our side (a locked database, a bug): shown as the last error. */
  failed(message: string): void;
  /** Any answer that is not a 403: the remote is there and takes our requests again. */
  answered(): void;
  /** Network trouble, 5xx, 403: when to try again, and what the bench should see. */
  transient(item: OutboxItem, outcome: Transient, maybeSent: boolean): void;
}

const MAX_RATE_LIMITED_DELAY_MS = 5 * 60_000;

export function createSyncHealth(options: HealthOptions): SyncHealth {
  const { port, now, backoff } = options;
  let paused = false;
  let online = true;
  let lastError = '';
  // The same error as data for the screens: what kind, and the technical cause as the client or the remote said it.
  let lastErrorCode: SyncStatus['lastErrorCode'] = '';
  let lastErrorCause = '';
  const setError = (message: string, code: SyncStatus['lastErrorCode'] = '', cause = '') => {
    lastError = message;
    lastErrorCode = code;
    lastErrorCause = cause;
  };
  let lastReported = '';
  // The remote's rate limit: 403s in a row, when the first came, and until when nothing is sent.
  let limited = { count: 0, since: 0, until: 0 };

  const status = (): SyncStatus => {
    const counts = port.counts();
    return {
      online,
      paused,
      rateLimitedUntil: limited.until > now() ? limited.until : 0,
      keyMaybeRevoked: limited.count > 0 && now() - limited.since >= options.revokedAfterMs,
      pending: counts.pending,
      parked: counts.parked,
      refused: counts.refused,
      oldestPendingAgeMs: counts.oldestPendingAt === undefined ? 0 : Math.max(0, now() - counts.oldestPendingAt),
      lastError,
      lastErrorCode,
      lastErrorCause,
    };
  };

  const delayFor = (attempts: number) =>
    Math.min(backoff.maxMs, backoff.baseMs * 2 ** Math.min(attempts, 20)) * (0.5 + options.random() * 0.5);

  const report = () => {
    const current = status();
    const key = JSON.stringify({ ...current, oldestPendingAgeMs: current.oldestPendingAgeMs > 0 });
    if (key !== lastReported) {
      lastReported = key;
      options.onStatus?.(current);
    }
  };

  return {
    status,
    report,
    get paused() {
      return paused;
    },
    get limitedUntil() {
      return limited.until;
    },
    resume() {
      paused = false;
      setError('');
    },
    failed(message) {
      setError(message);
    },
    answered() {
      online = true;
      // The remote answers again: the line that said it could not be reached is no longer true.
      if (lastErrorCode === 'remoteUnreachable') setError('');
      if (limited.count > 0) {
        limited = { count: 0, since: 0, until: 0 };
        if (lastErrorCode === 'rateLimited') setError('');
      }
    },
    transient(item, outcome, maybeSent) {
      if (outcome.kind === 'forbidden' && outcome.reason === 'invalid_key') {
        paused = true;
        online = true;
        setError(outcome.error, 'keyRefused', outcome.error);
        port.retryLater(item.id, now(), outcome.error, maybeSent);
        return;
      }
      if (outcome.kind === 'forbidden') {
        // The rate limit holds every row, not just this one: the outbox waits as a whole and stays in order.
        online = true;
        if (limited.count === 0) limited.since = now();
        const wait = Math.min(MAX_RATE_LIMITED_DELAY_MS, options.rateLimitedDelayMs * 2 ** Math.min(limited.count, 10));
        limited = { ...limited, count: limited.count + 1, until: Math.max(limited.until, now() + wait) };
        setError(MSG.syncRateLimited, 'rateLimited');
        port.retryLater(item.id, limited.until, outcome.error, maybeSent);
        // Told now, with the time of the next try: a short wait could be over before the end of the pass.
        report();
        return;
      }
      online = false;
      // A transport failure carries the client's technical words, which the bench sees after a plain Italian sentence.
      setError(`${MSG.syncRemoteUnreachable}: ${outcome.error}`, 'remoteUnreachable', outcome.error);
      port.retryLater(item.id, now() + delayFor(item.attempts), outcome.error, maybeSent);
    },
  };
}
