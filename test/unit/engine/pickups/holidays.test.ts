// Italy's national holidays, on which the demo couriers do not pick up: the fixed days and Easter Monday, no other.
import { describe, expect, it } from 'vitest';
import { isItalianHoliday } from '../../../../src/engine/pickups/holidays';

describe("Italy's national holidays", () => {
  it('knows the fixed days and Easter Monday of each year', () => {
    for (const day of ['2026-01-01', '2026-04-25', '2026-06-02', '2026-08-15', '2026-12-25', '2026-12-26'])
      expect(isItalianHoliday(day), day).toBe(true);
    expect(isItalianHoliday('2026-04-06')).toBe(true);
    expect(isItalianHoliday('2027-03-29')).toBe(true);
    expect(isItalianHoliday('2028-04-17')).toBe(true);
  });

  it('counts a working day, Easter Sunday itself and Easter Tuesday as no holiday', () => {
    expect(isItalianHoliday('2026-11-30')).toBe(false);
    expect(isItalianHoliday('2026-04-05')).toBe(false);
    expect(isItalianHoliday('2026-04-07')).toBe(false);
  });
});
