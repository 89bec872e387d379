// Shopify's orders read as the bench's waiting orders by the order files' rules: the recipient, the company as its
// name, the items with their weights, cash on delivery only for an unpaid order of a cash-on-delivery gateway; and
// which orders the bench ships now (open, not fulfilled, paid or paid on delivery).
import { describe, expect, it } from 'vitest';
import { shipsNow, shopifyOrdersIn } from '../../../../src/shops/shopify/orders';
import type { ShopifyOrder } from '../../../../src/shops/shopify/types';

const money = (amount: string) => ({ shopMoney: { amount, currencyCode: 'EUR' } });

function order(changes: Partial<ShopifyOrder> = {}): ShopifyOrder {
  return {
    id: 'gid://shopify/Order/7',
    name: '#1007',
    updatedAt: '2026-11-26T10:00:00Z',
    cancelledAt: null,
    closed: false,
    displayFinancialStatus: 'PAID',
    displayFulfillmentStatus: 'UNFULFILLED',
    paymentGatewayNames: ['shopify_payments'],
    email: 'giulia.rossi@example.it',
    phone: null,
    note: 'Citofono Rossi',
    totalPriceSet: money('38.80'),
    totalOutstandingSet: money('0.00'),
    shippingAddress: {
      name: 'Giulia Rossi',
      firstName: 'Giulia',
      lastName: 'Rossi',
      company: null,
      address1: 'Via Roma 1',
      address2: 'Scala B',
      zip: '20121',
      city: 'Milano',
      provinceCode: 'MI',
      countryCodeV2: 'IT',
      phone: '+39 347 1234567',
    },
    billingAddress: null,
    lineItems: {
      nodes: [
        {
          sku: 'TAZ-CER-01',
          name: 'Tazza in ceramica',
          quantity: 2,
          currentQuantity: 2,
          variant: { inventoryItem: { measurement: { weight: { unit: 'GRAMS', value: 350 } } } },
        },
        {
          sku: 'CAF-MAC-250',
          name: 'Caffè macinato 250 g',
          quantity: 1,
          currentQuantity: 1,
          variant: { inventoryItem: { measurement: { weight: { unit: 'KILOGRAMS', value: 0.27 } } } },
        },
        // Removed from the order in Shopify after it was placed: nothing to pack.
        { sku: 'QUA-A5-RIG', name: 'Quaderno A5', quantity: 1, currentQuantity: 0, variant: null },
      ],
    },
    ...changes,
  };
}

const read = (orders: ShopifyOrder[], codWords: string[] = []) => shopifyOrdersIn(orders, { clientId: 1001, codWords });

