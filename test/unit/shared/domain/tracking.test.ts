// A departed parcel's state as a remote answers it: known by its code or its words, a numeric text read as its
// number, and an unknown code or words kept as they came, never read as another state.
import { describe, expect, it } from 'vitest';
import { ACTION_KINDS, FINAL_KINDS, readTrackingState, TRACKING_STATES } from '../../../../src/shared/domain/tracking';

describe('the tracking states the bench knows', () => {
  it("has one code and one set of words per state, with 19 as the aggregator's own CONSEGNATO", () => {
    expect(new Set(TRACKING_STATES.map((s) => s.code)).size).toBe(TRACKING_STATES.length);
    expect(new Set(TRACKING_STATES.map((s) => s.words)).size).toBe(TRACKING_STATES.length);
    expect(readTrackingState(19, 'CONSEGNATO').kind).toBe('delivered');
    expect([...FINAL_KINDS].sort()).toEqual(['delivered', 'returned']);
    expect(ACTION_KINDS.has('held')).toBe(true);
  });

  it('reads a code given as text, and known words whatever their code', () => {
    expect(readTrackingState('22', 'IN GIACENZA').kind).toBe('held');
    expect(readTrackingState(' 19 ', '').kind).toBe('delivered');
    expect(readTrackingState(undefined, 'in giacenza')).toEqual({ code: 22, words: 'in giacenza', kind: 'held' });
  });

  it('keeps an unknown code with its words, and an answer with neither as unknown', () => {
    expect(readTrackingState(31, 'SDOGANAMENTO IN CORSO')).toEqual({
      code: 31,
      words: 'SDOGANAMENTO IN CORSO',
      kind: 'unknown',
    });
    expect(readTrackingState('abc', null)).toEqual({ code: -1, words: '', kind: 'unknown' });
  });
});
