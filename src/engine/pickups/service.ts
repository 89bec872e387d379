// POST and GET pickup at this engine, as the service answers them: the request checked, the client the caller's, the
// demo courier's refusal (rules.ts) kept and answered in a 200 like a booking, a booking numbered as the shipments'
// pickup windows are (shipments/pickup.ts), one per account, courier and day (a second request answers the first
// booking again, so a request resent after a lost answer books nothing twice); its status moves with time (life.ts).
import { MSG } from '../../shared/api/messages';
import { PICKUP_MSG, parsePickupRequest, type PickupAnswer } from '../../shared/api/pickups';
import { PICKUP_STATUS, pickupKindOf } from '../../shared/domain/pickups';
import type { Caller } from '../auth/users';
import type { EngineContext } from '../context';
import { pickupNumber } from '../shipments/pickup';
import { pickupStatusAt } from './life';
import { pickupRefusal } from './rules';

export type PickupBookOutcome = { kind: 'invalid'; error: string } | { kind: 'answered'; answer: PickupAnswer };

interface PickupRow {
  id: number;
  corriere: number;
  day: string;
  opening_time: string;
  closing_time: string;
  status: number;
  num_orm: string;
  error: string;
  booked_at: number;
}

export interface PickupService {
  /** POST pickup: a 200's answer (booked, or not booked with the reason), or why the request is not one (400). */
  book(caller: Caller, body: unknown): PickupBookOutcome;
  /** GET pickup?id=N: one of the caller's pickups as it stands now; undefined when it is not the caller's. */
  read(caller: Caller, id: number): PickupAnswer | undefined;
}

export function pickupService(ctx: EngineContext): PickupService {
  const { db } = ctx;
  const s = {
    booked: db.prepare<{ userId: number; corriere: number; day: string }, PickupRow>(
      `SELECT * FROM pickups WHERE user_id = @userId AND corriere = @corriere AND day = @day AND num_orm <> ''`,
    ),
    byId: db.prepare<{ userId: number; id: number }, PickupRow>(
      'SELECT * FROM pickups WHERE user_id = @userId AND id = @id',
    ),
    insert: db.prepare(
      `INSERT INTO pickups (user_id, client_id, corriere, servizio, colli, peso, day, opening_time, closing_time,
         note_sender, status, num_orm, error, booked_at)
       VALUES (@user_id, @client_id, @corriere, @servizio, @colli, @peso, @day, @opening_time, @closing_time,
         @note_sender, @status, @num_orm, @error, @booked_at)`,
    ),
  };
  const statusOf = (row: PickupRow, nowMs: number) =>
    pickupKindOf(row.status) === 'refused'
      ? row.status
      : pickupStatusAt(
          {
            bookedMs: row.booked_at,
            day: row.day,
            opening: row.opening_time,
            closing: row.closing_time,
            numOrm: row.num_orm,
          },
          nowMs,
        );
  const book = db.transaction((caller: Caller, body: unknown): PickupBookOutcome => {
    const parsed = parsePickupRequest(body);
    if (!parsed.ok) return { kind: 'invalid', error: parsed.error };
    const request = parsed.value;
    if (!ctx.auth.owns(caller, request.client_id))
      return { kind: 'invalid', error: MSG.invalidFields([`client_id: ${MSG.clientIdNotOwned(request.client_id)}`]) };
    const now = ctx.clock.now();
    const key = { userId: caller.userId, corriere: request.corriere, day: request.date_req_ritiro };
    const existing = s.booked.get(key);
    if (existing) {
      const note = PICKUP_MSG.alreadyBooked(existing.opening_time.slice(0, 5), existing.closing_time.slice(0, 5));
      const status = statusOf(existing, now.getTime());
      return { kind: 'answered', answer: { id: existing.id, status, num_orm: existing.num_orm, error: '', note } };
    }
    const refusal = pickupRefusal(request, ctx.couriers.get(request.corriere), now);
    const numOrm = refusal ? '' : pickupNumber(ctx.shipments, caller.userId, request.corriere, request.date_req_ritiro);
    const status = refusal?.status ?? PICKUP_STATUS.sent;
    const error = refusal?.error ?? '';
    const { lastInsertRowid } = s.insert.run({
      user_id: caller.userId,
      client_id: request.client_id,
      corriere: request.corriere,
      servizio: request.servizio,
      colli: request.colli,
      peso: request.peso,
      day: request.date_req_ritiro,
      opening_time: request.opening_time,
      closing_time: request.closing_time,
      note_sender: request.note_sender,
      status,
      num_orm: numOrm,
      error,
      booked_at: now.getTime(),
    });
    return { kind: 'answered', answer: { id: Number(lastInsertRowid), status, num_orm: numOrm, error, note: '' } };
  });
  return {
    book: (caller, body) => book.immediate(caller, body),
    read(caller, id) {
      const row = s.byId.get({ userId: caller.userId, id });
      if (!row) return undefined;
      return { status: statusOf(row, ctx.clock.now().getTime()), num_orm: row.num_orm, error: row.error, note: '' };
    },
  };
}
