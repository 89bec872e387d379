// A shop's orders read as the rows of that shop's CSV export and taken through the order files' reader, so a shop
// connected to the bench and a file exported from it give the same waiting orders. Each platform says its columns,
// which orders the bench ships now, and how an order becomes its rows; the reading is written once here.
import { orderReader, type ReadOrder } from '../orderFiles/orderDrafts';
import type { ShopOrderIn } from '../engine/index';
import type { FieldIssue } from '../shared/api/fieldIssues';
import type { ColumnEntry } from '../shared/domain/orderColumns';

/** A platform's export as the reader takes it. */
export interface ShopExport<O> {
  /** The export's column names, each read as the order field (or its fallback) beside it; the reference first. */
  columns: readonly (readonly [string, ColumnEntry])[];
  id(order: O): string;
  updatedAt(order: O): string;
  /** Whether the bench ships it now; one that does not leaves the bench while it waits. */
  shipsNow(order: O, codWords: readonly string[]): boolean;
  /** The order's own cells, then one set of item cells per item (none: one row with empty item cells). */
  cells(order: O, codWords: readonly string[]): { head: string[]; items: string[][] };
  /** What the platform itself finds wrong with an order read (more lines than were read). */
  issue?(order: O, read: ReadOrder): FieldIssue | undefined;
}

/** The export's rows for one order: the first carries the order, the next ones only its reference and an item. */
function rowsOf(head: readonly string[], items: readonly string[][], itemColumns: number): string[][] {
  if (items.length === 0) return [[...head, ...Array.from({ length: itemColumns }, () => '')]];
  const reference = head.map((cell, column) => (column === 0 ? cell : ''));
  return items.map((item, i) => [...(i === 0 ? head : reference), ...item]);
}

/** One page of a shop's orders, each as the bench takes it in. */
export function readShopOrders<O>(
  shop: ShopExport<O>,
  orders: readonly O[],
  options: { clientId: number; codWords?: readonly string[] },
): ShopOrderIn[] {
  const codWords = options.codWords ?? [];
  const headers = shop.columns.map(([header]) => header);
  const reader = orderReader(
    headers,
    shop.columns.map(([, field]) => field),
    { clientId: options.clientId, codWords },
  );
  const taken: ShopOrderIn[] = [];
  let line = 0;
  for (const order of orders) {
    const shopOrderId = shop.id(order);
    const updatedAt = shop.updatedAt(order);
    if (!shop.shipsNow(order, codWords)) {
      taken.push({ shopOrderId, updatedAt, gone: true });
      continue;
    }
    const { head, items } = shop.cells(order, codWords);
    const before = reader.orders().length;
    for (const cells of rowsOf(head, items, headers.length - head.length)) reader.take({ line: (line += 1), cells });
    const mine = reader.orders()[before];
    if (!mine) continue;
    const own = shop.issue?.(order, mine);
    if (own) mine.issues.order_ref = own;
    // What the reader finds wrong (unreadable text, too many lines) refuses the order like the bench's checks do:
    // it stays in the shop until corrected there.
    const issues = Object.keys(mine.issues).length > 0 ? { issues: mine.issues } : {};
    taken.push({ shopOrderId, updatedAt, draft: mine.draft, ...issues });
  }
  return taken;
}
