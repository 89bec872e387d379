// The fields the WooCommerce order mapping reads, checked against WooCommerce's published order schema
// (test/fixtures/woocommerce/rest-v3.json, from WooCommerce's own controllers): each field read is one WooCommerce
// documents (their types: types.published.test.ts). The fields read are the mapping's own, recorded while it maps
// orders, not a list written by hand.
import { describe, expect, it } from 'vitest';
import { woocommerceOrdersIn } from '../../../../src/shops/woocommerce/orders';
import { WooCommerceOrderSchema, type WooCommerceOrder } from '../../../../src/shops/woocommerce/types';
import { sampleWooOrder } from '../../../fixtures/woocommerceOrders';
import { ANSWERED_UNDOCUMENTED, documentedField, type Param } from '../../../peers/woocommerceDefinitions';

/** `order` wrapped so that every field read of it, at any depth, is recorded by its path ('line_items[].sku'). */
function recording(order: object, paths: Set<string>): WooCommerceOrder {
  const wrap = (value: object, at: string): object =>
    new Proxy(value, {
      get(target, key, receiver) {
        const field = Reflect.get(target, key, receiver) as unknown;
        if (typeof key !== 'string' || !Object.prototype.hasOwnProperty.call(target, key)) return field;
        if (Array.isArray(target) && key === 'length') return field;
        const path = Array.isArray(target) ? `${at}[]` : at ? `${at}.${key}` : key;
        paths.add(path);
        return field !== null && typeof field === 'object' ? wrap(field, path) : field;
      },
    });
  return wrap(order, '') as WooCommerceOrder;
}

const documented = (path: string): Param | undefined => documentedField('order', path);
const ANSWERED = ANSWERED_UNDOCUMENTED['order'] ?? {};

/** Every field the mapping reads of orders of every kind the fixture makes (cash on delivery, no shipping address…). */
function fieldsRead(): string[] {
  const paths = new Set<string>();
  const orders = Array.from({ length: 12 }, (_, i) => recording({ id: 2000 + i, ...sampleWooOrder(i) }, paths));
  const taken = woocommerceOrdersIn(orders, { clientId: 1, codWords: ['contrassegno'] });
  expect(taken).toHaveLength(12);
  return [...paths].sort();
}

describe('the WooCommerce order mapping against WooCommerce’s published order schema', () => {
  it('reads only fields WooCommerce documents (or answers, for the ones said why)', () => {
    const read = fieldsRead();
    expect(read).toContain('line_items[].price');
    const unknown = read.filter((path) => !documented(path) && !ANSWERED[path]);
    expect(unknown).toEqual([]);
    for (const path of Object.keys(ANSWERED))
      expect({ path, documented: documented(path) }).toEqual({
        path,
        documented: undefined,
      });
  });

  it('maps an order carrying the other documented types: a null e-mail and payment date, a number price', () => {
    const order = { id: 9, ...sampleWooOrder(4) };
    const shaped = {
      ...order,
      billing: { ...order.billing, email: null },
      date_paid: null,
      line_items: order.line_items.map((item) => ({ ...item, price: 12.5, quantity: 2 })),
    };
    expect(WooCommerceOrderSchema.safeParse(shaped).success).toBe(true);
    const [taken] = woocommerceOrdersIn([WooCommerceOrderSchema.parse(shaped)], { clientId: 1, codWords: [] });
    expect(taken && 'draft' in taken ? taken.draft?.lines[0] : undefined).toMatchObject({ qty: 2 });
  });
});
