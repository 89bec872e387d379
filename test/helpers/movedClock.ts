// Driving a station on a clock the test moves (test/helpers/manualClock.ts) while its workers do real I/O: time moved
// in small steps until something is done, and the parcel follower's work awaited after a move, each bounded in real
// time so a stuck worker fails the test with a reason instead of hanging it.
import type { Station } from '../../src/station/index';
import type { ManualClock } from './manualClock';
import { pause } from './until';

/** Moves time on by `stepMs` at a time (at most 2,000 steps), letting each step's real I/O finish, until `done`. */
export async function passUntil(
  move: (ms: number) => Promise<void>,
  done: () => boolean,
  what: string,
  stepMs = 500,
): Promise<void> {
  for (let step = 0; step < 2_000 && !done(); step++) {
    await move(stepMs);
    await pause(2);
  }
  if (!done()) throw new Error(`${what}: not done after ${(2_000 * stepMs) / 1000} simulated seconds`);
}

/** The clock's own move, for `passUntil`. */
export const moving = (clock: ManualClock) => (ms: number) => clock.advance(ms);

/** The follower's work after the clock moved: nothing due and no question under way (at most `realMs` of real time). */
export async function followerIdle(station: Station, realMs = 30_000): Promise<void> {
  const follower = station.parcels;
  if (!follower) throw new Error('the station follows no parcels');
  let timer: NodeJS.Timeout | undefined;
  const stuck = new Promise<never>((_, fail) => {
    timer = setTimeout(() => fail(new Error(`the follower did not come to rest in ${realMs} ms`)), realMs);
  });
  try {
    // Its own wait is in the moved clock's time, which does not pass while the test waits: the real bound is above.
    await Promise.race([follower.idle(Number.MAX_SAFE_INTEGER, 'parcel follower'), stuck]);
  } finally {
    clearTimeout(timer);
  }
}
