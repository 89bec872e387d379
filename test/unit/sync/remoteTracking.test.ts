// How an answer to GET tracking becomes a parcel's state or the reason there is none: codes as numbers or text, an
// unknown code kept with its words, an array searched for the shipment asked about, odd fields left out.
import { describe, expect, it } from 'vitest';
import { MSG } from '../../../src/shared/api/messages';
import { readTrackingAnswer } from '../../../src/sync/remoteTracking';

const ok = (body: unknown) => ({ kind: 'ok' as const, status: 200, body });
const shipment = { remoteId: 42, numSpedizione: 'BRT000042' };
const record = (extra: Record<string, unknown> = {}) => ({
  status_code: 19,
  status: 'CONSEGNATO',
  delivery_date: '2026-11-20 10:31:00',
  num_spedizione: 'BRT000042',
  id_gsped: 42,
  tracking_link: 'https://track.example/BRT000042',
  ...extra,
});

describe('one state', () => {
  it('reads a known code, given as a number or as text, with its words and delivery date', () => {
    for (const code of [19, '19', ' 19 ']) {
      const read = readTrackingAnswer(ok(record({ status_code: code })), shipment);
      expect(read).toMatchObject({
        kind: 'state',
        state: { code: 19, kind: 'delivered', words: 'CONSEGNATO' },
        record: { delivery_date: '2026-11-20 10:31:00', id_gsped: 42 },
      });
      expect(read).not.toHaveProperty('picked');
    }
  });

  it('keeps a code it does not know with the courier words, never reading it as another state', () => {
    const read = readTrackingAnswer(ok(record({ status_code: 57, status: 'DANNEGGIATA IN TRANSITO' })), shipment);
    expect(read).toMatchObject({
      kind: 'state',
      state: { code: 57, words: 'DANNEGGIATA IN TRANSITO', kind: 'unknown' },
    });
  });

  it('keeps the state when another field has an unexpected type, leaving that field out', () => {
    const read = readTrackingAnswer(ok(record({ id_gsped: 'n/a', corriere_id: { x: 1 } })), shipment);
    expect(read).toMatchObject({ kind: 'state', state: { kind: 'delivered' } });
    if (read.kind === 'state') expect(read.record).not.toHaveProperty('id_gsped');
  });

  it('calls a body without status_code, or not an object, unreadable with the reason', () => {
    expect(readTrackingAnswer(ok({ status: 'CONSEGNATO' }), shipment)).toEqual({
      kind: 'unreadable',
      reason: `${MSG.trackingUnreadable}: manca status_code`,
    });
    expect(readTrackingAnswer(ok('CONSEGNATO'), shipment)).toMatchObject({ kind: 'unreadable' });
    expect(readTrackingAnswer(ok(null), shipment)).toMatchObject({ kind: 'unreadable' });
  });
});

describe('an array of several shipments', () => {
  const other = record({ id_gsped: 7, num_spedizione: 'BRT000007', status_code: 17, status: 'IN TRANSITO' });

  it('picks the one whose id_gsped is the id asked about, and says so', () => {
    expect(readTrackingAnswer(ok([other, record()]), shipment)).toMatchObject({
      kind: 'state',
      state: { kind: 'delivered' },
      picked: { by: 'id_gsped', among: 2 },
    });
  });

  it('falls back to the courier number when no id_gsped matches', () => {
    const answer = [other, record({ id_gsped: '' })];
    expect(readTrackingAnswer(ok(answer), shipment)).toMatchObject({
      kind: 'state',
      picked: { by: 'num_spedizione', among: 2 },
    });
  });

  it('does not guess when none (or more than one) is the shipment asked about', () => {
    const none = readTrackingAnswer(ok([other, other]), shipment);
    expect(none).toMatchObject({ kind: 'unreadable' });
    if (none.kind === 'unreadable') expect(none.reason).toContain('2 spedizioni nella risposta, nessuna');
    expect(readTrackingAnswer(ok([]), shipment)).toMatchObject({ kind: 'unreadable' });
    // "0" is the aggregator's unset number: two parcels both without one are not this shipment.
    const unset = record({ id_gsped: 9, num_spedizione: '0' });
    expect(readTrackingAnswer(ok([unset, unset]), { remoteId: 42, numSpedizione: '0' })).toMatchObject({
      kind: 'unreadable',
    });
  });
});

describe('answers that are not a state', () => {
  it('tells deleted there, rate limit, refused key, a wrong request and no answer apart', () => {
    const read = (outcome: Parameters<typeof readTrackingAnswer>[0]) => readTrackingAnswer(outcome, shipment).kind;
    expect(read({ kind: 'rejected', status: 404, error: 'Spedizione non trovata' })).toBe('not_found');
    expect(read({ kind: 'rejected', status: 400, error: 'Riferimento spedizione non indicato' })).toBe('refused');
    expect(read({ kind: 'rejected', status: 200, error: 'non JSON' })).toBe('unreadable');
    expect(read({ kind: 'forbidden', reason: 'rate_limited', error: '403 - FORBIDDEN' })).toBe('rate_limited');
    expect(read({ kind: 'forbidden', reason: 'invalid_key', error: 'Invalid API KEY' })).toBe('refused_key');
    expect(readTrackingAnswer({ kind: 'unknown', sent: false, error: 'ECONNREFUSED' }, shipment)).toMatchObject({
      kind: 'unreachable',
      offline: true,
    });
  });
});
