// How far back a starting bench looks for labels auto-print never queued: today's, and none from before auto-print
// last began.
import { describe, expect, it } from 'vitest';
import { owedWindowStart } from '../../../../src/station/printing/owedLabels';

const at = (text: string) => new Date(text).getTime();

describe('the window of labels owed at start', () => {
  it("looks back to the bench's midnight when auto-print has been on since before it", () => {
    expect(owedWindowStart(at('2026-11-29T15:20:00'), undefined)).toBe(at('2026-11-29T00:00:00'));
    expect(owedWindowStart(at('2026-11-29T15:20:00'), at('2026-11-20T09:00:00'))).toBe(at('2026-11-29T00:00:00'));
  });

  it('looks back only to when auto-print was switched on (or the printers set) today', () => {
    expect(owedWindowStart(at('2026-11-29T15:20:00'), at('2026-11-29T11:05:30'))).toBe(at('2026-11-29T11:05:30'));
  });
});
