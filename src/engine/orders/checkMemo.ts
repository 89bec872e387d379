// Orders' checks kept while nothing they read has changed: a file's preview checks every order and the confirm that
// follows checks them again before keeping them (the engine never keeps an order it has not checked), which for an
// unchanged bench found the same answers a second time at the cost of the first. A check reads the caller's clients,
// the engine's configuration (fixed for its life: couriers, price lists, places), the database (sender profiles,
// invoiced clients, the invoice counter) and today's date; so a result holds while the caller is the same, the day is
// the same and no row was written by this connection or by another. Results are kept per draft object (a preview's),
// so a fixed or re-read file is checked afresh.
import type { OrderDraft, OrderIssues } from '../../shared/domain/orders';
import type { Caller } from '../auth/users';
import { benchDay } from '../customs/numbering';
import type { Db } from '../db/open';
import type { Clock } from '../ports';

/** What the database had seen: rows this connection changed, and the count SQLite moves on another's commit. */
interface Seen {
  changes: number;
  version: number;
}

export interface CheckMemo {
  /** Each draft's issues (frozen): the kept ones when they still hold, `check` for the others (then kept). */
  issues(caller: Caller, drafts: readonly OrderDraft[], check: (draft: OrderDraft) => OrderIssues): OrderIssues[];
  /**
   * Runs `write`, which changes rows no check reads (the orders table), and keeps the results that held before it:
   * unless another connection wrote meanwhile, what changed is only what `write` did.
   */
  writing<T>(caller: Caller, write: () => T): T;
  /** What the checks read as they stand now: checks made elsewhere against it may be adopted while it holds. */
  stamp(caller: Caller): string;
  /**
   * Keeps `issues` (made by another engine on the same file, each the check of `drafts[i]`) as this engine's own
   * checks, when nothing a check reads has changed since `stamp` was read; false (nothing kept) when something has.
   * A draft already checked here keeps its own result.
   */
  adopt(caller: Caller, stamp: string, drafts: readonly OrderDraft[], issues: readonly OrderIssues[]): boolean;
}

/** Kept issues are handed out as they are, to every caller that asks again: frozen, so none can change another's. */
const frozen = (issues: OrderIssues): OrderIssues => {
  Object.freeze(issues.errors);
  return Object.freeze(issues);
};

export function createCheckMemo(db: Db, clock: Clock): CheckMemo {
  const seenNow = db.prepare<[], Seen>(
    'SELECT total_changes() AS changes, (SELECT data_version FROM pragma_data_version) AS version',
  );
  const stampOf = (caller: Caller, seen: Seen | undefined) =>
    `${caller.userId}:${caller.clientIds.join(',')}:${benchDay(clock)}:${seen?.changes}:${seen?.version}`;
  let stamp = '';
  let kept = new WeakMap<OrderDraft, OrderIssues>();
  return {
    issues(caller, drafts, check) {
      const now = stampOf(caller, seenNow.get());
      if (now !== stamp) {
        stamp = now;
        kept = new WeakMap();
      }
      return drafts.map((draft) => {
        const known = kept.get(draft);
        if (known) return known;
        const issues = frozen(check(draft));
        kept.set(draft, issues);
        return issues;
      });
    },
    stamp: (caller) => stampOf(caller, seenNow.get()),
    adopt(caller, given, drafts, issues) {
      if (stampOf(caller, seenNow.get()) !== given) return false;
      if (given !== stamp) {
        stamp = given;
        kept = new WeakMap();
      }
      drafts.forEach((draft, i) => {
        const checked = issues[i];
        if (checked && !kept.has(draft)) kept.set(draft, frozen(checked));
      });
      return true;
    },
    writing(caller, write) {
      const before = seenNow.get();
      const held = stampOf(caller, before) === stamp;
      const result = write();
      const after = seenNow.get();
      // Another connection's commit moves the version; this thread ran nothing but `write` in between.
      if (held && after?.version === before?.version) stamp = stampOf(caller, after);
      return result;
    },
  };
}
