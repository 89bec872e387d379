// The bench's own pickups, whoever books them (its own engine standalone, the remote connected): each day's confirmed
// parcels per courier (what a pickup carries), the pickup asked for (kept waiting until it reaches the courier, one
// per courier and day unless the courier refused it), the answer (booked with its number, or refused with the
// reason), and its status read again until the courier has come. The station's worker (station/pickups) sends and
// follows; `next_at` is when a row is next due, none once it needs nothing more.
import { pickupIsOver, pickupKindOf } from '../../shared/domain/pickups';
import type { Caller } from '../auth/users';
import type { Db } from '../db/open';
import { limitedStatement } from '../db/statementCache';

export type BenchPickupState = 'waiting' | 'booked' | 'refused';

/** What the bench asks the courier to pick up: a day (`YYYY-MM-DD`), a window (`HH:MM:SS`), parcels and weight. */
export interface PickupAsk {
  clientId: number;
  courierId: number;
  serviceId: number;
  parcels: number;
  weightKg: number;
  day: string;
  openingTime: string;
  closingTime: string;
}

/** A pickup as the bench asked for it, and where it stands. */
export interface BenchPickup extends PickupAsk {
  id: number;
  state: BenchPickupState;
  remoteId: number | null;
  /** The latest status the courier gave (null until answered). */
  status: number | null;
  numOrm: string;
  /** The courier's refusal. */
  error: string;
  note: string;
  /** Why the last try to send or read it did not get an answer ('' none). */
  lastError: string;
  nextAt: number | null;
  updatedAt: number;
}

/** A day's confirmed parcels of one courier: what its pickup carries. */
export interface DayParcels {
  courierId: number;
  /** The client and service most of them travel with: the pickup is asked for under them. */
  clientId: number;
  serviceId: number;
  shipments: number;
  parcels: number;
  weightKg: number;
}

/** What the courier answered: booked or refused, its number, its status (and the remote's id for it, if any). */
export interface PickupAnswered {
  remoteId: number | null;
  status: number;
  numOrm: string;
  error: string;
  note: string;
}

export interface BenchPickupsPort {
  parcelsOn(caller: Caller, day: string): DayParcels[];
  /** The caller's pickups of a day, the latest first. */
  ofDay(caller: Caller, day: string): BenchPickup[];
  byId(caller: Caller, id: number): BenchPickup | undefined;
  /**
   * Keeps the pickup asked for, waiting, due at `dueAtMs` (the asker tries it first); or answers the one already
   * waiting or booked for that courier and day.
   */
  ask(
    caller: Caller,
    ask: PickupAsk,
    nowMs: number,
    dueAtMs: number,
  ): { ok: true; pickup: BenchPickup } | { ok: false; existing: BenchPickup };
  /** The rows due at `nowMs` (waiting to be sent, or booked and due to be read again). */
  due(nowMs: number, limit: number): BenchPickup[];
  nextDueAt(): number | undefined;
  /** The courier's answer: booked (read again at `followAtMs`, none once over) or refused (nothing more). */
  answered(id: number, answer: PickupAnswered, nowMs: number, followAtMs: number): void;
  /**
   * The status read again (and the courier's number, when the booking's answer had none): kept; read again at
   * `followAtMs` unless over. True if it changed.
   */
  followed(id: number, status: number, numOrm: string, nowMs: number, followAtMs: number | null): boolean;
  /** No answer this time: tried again at `retryAtMs` (null: given up), the reason kept for the screen. */
  failed(id: number, reason: string, nowMs: number, retryAtMs: number | null): void;
}

interface Row {
  id: number;
  client_id: number;
  corriere: number;
  servizio: number;
  colli: number;
  peso: number;
  day: string;
  opening_time: string;
  closing_time: string;
  state: BenchPickupState;
  remote_id: number | null;
  status: number | null;
  num_orm: string;
  error: string;
  note: string;
  last_error: string;
  next_at: number | null;
  updated_at: number;
}

const pickupOf = (r: Row): BenchPickup => ({
  id: r.id,
  clientId: r.client_id,
  courierId: r.corriere,
  serviceId: r.servizio,
  parcels: r.colli,
  weightKg: r.peso,
  day: r.day,
  openingTime: r.opening_time,
  closingTime: r.closing_time,
  state: r.state,
  remoteId: r.remote_id,
  status: r.status,
  numOrm: r.num_orm,
  error: r.error,
  note: r.note,
  lastError: r.last_error,
  nextAt: r.next_at,
  updatedAt: r.updated_at,
});

