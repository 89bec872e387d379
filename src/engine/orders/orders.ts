// Orders waiting to be shipped: checked and kept per client (a reference once per client: a file imported twice
// adds nothing, a corrected one corrects the order while it waits), listed for the bench, found by a scanned
// reference. An order is shipped while the shipment made from it holds up (linked in the transaction that stores it;
// repo.ts reads the state from it).
import type { RuleOutcome } from '../../shared/domain/ruleEvaluation';
import { scanKeyOf, type OrderDraft, type OrderIssues, type WaitingOrder } from '../../shared/domain/orders';
import type { CreateShipmentRequest } from '../../shared/api/shipmentRequest';
import type { Caller } from '../auth/users';
import type { EngineContext } from '../context';
import type { SenderBook } from '../shipments/senders';
import { parsedCourierRefusal } from '../shipments/create';
import { checkOrder, normaliseValues } from './check';
import { createCheckMemo } from './checkMemo';
import { withoutDiskWait } from '../db/walFlush';
import type { OrderRow } from './repo';
import type { ProductsPort } from '../products/products';
import type { RulesPort } from '../rules/rules';

export interface OrdersPort {
  /** Each draft's issues (an empty `errors` when it may be kept), in the drafts' order. */
  check(caller: Caller, drafts: readonly OrderDraft[]): OrderIssues[];
  /**
   * What the checks read, as it stands now (the caller, the day, the database's changes): checks of drafts made by
   * another engine on the same file (a thread's) may be adopted under it.
   */
  checkStamp(caller: Caller): string;
  /**
   * Holds `issues`, another engine's checks of `drafts` made while the database was as `stamp` says, as this engine's
   * own (check() then answers them) if nothing a check reads has changed since; false when something has.
   */
  adoptChecks(caller: Caller, stamp: string, drafts: readonly OrderDraft[], issues: readonly OrderIssues[]): boolean;
  /**
   * Keeps the drafts that pass the check, in one transaction. A reference the client already has is never a second
   * order: while that order waits, a draft with other content corrects it (the shop sent the file again, fixed);
   * once shipped it is left alone. Answers what happened to each.
   */
  add(caller: Caller, drafts: readonly OrderDraft[], source: string, options?: AddOptions): AddedOrders;
  list(
    caller: Caller,
    filter: { state: 'waiting' | 'shipped'; search?: string; limit?: number; offset?: number },
  ): { total: number; rows: WaitingOrder[] };
  /** The order a scanned or typed reference names: a waiting one first, else the latest shipped one. */
  find(caller: Caller, reference: string): WaitingOrder | undefined;
  get(caller: Caller, id: number): WaitingOrder | undefined;
  /** The order a shipment was made from (its packing slip's lines). */
  forShipment(caller: Caller, shipmentId: number): WaitingOrder | undefined;
  /** Drops a waiting order (cancelled by the shop); false when it is not waiting. */
  remove(caller: Caller, id: number): boolean;
}

export interface AddOptions {
  /**
   * Committed without waiting for the disk (synchronous=NORMAL for this transaction alone): the caller keeps many
   * batches in a row and awaits the engine's flush() once before telling anyone they are kept, so the orders are on
   * disk by then as with a wait per commit. Another writer's commits meanwhile still wait for the disk.
   */
  flushLater?: boolean;
}

export interface AddedOrders {
  added: number;
  /** Waiting orders the drafts corrected, each with the fields that changed (ARTICLES_FIELD for its lines). */
  updated: { orderRef: string; fields: string[] }[];
  /** References already waiting with the same content. */
  unchanged: string[];
  /** References already shipped: left as they were. */
  shipped: string[];
  /** unchanged + shipped: the drafts that added or changed nothing. */
  duplicates: number;
  invalid: OrderIssues[];
}

/** How a correction names a change of the order's item lines (the slip's). */
export const ARTICLES_FIELD = 'articoli';

const MAX_PAGE = 500;

/** The form fields whose values differ between two stored orders (JSON of normalised values), then the lines. */
function changedFields(before: { data: string; lines: string }, after: { data: string; lines: string }): string[] {
  const was = JSON.parse(before.data) as Record<string, string>;
  const now = JSON.parse(after.data) as Record<string, string>;
  const fields = [...new Set([...Object.keys(was), ...Object.keys(now)])].filter((field) => was[field] !== now[field]);
  return before.lines === after.lines ? fields : [...fields, ARTICLES_FIELD];
}

function viewOf(row: OrderRow): WaitingOrder {
  return {
    id: row.id,
    clientId: row.client_id,
    orderRef: row.order_ref,
    values: JSON.parse(row.data) as Record<string, string>,
    lines: JSON.parse(row.lines) as WaitingOrder['lines'],
    source: row.source,
    state: row.state,
    ...(row.shipment_id !== null ? { shipmentId: row.shipment_id } : {}),
    createdAt: row.created_at,
    ...(row.state === 'waiting' && row.refusal !== '' ? { refusal: row.refusal } : {}),
    ...(row.rule_outcome !== '' ? { rule: JSON.parse(row.rule_outcome) as RuleOutcome } : {}),
    ...(row.claimed_by !== '' ? { bench: row.claimed_by } : {}),
  };
}

