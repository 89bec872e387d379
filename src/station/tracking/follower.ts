// The bench follows its departed parcels: each confirmed shipment is asked about when it falls due (at most once an
// hour, none once delivered or back at the sender; engine/tracking/port.ts keeps the schedule), a few at a time, and
// each state the courier gives is kept once, in its own words. Where the answer comes from is the host's: the bench's
// own engine when standalone, the remote's tracking when connected. A failure (offline, the remote's limit) waits and
// is said once in the log, never loudly: the parcel is asked again later and nothing seen is lost.
import type { Caller, Engine, ParcelAnswered, ParcelDue, ParcelsPort } from '../../engine/index';
import { realClock, type Clock } from '../../shared/clock';
import { readTrackingState, type TrackingState } from '../../shared/domain/tracking';
import type { Log } from '../../shared/log';
import { startWorkLoop, type WorkLoop } from '../../shared/workLoop';
import type { RemoteClient } from '../../sync/types';
import { errorMessage } from '../../shared/errorMessage';

export type ParcelAnswer = { ok: true; state: TrackingState } | { ok: false; reason: string; retryAfterMs?: number };

export interface ParcelFollowerOptions {
  port: ParcelsPort;
  ask(due: ParcelDue): Promise<ParcelAnswer>;
  clock?: Clock;
  /** Shipments asked about in one pass (default 10). */
  batch?: number;
  /** The wait after a failure (default 5 minutes). */
  retryMs?: number;
  /** After a pass that saw states change: the shipments whose state changed. */
  onChange?(shipmentIds: number[]): void;
  log: Log;
}

export type ParcelFollower = Pick<WorkLoop, 'kick' | 'idle' | 'stop'>;

/** The wait after a failure to ask about a parcel (the remote away, its limit). */
export const RETRY_MS = 5 * 60_000;

export function startParcelFollower(options: ParcelFollowerOptions): ParcelFollower {
  const { port, log } = options;
  const clock = options.clock ?? realClock;
  const batch = options.batch ?? 10;
  let failing = false;
  const loop = startWorkLoop({
    clock,
    pollMs: 60_000,
    hasDue: () => (port.nextDueAt() ?? Number.POSITIVE_INFINITY) <= clock.now(),
    nextDueAt: () => port.nextDueAt(),
    async runDue() {
      const due = port.due(clock.now(), batch);
      const answered: ParcelAnswered[] = [];
      for (const parcel of due) {
        const answer = await options.ask(parcel).catch((error: unknown): ParcelAnswer => ({
          ok: false,
          reason: errorMessage(error),
        }));
        const now = clock.now();
        if (answer.ok) {
          failing = false;
          answered.push({ shipmentId: parcel.shipmentId, state: answer.state, atMs: now });
          continue;
        }
        if (!failing) log.warn(`tracciamento: spedizione ${parcel.shipmentId} non letta (${answer.reason}); riprovo`);
        failing = true;
        port.failed(
          parcel.shipmentId,
          answer.reason,
          now + Math.max(options.retryMs ?? RETRY_MS, answer.retryAfterMs ?? 0),
        );
      }
      // The pass's answers in one commit: one disk sync per pass rather than per parcel.
      const changed = answered.length > 0 ? port.seenAll(answered) : [];
      for (const { shipmentId, state } of answered) {
        // Kept as the courier said it, shown in its words: worth a line, since the table may want a new row.
        if (state.kind === 'unknown' && changed.includes(shipmentId))
          log.info(
            `tracciamento: spedizione ${shipmentId}, stato non in tabella ` +
              `${state.code} "${state.words}": tenuto con le parole del corriere`,
          );
      }
      if (changed.length > 0) options.onChange?.(changed);
      return due.length;
    },
    onError: (error) => log.warn(`tracciamento: ${errorMessage(error)}`),
  });
  return { kick: () => loop.kick(), idle: (ms, what) => loop.idle(ms, what), stop: () => loop.stop() };
}

/** A standalone bench's answer: its own engine's tracking of the shipment (the demo couriers' parcel life). */
export function ownEngineAnswer(engine: Engine, caller: Caller): (due: ParcelDue) => Promise<ParcelAnswer> {
  return (due) => {
    const outcome = engine.tracking(caller, { id: due.shipmentId });
    if (outcome.kind !== 'found') return Promise.resolve({ ok: false, reason: 'spedizione non trovata' });
    const [record] = outcome.records;
    if (!record) return Promise.resolve({ ok: false, reason: 'nessuno stato' });
    return Promise.resolve({ ok: true, state: readTrackingState(record.status_code, record.status) });
  };
}

const HOUR_MS = 60 * 60_000;

/**
 * A connected bench's answer: the remote's tracking of the shipment's remote id, through the sync layer's client (its
 * deadline, size cap and the GET budget it shares with sync). What the remote cannot answer now waits by its kind: a
 * shipment deleted there a day, a refused key or an unreadable answer an hour, the rest the follower's own wait.
 */
export function remoteAnswer(
  remote: RemoteClient,
): (due: Pick<ParcelDue, 'remoteId' | 'waybill'>) => Promise<ParcelAnswer> {
  return async (due) => {
    if (due.remoteId === null) return { ok: false, reason: 'spedizione non ancora sul servizio remoto' };
    const answer = await remote.tracking(due.remoteId, due.waybill);
    switch (answer.kind) {
      case 'state':
        return { ok: true, state: answer.state };
      case 'not_found':
        return { ok: false, reason: `non trovata sul servizio remoto: ${answer.error}`, retryAfterMs: 24 * HOUR_MS };
      case 'refused_key':
        return { ok: false, reason: answer.error, retryAfterMs: HOUR_MS };
      case 'unreadable':
        return { ok: false, reason: answer.reason, retryAfterMs: HOUR_MS };
      case 'rate_limited':
      case 'refused':
      case 'unreachable':
        return { ok: false, reason: answer.error };
    }
  };
}
