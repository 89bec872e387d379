// Orders read from a file's rows (issue 25), without a station: the cash to collect from the payment columns (an
// explicit COD column first, the outstanding balance, else the total), payment methods told apart, the billing
// address taken whole or not at all, and the company as the label's name.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readOrders } from '../../../src/orderFiles/orderDrafts';
import { readOrderTable } from '../../../src/orderFiles/readFile';
import { paymentKind } from '../../../src/orderFiles/paymentMethod';
import type { OrderTable } from '../../../src/orderFiles/readFile';
import { guessMapping } from '../../../src/shared/domain/orderGuess';

function table(headers: string[], ...rows: string[][]): OrderTable {
  return { format: 'csv', headers, rows: rows.map((cells, i) => ({ line: i + 2, cells })), damagedLines: [] };
}
const read = (t: OrderTable, codWords: string[] = []) =>
  readOrders(t, guessMapping(t.headers), { clientId: 1, codWords });

describe('the cash to collect on delivery', () => {
  const headers = ['Order', 'Contrassegno', 'Payment Method', 'Outstanding Balance', 'Total'];
  it('takes an explicit COD column first, then the outstanding balance, then the order total', () => {
    const orders = read(
      table(
        headers,
        ['A', '12,50', 'Shopify Payments', '', '40.00'],
        ['B', '', 'Cash on Delivery (COD)', '28.90', '38.90'],
        ['C', '', 'Pagamento alla consegna (COD)', '0.00', '45.00'],
        ['D', '', 'PayPal Express Checkout', '0.00', '45.00'],
      ),
    );
    expect(orders.map((o) => o.draft.values.contrassegno)).toEqual(['12.5', '28.9', '45', undefined]);
    expect(orders.every((o) => Object.keys(o.issues).length === 0)).toBe(true);
  });

  it('asks for the amount when the method cannot be read, is missing, or is COD with no amount', () => {
    const orders = read(
      table(headers, ['A', '', 'Pagamento al corriere', '', '30'], ['B', '', '', '', '30'], ['C', '', 'COD', '', '']),
    );
    expect(orders.map((o) => o.issues.contrassegno?.message)).toEqual([
      'Metodo di pagamento non riconosciuto: Pagamento al corriere; indicare il contrassegno (0 se pagato)',
      'Metodo di pagamento mancante: indicare il contrassegno (0 se pagato)',
      'Pagamento alla consegna (COD) senza importo da incassare: indicare il contrassegno',
    ]);
    // The shop's own words make the first one cash on delivery.
    expect(
      read(table(headers, ['A', '', 'Pagamento al corriere', '', '30']), ['pagamento al corriere'])[0]?.draft.values
        .contrassegno,
    ).toBe('30');
  });

  it.each([
    ['Shopify Payments', 'prepaid'],
    ['gift_card + Cash on Delivery (COD)', 'cod'],
    ['Contrassegno', 'cod'],
    ['Bonifico bancario bacs', 'prepaid'],
    ['Satispay', 'prepaid'],
    ['Apple Pay', 'prepaid'],
    ['manual', 'prepaid'],
    ['Pagamento al corriere', 'unknown'],
    ['', 'unknown'],
  ])('reads %j as %s', (method, kind) => {
    expect(paymentKind(method)).toBe(kind);
  });
});