export function benchPickupsPort(db: Db): BenchPickupsPort {
  const s = {
    // Per courier, and the client and service of most of its parcels (ties: the lowest ids).
    parcels: db.prepare<{ userId: number; day: string }, DayParcels>(
      `WITH day AS (SELECT corriere, client_id, servizio, colli, peso FROM shipments
         WHERE user_id = @userId AND confermato = 1 AND substr(confirmed_at, 1, 10) = @day),
       usual AS (SELECT corriere, client_id, servizio, row_number() OVER
         (PARTITION BY corriere ORDER BY sum(colli) DESC, client_id, servizio) AS n
         FROM day GROUP BY corriere, client_id, servizio)
       SELECT d.corriere AS courierId, u.client_id AS clientId, u.servizio AS serviceId, count(*) AS shipments,
         sum(d.colli) AS parcels, round(sum(d.peso), 2) AS weightKg
       FROM day d JOIN usual u ON u.corriere = d.corriere AND u.n = 1
       GROUP BY d.corriere ORDER BY d.corriere`,
    ),
    ofDay: db.prepare<{ userId: number; day: string }, Row>(
      'SELECT * FROM bench_pickups WHERE user_id = @userId AND day = @day ORDER BY id DESC',
    ),
    byId: db.prepare<{ userId: number; id: number }, Row>(
      'SELECT * FROM bench_pickups WHERE user_id = @userId AND id = @id',
    ),
    get: db.prepare<{ id: number }, Row>('SELECT * FROM bench_pickups WHERE id = @id'),
    active: db.prepare<{ userId: number; corriere: number; day: string }, Row>(
      `SELECT * FROM bench_pickups WHERE user_id = @userId AND corriere = @corriere AND day = @day
         AND state <> 'refused'`,
    ),
    insert: db.prepare(
      `INSERT INTO bench_pickups (user_id, client_id, corriere, servizio, colli, peso, day, opening_time, closing_time,
         state, next_at, created_at, updated_at)
       VALUES (@userId, @clientId, @courierId, @serviceId, @parcels, @weightKg, @day, @openingTime, @closingTime,
         'waiting', @dueAt, @now, @now)`,
    ),
    due: limitedStatement<{ now: number }, Row>(
      db,
      'SELECT * FROM bench_pickups WHERE next_at IS NOT NULL AND next_at <= @now ORDER BY next_at, id',
    ),
    nextAt: db.prepare<[], { at: number | null }>('SELECT min(next_at) AS at FROM bench_pickups'),
    answered: db.prepare(
      `UPDATE bench_pickups SET state = @state, remote_id = @remoteId, status = @status, num_orm = @numOrm,
         error = @error, note = @note, last_error = '', next_at = @nextAt, updated_at = @now WHERE id = @id`,
    ),
    followed: db.prepare(
      `UPDATE bench_pickups SET status = @status, num_orm = CASE WHEN @numOrm = '' THEN num_orm ELSE @numOrm END,
         last_error = '', next_at = @nextAt, updated_at = @now WHERE id = @id`,
    ),
    failed: db.prepare(
      'UPDATE bench_pickups SET last_error = @reason, next_at = @nextAt, updated_at = @now WHERE id = @id',
    ),
  };
  const ask = db.transaction((caller: Caller, asked: PickupAsk, nowMs: number, dueAtMs: number) => {
    const existing = s.active.get({ userId: caller.userId, corriere: asked.courierId, day: asked.day });
    if (existing) return { ok: false as const, existing: pickupOf(existing) };
    const { lastInsertRowid } = s.insert.run({ ...asked, userId: caller.userId, now: nowMs, dueAt: dueAtMs });
    return { ok: true as const, pickup: pickupOf(s.get.get({ id: Number(lastInsertRowid) }) as Row) };
  });
  return {
    parcelsOn: (caller, day) => s.parcels.all({ userId: caller.userId, day }),
    ofDay: (caller, day) => s.ofDay.all({ userId: caller.userId, day }).map(pickupOf),
    byId(caller, id) {
      const row = s.byId.get({ userId: caller.userId, id });
      return row && pickupOf(row);
    },
    ask: (caller, asked, nowMs, dueAtMs) => ask.immediate(caller, asked, nowMs, dueAtMs),
    due: (nowMs, limit) => s.due(limit).all({ now: nowMs }).map(pickupOf),
    nextDueAt: () => s.nextAt.get()?.at ?? undefined,
    answered(id, answer, nowMs, followAtMs) {
      const refused = pickupKindOf(answer.status) === 'refused';
      s.answered.run({
        id,
        state: refused ? 'refused' : 'booked',
        remoteId: answer.remoteId,
        status: answer.status,
        numOrm: answer.numOrm,
        error: answer.error,
        note: answer.note,
        nextAt: pickupIsOver(answer.status) ? null : followAtMs,
        now: nowMs,
      });
    },
    followed(id, status, numOrm, nowMs, followAtMs) {
      const before = s.get.get({ id });
      s.followed.run({ id, status, numOrm, nextAt: pickupIsOver(status) ? null : followAtMs, now: nowMs });
      return before?.status !== status || (numOrm !== '' && before.num_orm !== numOrm);
    },
    failed: (id, reason, nowMs, retryAtMs) => void s.failed.run({ id, reason, nextAt: retryAtMs, now: nowMs }),
  };
}
