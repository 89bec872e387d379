// How the remote's answer to POST or GET pickup becomes what the bench can act on: the courier's answer (booked with
// its number, or not booked: status 0.6 or 10 with the reason, in a 200), or why there is none. Read liberally (the
// status as a number or numeric text, fields missing); a 2xx without a status is unreadable, never a booking.
import { PICKUP_STATUS } from '../shared/domain/pickups';
import type { PickupReplyAnswer, RemoteOutcome, RemotePickup } from './types';

const textOf = (value: unknown): string =>
  typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '';

function numberOf(value: unknown): number | undefined {
  const n =
    typeof value === 'number' ? value : typeof value === 'string' ? Number(value.trim().replace(',', '.')) : NaN;
  return typeof value === 'string' && value.trim() === '' ? undefined : Number.isFinite(n) ? n : undefined;
}

/** The answer read as the courier's, or why it is not one. */
export function readPickupAnswer(outcome: RemoteOutcome<unknown>, unreadable: string): RemotePickup {
  switch (outcome.kind) {
    case 'ok': {
      const body = outcome.body;
      if (typeof body !== 'object' || body === null || Array.isArray(body))
        return { kind: 'later', error: `${unreadable}: non è un oggetto` };
      const raw = body as Record<string, unknown>;
      const status = numberOf(raw.status);
      const error = textOf(raw.error);
      if (status === undefined) {
        // A 200 with only a reason is still the courier's "no": the aggregator's texts are its words.
        if (error !== '') return { kind: 'answer', answer: refusal(raw, error) };
        return { kind: 'later', error: `${unreadable}: manca status` };
      }
      const id = numberOf(raw.id);
      return {
        kind: 'answer',
        answer: {
          remoteId: id !== undefined && Number.isInteger(id) && id > 0 ? id : null,
          status,
          numOrm: textOf(raw.num_orm),
          error,
          note: textOf(raw.note),
        },
      };
    }
    case 'rejected':
      if (outcome.status >= 200 && outcome.status < 300) return { kind: 'later', error: outcome.error };
      return { kind: 'refused', status: outcome.status, error: outcome.error };
    case 'forbidden':
    case 'unknown':
      return { kind: 'later', error: outcome.error };
  }
}

function refusal(raw: Record<string, unknown>, error: string): PickupReplyAnswer {
  const id = numberOf(raw.id);
  return {
    remoteId: id !== undefined && Number.isInteger(id) && id > 0 ? id : null,
    status: PICKUP_STATUS.refused,
    numOrm: '',
    error,
    note: textOf(raw.note),
  };
}
