// The departed parcels the bench follows, as its follower (src/station) and its screens see them: which confirmed
// shipments are due to be asked about (at most once an hour each, less often while a parcel keeps its state, spread
// over the hour, none once delivered or back at the sender), each state change kept once with when it was first
// seen, and the latest state of each shipment. What a new state owes the shop and the recipient (owed/index.ts) is
// queued in the transaction that keeps it, and their workers are woken after its commit.
import { FINAL_KINDS, type TrackingKind, type TrackingState } from '../../shared/domain/tracking';
import type { Caller } from '../auth/users';
import type { EngineContext } from '../context';
import type { Db } from '../db/open';
import { limitedStatement } from '../db/statementCache';
import { owedOnParcelState, type OwedKind } from '../owed/index';
import { attentionPort, type AttentionPort } from './attention';

export type { ActOutcome, AttentionFound } from './attention';

/** How often a parcel is asked about at most (the aggregator asks its clients for no more than once an hour). */
export const FOLLOW_EVERY_MS = 60 * 60_000;
/** The longest wait between two questions about a parcel that has not moved for a while. */
export const FOLLOW_QUIET_MAX_MS = 4 * FOLLOW_EVERY_MS;

/**
 * The wait before the next question, from how long the parcel has kept its state: a parcel that just moved is asked
 * again in an hour; one that has kept its state for a while (held at the depot for days, waiting for a redelivery) a
 * quarter of that time later, at most every four hours. The remote's GET budget, shared with sync, is then spent
 * where things change.
 */
export function nextAskAfter(quietMs: number): number {
  return Math.min(FOLLOW_QUIET_MAX_MS, Math.max(FOLLOW_EVERY_MS, Math.floor(quietMs / 4)));
}

/** A shipment due to be asked about: its ids here and at the remote, and its waybill. */
export interface ParcelDue {
  shipmentId: number;
  remoteId: number | null;
  waybill: string;
}

/** What the courier said of a shipment, and when the bench heard it (ms). */
export interface ParcelAnswered {
  shipmentId: number;
  state: TrackingState;
  atMs: number;
}

export interface ParcelState {
  code: number;
  words: string;
  kind: TrackingKind;
  /** When the bench first saw this state (ms). */
  since: number;
}

/** The departed parcels, and among them those a person must act on ("Da gestire", attention.ts). */
export interface ParcelsPort extends AttentionPort {
  due(nowMs: number, limit: number): ParcelDue[];
  /** When the next shipment falls due (ms), if any is followed. */
  nextDueAt(): number | undefined;
  /** What the courier said now: kept when it changed; asked again (nextAskAfter) unless final. True if it changed. */
  seen(shipmentId: number, state: TrackingState, nowMs: number): boolean;
  /** The answers of one pass, each as `seen`, in one commit (one disk sync a pass): the shipments that changed. */
  seenAll(answers: readonly ParcelAnswered[]): number[];
  /** Asking failed (offline, the remote's limit): asked again at `retryAtMs`, the reason kept for the log. */
  failed(shipmentId: number, reason: string, retryAtMs: number): void;
  /** Each shipment's latest state, of the caller's shipments among `ids` that have one. */
  latest(caller: Caller, ids: readonly number[]): Map<number, ParcelState>;
  /** Every state of one of the caller's shipments, oldest first. */
  history(caller: Caller, shipmentId: number): ParcelState[];
}

interface StateRow {
  shipment_id: number;
  code: number;
  words: string;
  kind: string;
  seen_at: number;
}

const stateOf = (row: StateRow): ParcelState => ({
  code: row.code,
  words: row.words,
  kind: row.kind as TrackingKind,
  since: row.seen_at,
});

/**
 * A connected bench's confirmation has reached the remote (no confirm row of its outbox still open): until then the
 * remote's courier has no parcel to tell about. A standalone bench has no outbox rows.
 */
const CONFIRMED_THERE = `NOT EXISTS (SELECT 1 FROM outbox o
  WHERE o.shipment_id = s.id AND o.kind = 'confirm' AND o.state <> 'done')`;

/**
 * Whether every shipment to follow has its schedule, looked up again only once a row was written by this connection or
 * another since the last look found all scheduled (orders/checkMemo.ts's rule): the look scans every confirmed
 * shipment the bench ever sent, and the follower asks before and after each pass. The port's own writes (`writing`)
 * only ever schedule shipments, so they keep a look that found all scheduled.
 */
function scheduleMemo(db: Db, allScheduled: () => boolean) {
  const seenNow = db.prepare<[], { changes: number; version: number }>(
    'SELECT total_changes() AS changes, (SELECT data_version FROM pragma_data_version) AS version',
  );
  const stampOf = (seen: { changes: number; version: number } | undefined) => `${seen?.changes}:${seen?.version}`;
  let heldAt = '';
  return {
    all(): boolean {
      const now = stampOf(seenNow.get());
      if (now === heldAt) return true;
      const all = allScheduled();
      heldAt = all ? now : '';
      return all;
    },
    writing<T>(write: () => T): T {
      const before = seenNow.get();
      const held = stampOf(before) === heldAt;
      const result = write();
      const after = seenNow.get();
      // Another connection's commit moves the version; this thread ran nothing but `write` in between.
      if (held && after?.version === before?.version) heldAt = stampOf(after);
      return result;
    },
  };
}

