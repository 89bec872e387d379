// A file's orders checked by the station and the order-check thread together (checkThread.ts): the thread is given
// the second part and checks it from its start; the station checks the first part, then the second from its end,
// claiming each slice before it checks it, until the two meet. The thread's checks are held by the station's engine
// as its own only while nothing a check reads has changed since they were asked for (the engine's check stamp), so
// the issues, their order and their words are the station's alone, and the confirm finds them checked.
import type { Caller, Engine } from '../../engine/index';
import type { OrderIssues } from '../../shared/domain/orders';
import type { ReadOrder } from '../../orderFiles/orderDrafts';
import type { OrderCheckThread } from './checkThread';
import { checkOrders, inSlices } from './fromFiles';

/** Fewer orders are checked on the station alone: the thread's hand-over would cost more than it saves. */
export const SHARED_FROM = 400;
/**
 * The thread's share: a little over half, as the station also copies the part to it and takes its answers; where the
 * station gets to the part first it checks the rest itself.
 */
const THREAD_SHARE = 0.55;

/** The thread, and the station's clock (the engine's: a check may read the day), whose time goes with each part. */
export interface SharedChecks {
  thread: OrderCheckThread;
  now: () => number;
}

export async function checkOrdersShared(
  engine: Engine,
  caller: Caller,
  reads: readonly ReadOrder[],
  shared: SharedChecks | undefined,
  onSlice: (done: number, total: number) => void,
): Promise<OrderIssues[]> {
  const total = reads.length;
  const split = total - Math.floor(total * THREAD_SHARE);
  const drafts = reads.map((read) => read.draft);
  const stamp = engine.orders.checkStamp(caller);
  const part =
    total >= SHARED_FROM
      ? shared?.thread.check(caller, shared.now(), drafts.slice(split), (start, issues) => {
          engine.orders.adoptChecks(caller, stamp, drafts.slice(split + start, split + start + issues.length), issues);
        })
      : undefined;
  // The first part in order, then the thread's from its end: the station never waits for the thread.
  const order = part
    ? [...reads.keys()].slice(0, split).concat([...reads.keys()].slice(split).reverse())
    : [...reads.keys()];
  const issues: OrderIssues[] = new Array<OrderIssues>(total);
  try {
    await inSlices(
      order,
      (slice) => {
        const last = slice[slice.length - 1]!;
        if (part && last >= split) part.claimFrom(last - split);
        checkOrders(
          engine,
          caller,
          slice.map((i) => reads[i]!),
        ).forEach((checked, k) => (issues[slice[k]!] = checked));
      },
      onSlice,
    );
  } finally {
    part?.stop();
  }
  return issues;
}