describe('the recipient from shipping and billing columns', () => {
  const headers = [
    'Order',
    'Shipping Name',
    'Shipping Company',
    'Shipping Street',
    'Shipping Zip',
    'Shipping City',
    'Billing Name',
    'Billing Street',
    'Billing Zip',
    'Billing City',
  ];
  it('takes the billing address whole when there is no shipping one, and never a part of it', () => {
    const [billingOnly, shipping] = read(
      table(
        headers,
        ['A', '', '', '', '', '', 'Elena Marchetti', 'Via dei Servi 21', '50122', 'Firenze'],
        [
          'B',
          'Marco Rinaldi',
          'Rinaldi S.r.l.',
          'Corso Italia 1',
          '',
          'Forlì',
          'Marco',
          'Via Roma 1',
          '47121',
          'Forlì',
        ],
      ),
    );
    expect(billingOnly?.draft.values).toMatchObject({
      rcpt_name: 'Elena Marchetti',
      rcpt_addr: 'Via dei Servi 21',
      rcpt_cap: '50122',
      rcpt_city: 'Firenze',
    });
    // A shipping address without its postal code keeps it missing: a billing code is never mixed in.
    expect(shipping?.draft.values.rcpt_cap).toBeUndefined();
    expect(shipping?.draft.values).toMatchObject({ rcpt_name: 'Rinaldi S.r.l.', rcpt_contact: 'Marco Rinaldi' });
  });

  it('keeps a WooCommerce billing company when the shipping one is blank and the parcel is for the same person', () => {
    const woo = [
      'Order Number',
      'First Name (Billing)',
      'Last Name (Billing)',
      'Company (Billing)',
      'First Name (Shipping)',
      'Last Name (Shipping)',
      'Company (Shipping)',
      'Address 1&2 (Shipping)',
      'Postcode (Shipping)',
      'City (Shipping)',
    ];
    const row = (ref: string, shippingFirst: string) => [
      ref,
      'Anna',
      'Galli',
      'Galli Tessuti S.n.c.',
      shippingFirst,
      'Galli',
      '',
      'Via Roma 3',
      '22100',
      'Como',
    ];
    const [same, gift] = read(table(woo, row('2601', 'Anna'), row('2602', 'Paolo')));
    expect(same?.draft.values).toMatchObject({ rcpt_name: 'Galli Tessuti S.n.c.', rcpt_contact: 'Anna Galli' });
    expect(gift?.draft.values).toMatchObject({ rcpt_name: 'Paolo Galli' });
    expect(gift?.draft.values.rcpt_contact).toBeUndefined();
  });
});

describe("each item's price", () => {
  const fixture = async (name: string) => {
    const bytes = readFileSync(join(import.meta.dirname, '../../fixtures/orders', name));
    return read(await readOrderTable(bytes, name));
  };
  const lineValues = (orders: Awaited<ReturnType<typeof fixture>>, ref: string) =>
    orders.find((o) => o.draft.orderRef === ref)?.draft.lines.map((l) => [l.sku ?? l.description, l.unitValue]);

  it("is one piece's value: Shopify's Lineitem price, WooCommerce's Item Cost", async () => {
    const shopify = await fixture('shopifyOrders.csv');
    expect(lineValues(shopify, '#1001')).toEqual([
      ['OLIO-075', 12.9],
      ['MIELE-500', 9],
    ]);
    const woo = await fixture('woocommerceOrders.csv');
    // 2 × 13,90 is the order's 27,80: the cost is one piece's, not the line's.
    expect(lineValues(woo, '2506')).toEqual([['CAF-1K', 13.9]]);
    expect(lineValues(woo, '2501')).toEqual([
      ['CAF-250', 6.5],
      ['TAZ-01', 19],
    ]);
  });

  it('is left out when blank, zero or not a number, and read the Italian way with a currency sign', () => {
    const orders = read(
      table(
        ['Order', 'Descrizione', 'Quantità', 'Prezzo'],
        ['A', 'Tazza', '1', '€ 1.234,50'],
        ['A', 'Piatto', '1', ''],
        ['A', 'Omaggio', '1', '0'],
        ['A', 'Vaso', '1', 'gratis'],
      ),
    );
    expect(orders[0]?.draft.lines.map((l) => l.unitValue)).toEqual([1234.5, undefined, undefined, undefined]);
  });
});

describe('an item’s barcode on the order’s line', () => {
  it('is read from an EAN or barcode column and kept with its line, for the packing check', () => {
    const orders = read(
      table(
        ['Order', 'SKU', 'Descrizione', 'Quantità', 'EAN'],
        ['A', 'MUG-01', 'Tazza', '2', '4006381333931'],
        ['A', 'TEE-M', 'Maglietta', '1', ''],
      ),
    );
    expect(orders[0]?.draft.lines.map((l) => [l.sku, l.barcode])).toEqual([
      ['MUG-01', '4006381333931'],
      ['TEE-M', undefined],
    ]);
    expect(orders[0]?.draft.values).not.toHaveProperty('line_barcode');
  });
});
