// An order's rows as the goods lines its shipment declares: each row's own unit value and net weight, the customs
// value the lines' total when the order gives none, and never a share of the customs value invented for rows of
// different items.
import { describe, expect, it } from 'vitest';
import { orderGoods } from '../../../../src/engine/queue/goods';
import type { OrderRow } from '../../../../src/shared/api/orders';

const row = (over: Partial<OrderRow>): OrderRow => ({
  sku: 'OLIO-075',
  description: 'Extra virgin olive oil 0.75 l',
  qty: 2,
  country_of_origin: 'IT',
  hs_code: '150920',
  ...over,
});

describe('orderGoods', () => {
  it("declares each row's unit value, net weight, HS code and origin, and the lines' total as customs value", () => {
    const goods = orderGoods(
      [
        row({ prezzo_singolo: 12.9, peso_riga: 1.38 }),
        row({
          sku: 'MIELE-500',
          description: 'Chestnut honey',
          qty: 1,
          hs_code: '040900',
          prezzo_singolo: 9,
          peso_riga: 0.5,
        }),
      ],
      0,
    );
    expect(goods.lines).toEqual([
      {
        sku: 'OLIO-075',
        description: 'Extra virgin olive oil 0.75 l',
        qty: 2,
        hs_code: '150920',
        origine: 'IT',
        prezzo_singolo: 12.9,
        peso_riga: 1.38,
      },
      {
        sku: 'MIELE-500',
        description: 'Chestnut honey',
        qty: 1,
        hs_code: '040900',
        origine: 'IT',
        prezzo_singolo: 9,
        peso_riga: 0.5,
      },
    ]);
    expect(goods.valoreDoganale).toBe(34.8);
  });

  it('keeps the customs value the order gives, even when the lines add up to another', () => {
    expect(orderGoods([row({ prezzo_singolo: 12.9, peso_riga: 1.38 })], 30).valoreDoganale).toBe(30);
  });

  it('never shares a customs value among rows of different items: their unit values stay unknown', () => {
    const goods = orderGoods([row({}), row({ sku: 'MIELE-500', qty: 1 })], 34.8);
    expect(goods.lines.map((l) => l.prezzo_singolo)).toEqual([undefined, undefined]);
    expect(goods.lines.map((l) => l.peso_riga)).toEqual([undefined, undefined]);
    expect(goods.valoreDoganale).toBe(34.8);
  });

  it('gives one row of one item its customs value per piece, only when that adds back up to the cent', () => {
    expect(orderGoods([row({ qty: 2 })], 25.8).lines[0]?.prezzo_singolo).toBe(12.9);
    expect(orderGoods([row({ qty: 3 })], 100).lines[0]?.prezzo_singolo).toBeUndefined();
  });

  it('leaves the customs value at 0 while a row has no unit value and the order gives none', () => {
    expect(orderGoods([row({ prezzo_singolo: 12.9 }), row({ sku: 'X' })], 0).valoreDoganale).toBe(0);
    expect(orderGoods([], 0)).toEqual({ lines: [], valoreDoganale: 0 });
  });
});
