// What a bench posts to the hub's order queue for an order it took in: the documented customs fields it knows (the
// customs value and its currency, each row's HS code and origin) and each row's unit value and net weight under the
// aggregator's own goods-line names, from the order and the bench's product list; and the hub's rows read back into
// the lines every bench keeps.
import { describe, expect, it } from 'vitest';
import { draftOf, orderBody } from '../../../../src/station/sharedQueue/orderBody';
import type { Product } from '../../../../src/shared/domain/products';

const PRODUCTS: Product[] = [
  {
    sku: 'OLIO-075',
    description: 'Extra virgin olive oil 0.75 l',
    hs_code: '150920',
    origin: 'IT',
    unit_weight: 0.69,
    unit_value: 12.9,
    currency: 'EUR',
  },
  {
    sku: 'MIELE-500',
    description: 'Chestnut honey 500 g',
    hs_code: '040900',
    origin: 'IT',
    unit_weight: 0.5,
    unit_value: 9,
    currency: 'EUR',
  },
];

const order = (values: Record<string, string>, lines = LINES) => ({
  clientId: 1001,
  orderRef: 'CH-1',
  values: {
    rcpt_name: 'Anna Keller',
    rcpt_addr: 'Bahnhofstrasse 10',
    rcpt_cap: '8001',
    rcpt_city: 'Zürich',
    rcpt_prov: 'ZH',
    rcpt_country_code: 'CH',
    rcpt_phone: '+41441234567',
    rcpt_email: 'anna@example.ch',
    ...values,
  },
  lines,
});
const LINES = [
  { sku: 'olio-075', description: 'Olio extravergine', qty: 2, unitValue: 13.5 },
  { sku: 'MIELE-500', description: 'Miele di castagno', qty: 1 },
];

describe('orderBody', () => {
  it("posts an order to Zürich with every customs fact the bench knows: the order's prices, the products'", () => {
    const body = orderBody(order({}), PRODUCTS);
    expect(body).toMatchObject({ country: 'CH', zip: '8001', customs_value: 36, currency: 'EUR' });
    // The order's own price wins over the product's; the customs descriptions are the product list's English ones.
    expect(body.rows).toEqual([
      {
        sku: 'olio-075',
        description: 'Extra virgin olive oil 0.75 l',
        qty: 2,
        hs_code: '150920',
        country_of_origin: 'IT',
        prezzo_singolo: 13.5,
        peso_riga: 1.38,
      },
      {
        sku: 'MIELE-500',
        description: 'Chestnut honey 500 g',
        qty: 1,
        hs_code: '040900',
        country_of_origin: 'IT',
        prezzo_singolo: 9,
        peso_riga: 0.5,
      },
    ]);
  });

  it("posts the order's own customs value and currency when it gives them", () => {
    expect(orderBody(order({ valore_doganale: '30,00', valuta: 'chf' }), PRODUCTS)).toMatchObject({
      customs_value: 30,
      currency: 'CHF',
    });
  });

  it('leaves out what it does not know: no customs value while a row has no price, no facts without a product', () => {
    const body = orderBody(order({}), []);
    expect(body.customs_value).toBeUndefined();
    expect(body.currency).toBeUndefined();
    expect(body.rows).toEqual([
      { sku: 'olio-075', description: 'Olio extravergine', qty: 2, prezzo_singolo: 13.5 },
      { sku: 'MIELE-500', description: 'Miele di castagno', qty: 1 },
    ]);
  });

  it("keeps the shop's descriptions for an order inside the EU, with the facts it knows", () => {
    const body = orderBody(order({ rcpt_country_code: 'IT', rcpt_cap: '47121' }), PRODUCTS);
    expect((body.rows as { description: string }[]).map((r) => r.description)).toEqual([
      'Olio extravergine',
      'Miele di castagno',
    ]);
    expect(body.rows).toMatchObject([{ hs_code: '150920', peso_riga: 1.38 }, { hs_code: '040900' }]);
  });
});

describe('draftOf', () => {
  it("keeps a hub row's unit value, one piece's weight, HS code and origin on the bench's line", () => {
    const draft = draftOf({
      id: 7,
      client_id: 1001,
      order_ref: 'CH-1',
      status: 'waiting',
      shipment_id: 0,
      platform: '',
      fields: {
        country: 'CH',
        rows: [
          {
            sku: 'OLIO-075',
            description: 'Extra virgin olive oil',
            qty: 2,
            hs_code: '1509.20',
            country_of_origin: 'it',
            prezzo_singolo: 12.9,
            peso_riga: 1.38,
          },
          { sku: 'X', description: 'Senza dati', qty: 1 },
        ],
      },
    });
    expect(draft.lines).toEqual([
      {
        sku: 'OLIO-075',
        description: 'Extra virgin olive oil',
        qty: 2,
        unitValue: 12.9,
        weightKg: 0.69,
        hsCode: '150920',
        origin: 'IT',
      },
      { sku: 'X', description: 'Senza dati', qty: 1 },
    ]);
  });
});
