// Time comes in through a port so tests are deterministic without patching globals (ARCHITECTURE.md §4).

export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** The spec's date-time spelling, `YYYY-MM-DD hh:mm:ss`, in the bench's local time. */
export function formatDateTime(date: Date): string {
  return (
    `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ` +
    `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`
  );
}

/** The instant (ms) a time written by `formatDateTime` stands for, in local time; NaN for any other text. */
export function parseDateTime(text: string): number {
  const m = /^(\d{4})-(\d\d)-(\d\d) (\d\d):(\d\d):(\d\d)$/.exec(text);
  if (!m) return Number.NaN;
  const [, y, mo, d, h, mi, s] = m.map(Number) as [number, number, number, number, number, number, number];
  return new Date(y, mo - 1, d, h, mi, s).getTime();
}
