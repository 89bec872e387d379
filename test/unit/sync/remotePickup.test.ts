// The remote's answer to POST or GET pickup, read liberally: a 200 saying "not booked" (status 10 or 0.6, the reason
// in `error`) is the courier's answer, never a failure; numbers may come as text; a 400 is the request refused; no
// answer, a 5xx, the rate limit or a 2xx without a status is "ask again later", never a booking.
import { describe, expect, it } from 'vitest';
import { readPickupAnswer } from '../../../src/sync/remotePickup';

const read = (body: unknown) => readPickupAnswer({ kind: 'ok', status: 200, body }, 'illeggibile');

describe("the remote's pickup answer", () => {
  it('reads a booking and a 200 that booked nothing alike, numbers as text too', () => {
    expect(read({ id: '12', status: '1.0', num_orm: 'CBJ180121002626', error: '', note: '' })).toEqual({
      kind: 'answer',
      answer: { remoteId: 12, status: 1, numOrm: 'CBJ180121002626', error: '', note: '' },
    });
    expect(read({ status: 10, error: 'Data non disponibile' })).toEqual({
      kind: 'answer',
      answer: { remoteId: null, status: 10, numOrm: '', error: 'Data non disponibile', note: '' },
    });
    expect(read({ error: 'Orario non valido' })).toMatchObject({ kind: 'answer', answer: { status: 0.6 } });
  });

  it('tells a refused request from an answer to wait for', () => {
    expect(
      readPickupAnswer({ kind: 'rejected', status: 400, error: 'Campi obbligatori mancanti: colli' }, 'x'),
    ).toEqual({ kind: 'refused', status: 400, error: 'Campi obbligatori mancanti: colli' });
    expect(read({ num_orm: 'X' })).toEqual({ kind: 'later', error: 'illeggibile: manca status' });
    expect(read('<html>')).toMatchObject({ kind: 'later' });
    expect(readPickupAnswer({ kind: 'unknown', sent: false, error: 'ECONNREFUSED' }, 'x')).toEqual({
      kind: 'later',
      error: 'ECONNREFUSED',
    });
    expect(readPickupAnswer({ kind: 'forbidden', reason: 'rate_limited', error: 'limite' }, 'x')).toMatchObject({
      kind: 'later',
    });
  });
});
