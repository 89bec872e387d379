// The fields the WooCommerce order mapping reads, checked against WooCommerce's published order schema
// (test/fixtures/woocommerce/rest-v3.json, from WooCommerce's own controllers): each field read is one WooCommerce
// documents, and the bench's reading of it (types.ts) takes every type WooCommerce documents for it. The fields read
// are the mapping's own, recorded while it maps orders, not a list written by hand.
import { describe, expect, it } from 'vitest';
import { woocommerceOrdersIn } from '../../../../src/shops/woocommerce/orders';
import { WooCommerceOrderSchema, type WooCommerceOrder } from '../../../../src/shops/woocommerce/types';
import { sampleWooOrder } from '../../../fixtures/woocommerceOrders';
import { published, type Param } from '../../../peers/woocommerceDefinitions';

/**
 * Read but not in the published schema, each with why it is read all the same. Liberal in what the bench accepts:
 * a field the answer lacks reads as empty, and each has a documented field it falls back on.
 */
const ANSWERED_UNDOCUMENTED: Record<string, string> = {
  'shipping.phone':
    "WC_Order's shipping address has a phone since WooCommerce 5.6 and the answer carries it; the schema's shipping " +
    'lists none. Read first, billing.phone when empty.',
};

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

/** The published definition at a field's path, or undefined when WooCommerce documents none. */
function documented(path: string): Param | undefined {
  let spec: Param | undefined = { type: 'object', properties: published().schemas['order']?.properties ?? {} };
  for (const part of path.split('.')) {
    const [name = '', ...list] = part.split('[]');
    spec = spec?.properties?.[name];
    for (const _ of list) spec = spec?.items;
  }
  return spec;
}

/** An order with `value` at `path` and nothing else but its id. */
function orderWith(path: string, value: unknown): Record<string, unknown> {
  const build = (parts: string[]): unknown => {
    const [part, ...rest] = parts;
    if (part === undefined) return value;
    const [name = '', ...list] = part.split('[]');
    let inner = build(rest);
    for (const _ of list) inner = [inner];
    return { [name]: inner };
  };
  return { id: 1, ...(build(path.split('.')) as Record<string, unknown>) };
}

/** A value of each type WooCommerce documents; a date not reached is null (wc_rest_prepare_date_response). */
const SAMPLES: Record<string, unknown[]> = {
  string: ['testo'],
  integer: [7],
  number: [12.5],
  boolean: [true],
  null: [null],
  'date-time': ['2026-11-29T10:15:00', null],
  mixed: ['testo'],
};

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
    const unknown = read.filter((path) => !documented(path) && !ANSWERED_UNDOCUMENTED[path]);
    expect(unknown).toEqual([]);
    for (const path of Object.keys(ANSWERED_UNDOCUMENTED))
      expect({ path, documented: documented(path) }).toEqual({
        path,
        documented: undefined,
      });
  });

  it('takes each field read in every type WooCommerce documents for it: prices as strings, a null e-mail…', () => {
    const refused: string[] = [];
    for (const path of fieldsRead()) {
      const spec = documented(path);
      if (!spec || spec.type === 'object' || spec.type === 'array') continue;
      const types = Array.isArray(spec.type) ? spec.type : [spec.type];
      for (const value of types.flatMap((type) => SAMPLES[type] ?? [])) {
        if (!WooCommerceOrderSchema.safeParse(orderWith(path, value)).success)
          refused.push(`${path}: ${JSON.stringify(value)}`);
      }
    }
    expect(refused).toEqual([]);
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
