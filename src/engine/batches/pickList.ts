// What a batch's pick list says: each SKU's total over the batch's orders (lines without a SKU by their description),
// with its shelf and the orders it goes to, in the order the shelves are walked (no shelf last), then by SKU.
import type { OrderLine } from '../../shared/domain/orders';
import { skuKey } from '../../shared/domain/products';
import type { PickLine } from './pickListPdf';

const natural = new Intl.Collator('it', { numeric: true, sensitivity: 'base' });

export function pickLinesOf(
  orders: readonly { orderRef: string; lines: readonly OrderLine[] }[],
  locationOf: (skuKey: string) => string,
): PickLine[] {
  const byKey = new Map<string, PickLine>();
  for (const order of orders) {
    for (const line of order.lines) {
      const sku = (line.sku ?? '').trim();
      const key = sku !== '' ? `S:${skuKey(sku)}` : `D:${line.description.trim().toLowerCase()}`;
      let pick = byKey.get(key);
      if (!pick) {
        pick = {
          location: sku ? locationOf(skuKey(sku)) : '',
          sku,
          description: line.description,
          qty: 0,
          orderRefs: [],
        };
        byKey.set(key, pick);
      }
      pick.qty += line.qty;
      if (!pick.orderRefs.includes(order.orderRef)) pick.orderRefs.push(order.orderRef);
    }
  }
  return [...byKey.values()].sort(
    (a, b) =>
      Number(a.location === '') - Number(b.location === '') ||
      natural.compare(a.location, b.location) ||
      natural.compare(a.sku, b.sku) ||
      natural.compare(a.description, b.description),
  );
}
