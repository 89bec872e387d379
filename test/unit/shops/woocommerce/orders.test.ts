// WooCommerce's orders read as the bench's waiting orders by the order files' rules: the shipping address or, when
// the checkout skipped it, the billing one; cash on delivery while unpaid; only processing orders ship now.
import { describe, expect, it } from 'vitest';
import { shipsNow, woocommerceOrdersIn } from '../../../../src/shops/woocommerce/orders';
import { itemLinesOf, matchItem } from '../../../../src/shared/domain/itemCodes';
import type { WooCommerceOrder } from '../../../../src/shops/woocommerce/types';

const address = {
  first_name: 'Marco',
  last_name: 'Bianchi',
  company: '',
  address_1: 'Via Nazionale 10',
  address_2: 'int. 3',
  city: 'Roma',
  state: 'RM',
  postcode: '00184',
  country: 'IT',
  phone: '',
};

function order(changes: Partial<WooCommerceOrder> = {}): WooCommerceOrder {
  return {
    id: 2001,
    number: '2001',
    status: 'processing',
    date_modified_gmt: '2026-11-26T10:00:00',
    date_paid: '2026-11-26T09:59:00',
    payment_method: 'stripe',
    payment_method_title: 'Carta di credito',
    total: '54.90',
    customer_note: 'Lasciare al portiere',
    billing: { ...address, email: 'marco.bianchi@example.it', phone: '+39 333 1234567' },
    shipping: { ...address },
    line_items: [
      { name: 'Tazza in ceramica', sku: 'TAZ-CER-01', quantity: 2 },
      { name: 'Caffè macinato 250 g', sku: 'CAF-MAC-250', quantity: 1 },
    ],
    ...changes,
  };
}

const read = (orders: WooCommerceOrder[]) => woocommerceOrdersIn(orders, { clientId: 1001 });

describe('a WooCommerce order at the bench', () => {
  it('is the recipient, the billing phone and e-mail, and the items; nothing to collect when paid', () => {
    const [taken] = read([order()]);
    expect(taken).toMatchObject({ shopOrderId: '2001', updatedAt: '2026-11-26T10:00:00' });
    expect(taken?.draft).toMatchObject({ clientId: 1001, orderRef: '2001' });
    expect(taken?.draft?.values).toMatchObject({
      rcpt_name: 'Marco Bianchi',
      // The second line on its own (issue 39), as the label prints it.
      rcpt_addr: 'Via Nazionale 10',
      rcpt_addr2: 'int. 3',
      rcpt_cap: '00184',
      rcpt_city: 'Roma',
      rcpt_prov: 'RM',
      rcpt_phone: '+39 333 1234567',
      rcpt_email: 'marco.bianchi@example.it',
      note: 'Lasciare al portiere',
    });
    expect(taken?.draft?.values.contrassegno).toBeUndefined();
    expect(taken?.draft?.lines).toEqual([
      { sku: 'TAZ-CER-01', description: 'Tazza in ceramica', qty: 2 },
      { sku: 'CAF-MAC-250', description: 'Caffè macinato 250 g', qty: 1 },
    ]);
  });

  it("takes each item's unit price, as the export's Item Cost: its price, else its subtotal over its quantity", () => {
    const line_items = [
      { name: 'Tazza in ceramica', sku: 'TAZ-CER-01', quantity: 2, price: 12.5, subtotal: '25.00' },
      { name: 'Caffè macinato 250 g', sku: 'CAF-MAC-250', quantity: 3, subtotal: '22.20' },
      { name: 'Omaggio', sku: 'OMAGGIO', quantity: 1, price: 0, subtotal: '0.00' },
    ];
    expect(read([order({ line_items })])[0]?.draft?.lines.map((l) => [l.sku, l.unitValue])).toEqual([
      ['TAZ-CER-01', 12.5],
      ['CAF-MAC-250', 7.4],
      ['OMAGGIO', undefined],
    ]);
  });

  it("knows an item's barcode from the product list by its SKU: WooCommerce's order line carries none", () => {
    const lines = woocommerceOrdersIn([order()], { clientId: 1001 })[0]?.draft?.lines ?? [];
    expect(lines.map((l) => l.barcode)).toEqual([undefined, undefined]);
    const products = [{ sku: 'taz-cer-01', ean: '8001234000011' }];
    const items = itemLinesOf(lines, products);
    expect(matchItem('8001234000011', items)).toEqual({ kind: 'line', index: 0 });
    expect(matchItem('8001234000035', items)).toEqual({ kind: 'unknown' });
  });

  it('collects the total on delivery from the cod gateway, or the shop’s own words for it, while unpaid', () => {
    const cod = order({ payment_method: 'cod', payment_method_title: 'Pagamento alla consegna', date_paid: null });
    expect(Number(read([cod])[0]?.draft?.values.contrassegno)).toBe(54.9);
    const titled = order({ payment_method: 'custom', payment_method_title: 'Contrassegno', date_paid: null });
    expect(Number(read([titled])[0]?.draft?.values.contrassegno)).toBe(54.9);
  });

  it('takes the billing address when the order has no shipping one', () => {
    const empty = { ...address, first_name: '', last_name: '', address_1: '', address_2: '', city: '', postcode: '' };
    const values = read([order({ shipping: empty })])[0]?.draft?.values;
    expect(values).toMatchObject({ rcpt_name: 'Marco Bianchi', rcpt_addr: 'Via Nazionale 10', rcpt_addr2: 'int. 3' });
  });

  it('keeps the company given only on the billing side when the parcel goes to the person who bills', () => {
    const billing = { ...address, company: 'Bianchi Arredi S.r.l.', email: 'marco.bianchi@example.it' };
    const same = read([order({ billing })])[0]?.draft?.values;
    expect(same).toMatchObject({ rcpt_name: 'Bianchi Arredi S.r.l.', rcpt_contact: 'Marco Bianchi' });
    // A parcel sent to someone else (a gift) is not the billing company's.
    const gift = read([order({ billing, shipping: { ...address, first_name: 'Lucia' } })])[0]?.draft?.values;
    expect(gift).toMatchObject({ rcpt_name: 'Lucia Bianchi' });
    expect(gift?.rcpt_contact).toBeUndefined();
  });

  it('ships only processing orders: awaiting payment, completed, cancelled or refunded ones leave the bench', () => {
    for (const status of ['on-hold', 'pending', 'completed', 'cancelled', 'refunded', 'failed']) {
      expect(shipsNow(order({ status })), status).toBe(false);
      expect(read([order({ status })])[0]).toEqual({
        shopOrderId: '2001',
        updatedAt: '2026-11-26T10:00:00',
        gone: true,
      });
    }
    expect(shipsNow(order())).toBe(true);
  });
});
