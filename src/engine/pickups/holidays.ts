// Italy's national public holidays, on which the demo couriers do not pick up: the fixed days and Easter Monday.
// Local patron saints' days differ by town and are not known to the catalog, so they are not refused here.

const FIXED = new Set(['01-01', '01-06', '04-25', '05-01', '06-02', '08-15', '11-01', '12-08', '12-25', '12-26']);

/** Easter Sunday of a Gregorian year (the anonymous algorithm), as `MM-DD`. */
function easterOf(year: number): { month: number; day: number } {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return { month, day };
}

/** Whether a day (`YYYY-MM-DD`) is a national public holiday in Italy. */
export function isItalianHoliday(day: string): boolean {
  if (FIXED.has(day.slice(5))) return true;
  const year = Number(day.slice(0, 4));
  const easter = easterOf(year);
  const monday = new Date(Date.UTC(year, easter.month - 1, easter.day + 1));
  return day === monday.toISOString().slice(0, 10);
}