describe('a Shopify order at the bench', () => {
  it('is the recipient and the items to pack, weights in kg, and collects nothing when paid', () => {
    const [taken] = read([order()]);
    expect(taken).toMatchObject({ shopOrderId: 'gid://shopify/Order/7', updatedAt: '2026-11-26T10:00:00Z' });
    expect(taken?.gone).toBeUndefined();
    expect(taken?.issues).toBeUndefined();
    expect(taken?.draft).toMatchObject({ clientId: 1001, orderRef: '#1007' });
    expect(taken?.draft?.values).toMatchObject({
      rcpt_name: 'Giulia Rossi',
      // The second line on its own (issue 39), as the label prints it.
      rcpt_addr: 'Via Roma 1',
      rcpt_addr2: 'Scala B',
      rcpt_cap: '20121',
      rcpt_city: 'Milano',
      rcpt_prov: 'MI',
      rcpt_country_code: 'IT',
      rcpt_phone: '+39 347 1234567',
      rcpt_email: 'giulia.rossi@example.it',
      note: 'Citofono Rossi',
    });
    expect(taken?.draft?.values.contrassegno).toBeUndefined();
    expect(taken?.draft?.lines).toEqual([
      { sku: 'TAZ-CER-01', description: 'Tazza in ceramica', qty: 2, weightKg: 0.35 },
      { sku: 'CAF-MAC-250', description: 'Caffè macinato 250 g', qty: 1, weightKg: 0.27 },
    ]);
  });

  it("takes each item's unit price, as the export's Lineitem price, for the customs line and the product list", () => {
    const [tazza, caffe] = order().lineItems?.nodes ?? [];
    const priced = order({
      lineItems: {
        nodes: [
          { ...tazza, originalUnitPriceSet: money('12.50') },
          { ...caffe, originalUnitPriceSet: null },
        ],
      },
    });
    expect(read([priced])[0]?.draft?.lines.map((l) => [l.sku, l.unitValue])).toEqual([
      ['TAZ-CER-01', 12.5],
      ['CAF-MAC-250', undefined],
    ]);
  });

  it("takes each item's variant barcode as the line's code for the packing check, and none when it has none", () => {
    const [tazza, caffe] = order().lineItems?.nodes ?? [];
    const weight = { unit: 'GRAMS', value: 350 };
    const coded = order({
      lineItems: {
        nodes: [
          { ...tazza, variant: { barcode: ' 8001234000011 ', inventoryItem: { measurement: { weight } } } },
          { ...caffe, variant: { barcode: null, inventoryItem: null } },
        ],
      },
    });
    expect(read([coded])[0]?.draft?.lines.map((l) => [l.sku, l.barcode])).toEqual([
      ['TAZ-CER-01', '8001234000011'],
      ['CAF-MAC-250', undefined],
    ]);
  });

  it("names the company as the recipient and the person as its contact, as the export's rules do", () => {
    const shippingAddress = { ...order().shippingAddress, company: 'Bar Centrale srl' };
    expect(read([order({ shippingAddress })])[0]?.draft?.values).toMatchObject({
      rcpt_name: 'Bar Centrale srl',
      rcpt_contact: 'Giulia Rossi',
    });
  });

  it('collects on delivery what is still to pay of an unpaid order of a cash-on-delivery gateway', () => {
    const cod = order({
      displayFinancialStatus: 'PENDING',
      paymentGatewayNames: ['Cash on Delivery (COD)'],
      totalOutstandingSet: money('38.80'),
    });
    expect(Number(read([cod])[0]?.draft?.values.contrassegno)).toBe(38.8);
    // The shop's own words for it, from the station's settings.
    const own = order({ displayFinancialStatus: 'PENDING', paymentGatewayNames: ['Pagamento al corriere'] });
    expect(read([own])[0]?.gone).toBe(true);
    expect(Number(read([own], ['pagamento al corriere'])[0]?.draft?.values.contrassegno)).toBe(38.8);
    // A gift card paid part: the balance is collected.
    const gift = order({
      displayFinancialStatus: 'PARTIALLY_PAID',
      paymentGatewayNames: ['gift_card', 'Cash on Delivery (COD)'],
      totalOutstandingSet: money('30.00'),
    });
    expect(Number(read([gift])[0]?.draft?.values.contrassegno)).toBe(30);
    // Paid already (the COD gateway marked paid in the shop): nothing to collect.
    const paid = order({ paymentGatewayNames: ['Cash on Delivery (COD)'] });
    expect(read([paid])[0]?.draft?.values.contrassegno).toBeUndefined();
  });

  it('leaves the bench when cancelled, archived, fulfilled in the shop or refunded; waits for a transfer', () => {
    const cases: Partial<ShopifyOrder>[] = [
      { cancelledAt: '2026-11-26T11:00:00Z' },
      { closed: true },
      { displayFulfillmentStatus: 'FULFILLED' },
      { displayFinancialStatus: 'REFUNDED' },
      { displayFinancialStatus: 'VOIDED' },
      { displayFinancialStatus: 'PENDING', paymentGatewayNames: ['Bank Deposit'] },
    ];
    for (const changes of cases) {
      expect(shipsNow(order(changes), []), JSON.stringify(changes)).toBe(false);
      expect(read([order(changes)])[0]).toEqual({
        shopOrderId: 'gid://shopify/Order/7',
        updatedAt: '2026-11-26T10:00:00Z',
        gone: true,
      });
    }
    for (const financial of ['PAID', 'PARTIALLY_PAID', 'PARTIALLY_REFUNDED', 'AUTHORIZED'])
      expect(shipsNow(order({ displayFinancialStatus: financial }), []), financial).toBe(true);
    expect(shipsNow(order({ displayFulfillmentStatus: 'PARTIALLY_FULFILLED' }), [])).toBe(true);
  });

  it('packs only what is left of a partly fulfilled order', () => {
    const nodes = order().lineItems!.nodes!.map((item, i) => (i === 0 ? { ...item, unfulfilledQuantity: 1 } : item));
    const partly = order({ displayFulfillmentStatus: 'PARTIALLY_FULFILLED', lineItems: { nodes } });
    expect(read([partly])[0]?.draft?.lines.map((l) => l.qty)).toEqual([1, 1]);
  });

  it('takes a page of orders each as its own waiting order, in the page’s order', () => {
    const page = [order(), order({ id: 'gid://shopify/Order/8', name: '#1008' })];
    expect(read(page).map((t) => t.draft?.orderRef)).toEqual(['#1007', '#1008']);
  });

  it('names an order of more lines than were read instead of shipping it short', () => {
    const lineItems = { ...order().lineItems, pageInfo: { hasNextPage: true } };
    const taken = read([order({ lineItems })])[0];
    expect(taken?.issues?.order_ref).toMatchObject({ message: expect.stringContaining('più di 25 righe') });
  });

  it('reads the billing address when the order has no shipping address (a pickup order)', () => {
    const billing = { ...order().shippingAddress, address1: 'Via Dante 3', address2: null };
    const taken = read([order({ shippingAddress: null, billingAddress: billing })])[0];
    expect(taken?.draft?.values.rcpt_addr).toBe('Via Dante 3');
    expect(taken?.draft?.values.rcpt_addr2).toBeUndefined();
  });
});
