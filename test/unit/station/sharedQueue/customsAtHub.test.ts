// What a claiming bench adds to the hub's order leaving the EU before its claim: each row's missing HS code, origin,
// unit value and net weight from its product list, the customs value when the order has none; never a product's
// price that would contradict the customs value the shop gave, and nothing at all when it has nothing to add.
import { describe, expect, it } from 'vitest';
import { customsPatch } from '../../../../src/station/sharedQueue/customsAtHub';
import type { Product } from '../../../../src/shared/domain/products';

const product = (sku: string, unit_value: number, unit_weight: number, hs_code: string): Product => ({
  sku,
  description: sku,
  hs_code,
  origin: 'IT',
  unit_weight,
  unit_value,
  currency: '',
});
const PRODUCTS = [product('OLIO-075', 12.9, 0.69, '1509.20'), product('MIELE-500', 9, 0.5, '040900')];
const ROWS = [
  { sku: 'olio-075', description: 'Olio', qty: 2, hs_code: '', country_of_origin: '' },
  { sku: 'MIELE-500', description: 'Miele', qty: 1, hs_code: '040900', country_of_origin: 'IT', peso_riga: 0.45 },
];

describe('customsPatch', () => {
  it("fills what each row lacks from its product and gives the lines' total as customs value", () => {
    expect(customsPatch({ customs_value: 0, rows: ROWS }, PRODUCTS)).toEqual({
      rows: [
        { ...ROWS[0], hs_code: '150920', country_of_origin: 'IT', prezzo_singolo: 12.9, peso_riga: 1.38 },
        // The row's own weight stays.
        { ...ROWS[1], prezzo_singolo: 9 },
      ],
      customs_value: 34.8,
    });
  });

  it("fills prices that add up to the shop's customs value, and none that would contradict it", () => {
    expect(customsPatch({ customs_value: 34.8, rows: ROWS }, PRODUCTS)?.rows).toMatchObject([
      { prezzo_singolo: 12.9 },
      { prezzo_singolo: 9 },
    ]);
    const patch = customsPatch({ customs_value: 40, rows: ROWS }, PRODUCTS);
    expect(patch?.customs_value).toBeUndefined();
    expect(patch?.rows).toEqual([{ ...ROWS[0], hs_code: '150920', country_of_origin: 'IT', peso_riga: 1.38 }, ROWS[1]]);
  });

  it('sends nothing when the rows lack nothing it knows, or it knows no product', () => {
    const whole = [{ ...ROWS[1], prezzo_singolo: 9 }];
    expect(customsPatch({ customs_value: 9, rows: whole }, PRODUCTS)).toBeUndefined();
    expect(customsPatch({ customs_value: 0, rows: ROWS }, [])).toBeUndefined();
    expect(customsPatch({ customs_value: 0, rows: [{ sku: 'ALTRO', qty: 1 }] }, PRODUCTS)).toBeUndefined();
  });
});
