// A batch's pick list: each SKU's total over the batch's orders (any case of the SKU, lines without one by their
// description), with its shelf and the orders it goes to, in the order the shelves are walked, no shelf last.
import { describe, expect, it } from 'vitest';
import { pickLinesOf } from '../../../../src/engine/batches/pickList';

const shelves: Record<string, string> = { MUG: 'B-2', TEA: 'A-10', SPOON: 'A-9' };

describe('the pick list', () => {
  it('totals each SKU with its shelf and orders, walking the shelves in order', () => {
    const lines = pickLinesOf(
      [
        {
          orderRef: '#1',
          lines: [
            { sku: 'mug', description: 'Mug', qty: 2 },
            { sku: 'TEA', description: 'Tea', qty: 1 },
          ],
        },
        {
          orderRef: '#2',
          lines: [
            { sku: 'MUG ', description: 'Mug', qty: 1 },
            { description: 'Card', qty: 1 },
          ],
        },
        {
          orderRef: '#3',
          lines: [
            { sku: 'SPOON', description: 'Spoon', qty: 3 },
            { description: 'card', qty: 2 },
          ],
        },
      ],
      (key) => shelves[key] ?? '',
    );
    expect(lines.map((l) => [l.location, l.sku.trim(), l.qty, l.orderRefs.join(' ')])).toEqual([
      ['A-9', 'SPOON', 3, '#3'],
      ['A-10', 'TEA', 1, '#1'],
      ['B-2', 'mug', 3, '#1 #2'],
      ['', '', 3, '#2 #3'],
    ]);
  });
});
