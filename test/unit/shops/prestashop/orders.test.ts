// PrestaShop's orders read as the bench's waiting orders by the order files' rules: the delivery address with its
// country's and province's codes, the customer's e-mail, the order rows; cash on delivery while no paid state was
// reached; only orders in an open state ship now.
import { describe, expect, it } from 'vitest';
import { prestashopOrdersIn, type PrestaShopOrderRead } from '../../../../src/shops/prestashop/orders';

function read(changes: Partial<PrestaShopOrderRead> = {}, order: Record<string, unknown> = {}): PrestaShopOrderRead {
  return {
    order: {
      id: 41,
      reference: 'KHWLILZLL',
      module: 'ps_checkout',
      payment: 'Carta di credito',
      total_paid_tax_incl: '56.800000',
      date_upd: '2026-11-26 10:00:00',
      associations: {
        order_rows: [
          { product_reference: 'TAZ-01', product_name: 'Tazza', product_quantity: '2', unit_price_tax_incl: '12.5' },
          { product_reference: 'OUT', product_name: 'Tolto', product_quantity: '0', unit_price_tax_incl: '1' },
        ],
      },
      ...order,
    },
    delivery: {
      id: 7,
      firstname: 'Marco',
      lastname: 'Bianchi',
      company: '',
      address1: 'Via Nazionale 10',
      address2: 'int. 3',
      postcode: '00184',
      city: 'Roma',
      phone: '06 1234567',
      phone_mobile: '333 1234567',
      other: 'Citofono Bianchi',
    },
    invoice: { id: 8, company: '', firstname: 'Marco', lastname: 'Bianchi' },
    email: 'marco.bianchi@example.it',
    country: 'IT',
    province: 'RM',
    open: true,
    paid: true,
    ...changes,
  };
}

const taken = (reads: PrestaShopOrderRead[]) => prestashopOrdersIn(reads, { clientId: 1001, codWords: ['consegna'] });

describe('a PrestaShop order at the bench', () => {
  it("takes each row's EAN-13, or its UPC when it has none, as the line's code for the packing check", () => {
    const row = { product_name: 'Tazza', product_quantity: '1', unit_price_tax_incl: '12.5' };
    const rows = [
      { ...row, product_reference: 'TAZ-01', product_ean13: '8001234000066', product_upc: '012345678905' },
      { ...row, product_reference: 'MUG-US', product_ean13: '', product_upc: '012345678905' },
      { ...row, product_reference: 'NONE', product_ean13: '', product_upc: '' },
    ];
    const [order] = taken([read({}, { associations: { order_rows: rows } })]);
    expect(order?.draft?.lines.map((l) => [l.sku, l.barcode])).toEqual([
      ['TAZ-01', '8001234000066'],
      ['MUG-US', '012345678905'],
      ['NONE', undefined],
    ]);
  });

  it('is the delivery address with its codes, the mobile phone, the e-mail and its rows; nothing to collect', () => {
    const [order] = taken([read()]);
    expect(order).toMatchObject({ shopOrderId: '41', updatedAt: '2026-11-26 10:00:00' });
    expect(order?.draft).toMatchObject({ clientId: 1001, orderRef: 'KHWLILZLL' });
    expect(order?.draft?.values).toMatchObject({
      rcpt_name: 'Marco Bianchi',
      rcpt_addr2: 'int. 3',
      rcpt_cap: '00184',
      rcpt_city: 'Roma',
      rcpt_prov: 'RM',
      rcpt_country_code: 'IT',
      rcpt_phone: '333 1234567',
      rcpt_email: 'marco.bianchi@example.it',
      note: 'Citofono Bianchi',
    });
    expect(order?.draft?.values.contrassegno ?? '').toBe('');
    expect(order?.draft?.lines?.map((l) => [l.sku, l.qty])).toEqual([['TAZ-01', 2]]);
  });

  it('collects the total with taxes on cash on delivery, by its module or the bench’s words for it', () => {
    const cod = taken([
      read({ paid: false }, { module: 'ps_cashondelivery', payment: 'Cash on delivery (COD)' }),
      read({ paid: false }, { id: 42, reference: 'B', module: 'codfee', payment: 'Pagamento alla consegna' }),
    ]);
    expect(cod.map((o) => Number(o.draft?.values.contrassegno))).toEqual([56.8, 56.8]);
    // Paid at the door and marked so in the shop: nothing left to collect.
    const [paid] = taken([read({ paid: true }, { module: 'ps_cashondelivery' })]);
    expect(paid?.draft?.values.contrassegno ?? '').toBe('');
  });

  it('keeps the invoice address’s company when the parcel goes to the person invoiced, not to a gift’s', () => {
    const invoice = { id: 8, company: 'Bianchi Arredi S.r.l.', firstname: 'Marco', lastname: 'Bianchi' };
    const [same] = taken([read({ invoice })]);
    expect(same?.draft?.values).toMatchObject({ rcpt_name: 'Bianchi Arredi S.r.l.', rcpt_contact: 'Marco Bianchi' });
    const [gift] = taken([read({ invoice, delivery: { ...read().delivery!, firstname: 'Lucia' } })]);
    expect(gift?.draft?.values).toMatchObject({ rcpt_name: 'Lucia Bianchi' });
    expect(gift?.draft?.values.rcpt_contact).toBeUndefined();
  });

  it('leaves the bench when its state is no longer an open one (shipped, cancelled, refunded in the shop)', () => {
    expect(taken([read({ open: false })])).toEqual([
      { shopOrderId: '41', updatedAt: '2026-11-26 10:00:00', gone: true },
    ]);
  });
});