export function parcelsPort(ctx: EngineContext): ParcelsPort {
  const { db } = ctx;
  const s = {
    due: limitedStatement<{ now: number }, { shipment_id: number; remote_id: number | null; waybill: string }>(
      db,
      `SELECT s.id AS shipment_id, s.remote_id, s.num_spedizione AS waybill
       FROM shipments s JOIN parcel_follow f ON f.shipment_id = s.id
       WHERE s.confermato = 1 AND f.final = 0 AND f.next_at <= @now
       ORDER BY f.next_at, s.id`,
    ),
    // A shipment's first question, spread over the hour by its id, so a day's confirmations do not all ask at once.
    schedule: db.prepare<{ now: number }>(
      `INSERT INTO parcel_follow (shipment_id, next_at)
       SELECT s.id, @now + ((s.id * 7919) % 60) * 60000
       FROM shipments s LEFT JOIN parcel_follow f ON f.shipment_id = s.id
       WHERE s.confermato = 1 AND s.num_spedizione <> '' AND f.shipment_id IS NULL AND ${CONFIRMED_THERE}`,
    ),
    unscheduled: db.prepare<[], { n: number }>(
      `SELECT count(*) AS n FROM shipments s LEFT JOIN parcel_follow f ON f.shipment_id = s.id
       WHERE s.confermato = 1 AND s.num_spedizione <> '' AND f.shipment_id IS NULL AND ${CONFIRMED_THERE}`,
    ),
    nextAt: db.prepare<[], { at: number | null }>('SELECT min(next_at) AS at FROM parcel_follow WHERE final = 0'),
    last: db.prepare<{ id: number }, StateRow>(
      'SELECT * FROM parcel_states WHERE shipment_id = @id ORDER BY id DESC LIMIT 1',
    ),
    insert: db.prepare<StateRow>(
      `INSERT INTO parcel_states (shipment_id, code, words, kind, seen_at)
       VALUES (@shipment_id, @code, @words, @kind, @seen_at)`,
    ),
    follow: db.prepare<{ id: number; next: number; checked: number | null; final: number; error: string }>(
      `INSERT INTO parcel_follow (shipment_id, next_at, checked_at, final, last_error)
       VALUES (@id, @next, @checked, @final, @error)
       ON CONFLICT (shipment_id) DO UPDATE SET next_at = @next, checked_at = COALESCE(@checked, checked_at),
         final = @final, last_error = @error`,
    ),
    latest: db.prepare<{ userId: number; ids: string }, StateRow>(
      `SELECT p.* FROM parcel_states p JOIN shipments s ON s.id = p.shipment_id
       WHERE s.user_id = @userId AND p.shipment_id IN (SELECT value FROM json_each(@ids))
       ORDER BY p.id`,
    ),
    history: db.prepare<{ id: number; userId: number }, StateRow>(
      `SELECT p.* FROM parcel_states p JOIN shipments s ON s.id = p.shipment_id
       WHERE p.shipment_id = @id AND s.user_id = @userId ORDER BY p.id`,
    ),
  };
  // The kinds of notice the transaction queued, told to their workers once it committed.
  let owed = new Set<OwedKind>();
  const wake = () => {
    const kinds = [...owed];
    owed = new Set();
    if (kinds.length > 0) ctx.queued(kinds);
  };
  const seen = db.transaction((shipmentId: number, state: TrackingState, nowMs: number): boolean => {
    const last = s.last.get({ id: shipmentId });
    const changed = !last || last.code !== state.code || last.words !== state.words;
    if (changed) {
      s.insert.run({ shipment_id: shipmentId, code: state.code, words: state.words, kind: state.kind, seen_at: nowMs });
      const row = ctx.shipments.byIdUnscoped(shipmentId);
      if (row) for (const kind of owedOnParcelState(ctx, row, state)) owed.add(kind);
    }
    const final = FINAL_KINDS.has(state.kind) ? 1 : 0;
    const quietMs = changed || !last ? 0 : nowMs - last.seen_at;
    s.follow.run({ id: shipmentId, next: nowMs + nextAskAfter(quietMs), checked: nowMs, final, error: '' });
    return changed;
  });
  // Each answer in a savepoint of its own inside the one transaction.
  const seenAll = db.transaction((answers: readonly ParcelAnswered[]): number[] =>
    answers.filter((a) => seen(a.shipmentId, a.state, a.atMs)).map((a) => a.shipmentId),
  );
  const scheduled = scheduleMemo(db, () => (s.unscheduled.get()?.n ?? 0) === 0);
  return {
    ...attentionPort(ctx),
    due(nowMs, limit) {
      // Written only when a shipment was confirmed since: a look at what is due is otherwise a read.
      if (!scheduled.all()) scheduled.writing(() => s.schedule.run({ now: nowMs }));
      return s
        .due(limit)
        .all({ now: nowMs })
        .map((r) => ({ shipmentId: r.shipment_id, remoteId: r.remote_id, waybill: r.waybill }));
    },
    nextDueAt() {
      // A shipment confirmed and not yet scheduled: `due` schedules it now.
      if (!scheduled.all()) return 0;
      return s.nextAt.get()?.at ?? undefined;
    },
    seen(shipmentId, state, nowMs) {
      try {
        return scheduled.writing(() => seen.immediate(shipmentId, state, nowMs));
      } finally {
        wake();
      }
    },
    seenAll(answers) {
      try {
        return scheduled.writing(() => seenAll.immediate(answers));
      } finally {
        wake();
      }
    },
    failed(shipmentId, reason, retryAtMs) {
      scheduled.writing(() =>
        s.follow.run({ id: shipmentId, next: retryAtMs, checked: null, final: 0, error: reason }),
      );
    },
    latest(caller, ids) {
      const found = new Map<number, ParcelState>();
      if (ids.length === 0) return found;
      const rows = s.latest.all({ userId: caller.userId, ids: JSON.stringify(ids) });
      for (const row of rows) found.set(row.shipment_id, stateOf(row));
      return found;
    },
    history: (caller, shipmentId) => s.history.all({ id: shipmentId, userId: caller.userId }).map(stateOf),
  };
}