/**
 * The sender book with each client's profile read once, for the drafts checked together (nothing can change a profile
 * meanwhile): a file's orders are mostly one client's, and reading the profile from the settings for each order cost
 * about a tenth of an order's check.
 */
function readOnce(book: SenderBook): SenderBook {
  const read = new Map<number, ReturnType<SenderBook['get']>>();
  return {
    ...book,
    get(clientId) {
      if (!read.has(clientId)) read.set(clientId, book.get(clientId));
      return read.get(clientId);
    },
  };
}

/**
 * `products`: the product list, which learns one piece's value from the lines of the orders kept where it has none
 * (docs/decisions.md, "Goods and values from the order"). `rules`: the shipping rules, whose choice (and why) each
 * order keeps from its import.
 */
export function ordersPort(
  ctx: EngineContext,
  products: Pick<ProductsPort, 'learnValues'>,
  rules: Pick<RulesPort, 'forOrders'>,
): OrdersPort {
  const repo = ctx.orders;
  const memo = createCheckMemo(ctx.db, ctx.clock);
  const checkAll = (caller: Caller, drafts: readonly OrderDraft[]) => {
    const batch: EngineContext = { ...ctx, senders: readOnce(ctx.senders) };
    const checks = {
      owns: (id: number) => ctx.auth.owns(caller, id),
      places: ctx.couriers.places,
      refusal: (request: CreateShipmentRequest) => parsedCourierRefusal(batch, caller, request),
    };
    return memo.issues(caller, drafts, (draft) => checkOrder(draft, checks));
  };
  return {
    check: checkAll,
    checkStamp: (caller) => memo.stamp(caller),
    adoptChecks: (caller, stamp, drafts, issues) => memo.adopt(caller, stamp, drafts, issues),
    add(caller, drafts, source, options = {}) {
      const issues = checkAll(caller, drafts);
      const now = ctx.clock.now().getTime();
      const clean = drafts.filter((_, i) => Object.keys(issues[i]?.errors ?? {}).length === 0);
      const values = clean.map((draft) => normaliseValues(draft.values));
      const ruled = rules.forOrders(
        caller,
        clean.map((draft, i) => ({ clientId: draft.clientId, values: values[i]!, lines: draft.lines, source })),
      );
      const rows = clean.map((draft, i) => {
        const orderRef = draft.orderRef.trim();
        const outcome = ruled[i];
        return {
          user_id: caller.userId,
          client_id: draft.clientId,
          order_ref: orderRef,
          scan_key: scanKeyOf(orderRef),
          data: JSON.stringify(values[i]),
          lines: JSON.stringify(draft.lines),
          source,
          created_at: now,
          rule_outcome: outcome && (outcome.rule || outcome.passed.length > 0) ? JSON.stringify(outcome) : '',
        };
      });
      const result: AddedOrders = {
        added: 0,
        updated: [],
        unchanged: [],
        shipped: [],
        duplicates: 0,
        invalid: issues.filter((issue) => Object.keys(issue.errors).length > 0),
      };
      // The orders, and the values the product list learns from their lines, in one transaction (no check reads the
      // product list, so the checks held stay valid).
      const keep = ctx.db.transaction(() => {
        const outcomes = repo.keepAll(rows);
        products.learnValues(
          caller,
          clean.flatMap((draft) => draft.lines),
        );
        return outcomes;
      });
      const write = () => memo.writing(caller, keep);
      const kept = rows.length === 0 ? [] : options.flushLater ? withoutDiskWait(ctx.db, write) : write();
      kept.forEach((outcome, i) => {
        const row = rows[i]!;
        if (outcome.outcome === 'added') result.added += 1;
        else if (outcome.outcome === 'updated')
          result.updated.push({ orderRef: row.order_ref, fields: changedFields(outcome.before, row) });
        else result[outcome.outcome].push(row.order_ref);
      });
      result.duplicates = result.unchanged.length + result.shipped.length;
      return result;
    },
    list(caller, { state, search = '', limit = 100, offset = 0 }) {
      const page = repo.page(
        caller.userId,
        state,
        { key: scanKeyOf(search), text: search.trim() },
        Math.min(Math.max(1, limit), MAX_PAGE),
        Math.max(0, offset),
      );
      return { total: page.total, rows: page.rows.map(viewOf) };
    },
    find(caller, reference) {
      const key = scanKeyOf(reference);
      const row = key === '' ? undefined : repo.byScanKey(caller.userId, key);
      return row ? viewOf(row) : undefined;
    },
    get(caller, id) {
      const row = repo.byId(caller.userId, id);
      return row ? viewOf(row) : undefined;
    },
    forShipment(caller, shipmentId) {
      const row = repo.byShipment(caller.userId, shipmentId);
      return row ? viewOf(row) : undefined;
    },
    remove: (caller, id) => repo.remove(caller.userId, id),
  };
}
