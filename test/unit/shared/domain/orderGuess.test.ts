// The first guess of an order file's mapping: the columns a bench finds already mapped when it opens a Shopify,
// WooCommerce or Italian gestionale export, a remembered mapping brought up to date, and the key of a file's layout.
import { describe, expect, it } from 'vitest';
import { ColumnMappingSchema, type ColumnEntry } from '../../../../src/shared/domain/orderColumns';
import { guessMapping, layoutKey, upgradedMapping, withFieldsSince } from '../../../../src/shared/domain/orderGuess';

/** A field as itself, a fallback as "field?" (read when the field's own columns are blank). */
const shown = (entry: ColumnEntry | undefined): string =>
  entry === undefined || entry === '' ? '' : typeof entry === 'string' ? entry : `${entry.fallback}?`;

/** Header → field for the headers that got one. */
function mapped(headers: readonly string[]): Record<string, string> {
  const mapping = guessMapping(headers);
  expect(mapping).toHaveLength(headers.length);
  return Object.fromEntries(headers.flatMap((header, i) => (mapping[i] ? [[header, shown(mapping[i])]] : [])));
}

const SHOPIFY = (
  'Name,Email,Financial Status,Paid at,Fulfillment Status,Fulfilled at,Accepts Marketing,Currency,Subtotal,Shipping,' +
  'Taxes,Total,Discount Code,Discount Amount,Shipping Method,Created at,Lineitem quantity,Lineitem name,' +
  'Lineitem price,Lineitem compare at price,Lineitem sku,Lineitem requires shipping,Lineitem taxable,' +
  'Lineitem fulfillment status,Billing Name,Billing Street,Billing Address1,Billing Address2,Billing Company,' +
  'Billing City,Billing Zip,Billing Province,Billing Country,Billing Phone,Shipping Name,Shipping Street,' +
  'Shipping Address1,Shipping Address2,Shipping Company,Shipping City,Shipping Zip,Shipping Province,' +
  'Shipping Country,Shipping Phone,Notes,Note Attributes,Cancelled at,Payment Method,Payment Reference,' +
  'Refunded Amount,Vendor,Outstanding Balance,Employee,Location,Device ID,Id,Tags,Risk Level,Source,' +
  'Lineitem discount,Tax 1 Name,Tax 1 Value,Phone,Receipt Number,Duties,Billing Province Name,' +
  'Shipping Province Name,Payment ID,Payment Terms Name,Next Payment Due At,Payment References'
).split(',');

describe('the first guess of an order file mapping', () => {
  it('maps a Shopify export to the shipping address, the billing one its fallback, and reads the payment', () => {
    expect(mapped(SHOPIFY)).toEqual({
      Name: 'order_ref',
      Email: 'rcpt_email',
      Total: 'order_total',
      'Lineitem quantity': 'line_qty',
      'Lineitem name': 'line_description',
      'Lineitem sku': 'line_sku',
      // One piece's price: the customs line's unit value, and the product list's when it has none.
      'Lineitem price': 'line_price',
      'Shipping Name': 'rcpt_name',
      'Shipping Company': 'rcpt_company',
      // Street is Address1 and Address2 joined: left unmapped, the second line is read apart (issue 39).
      'Shipping Address1': 'rcpt_addr',
      'Shipping Address2': 'rcpt_addr2',
      'Shipping City': 'rcpt_city',
      'Shipping Zip': 'rcpt_cap',
      'Shipping Province': 'rcpt_prov',
      'Shipping Country': 'rcpt_country_code',
      'Shipping Phone': 'rcpt_phone',
      'Billing Name': 'rcpt_name?',
      'Billing Company': 'rcpt_company?',
      'Billing Address1': 'rcpt_addr?',
      'Billing Address2': 'rcpt_addr2?',
      'Billing City': 'rcpt_city?',
      'Billing Zip': 'rcpt_cap?',
      'Billing Province': 'rcpt_prov?',
      'Billing Country': 'rcpt_country_code?',
      'Billing Phone': 'rcpt_phone?',
      Notes: 'note',
      'Payment Method': 'payment_method',
      'Outstanding Balance': 'amount_due',
    });
  });

  it("maps WooCommerce's Order Export: names joined, billing as the fallback, the billing phone as the phone", () => {
    const headers = [
      'Order Number',
      'Order Status',
      'Order Date',
      'Payment Method Title',
      'Payment Method',
      'Order Total Amount',
      'First Name (Billing)',
      'Last Name (Billing)',
      'Company (Billing)',
      'Address 1&2 (Billing)',
      'City (Billing)',
      'State Code (Billing)',
      'Postcode (Billing)',
      'Country Code (Billing)',
      'Email (Billing)',
      'Phone (Billing)',
      'First Name (Shipping)',
      'Last Name (Shipping)',
      'Company (Shipping)',
      'Address 1&2 (Shipping)',
      'City (Shipping)',
      'State Code (Shipping)',
      'Postcode (Shipping)',
      'Country Code (Shipping)',
      'Customer Note',
      'Item #',
      'SKU',
      'Item Name',
      'Quantity (- Refund)',
      'Item Cost',
      'Weight',
    ];
    expect(mapped(headers)).toEqual({
      'Order Number': 'order_ref',
      'Payment Method Title': 'payment_method',
      'Payment Method': 'payment_method',
      'Order Total Amount': 'order_total',
      'First Name (Billing)': 'rcpt_name?',
      'Last Name (Billing)': 'rcpt_name?',
      'Company (Billing)': 'rcpt_company?',
      'Address 1&2 (Billing)': 'rcpt_addr?',
      'City (Billing)': 'rcpt_city?',
      'State Code (Billing)': 'rcpt_prov?',
      'Postcode (Billing)': 'rcpt_cap?',
      'Country Code (Billing)': 'rcpt_country_code?',
      'Email (Billing)': 'rcpt_email',
      'Phone (Billing)': 'rcpt_phone',
      'First Name (Shipping)': 'rcpt_name',
      'Last Name (Shipping)': 'rcpt_name',
      'Company (Shipping)': 'rcpt_company',
      'Address 1&2 (Shipping)': 'rcpt_addr',
      'City (Shipping)': 'rcpt_city',
      'State Code (Shipping)': 'rcpt_prov',
      'Postcode (Shipping)': 'rcpt_cap',
      'Country Code (Shipping)': 'rcpt_country_code',
      'Customer Note': 'note',
      SKU: 'line_sku',
      'Item Name': 'line_description',
      'Quantity (- Refund)': 'line_qty',
      // WooCommerce's item cost is one piece's price (2 × 13,90 = 27,80 in its export).
      'Item Cost': 'line_price',
      // Beside item columns a bare "Weight" is the product's, in kg.
      Weight: 'line_weight',
    });
    // A file of one row per order: its "Weight" is the parcel's.
    expect(mapped(['Ordine', 'Weight'])).toEqual({ Ordine: 'order_ref', Weight: 'peso' });
  });

  it('maps a WooCommerce export, in title case or as the plugin writes its keys', () => {
    const expected = {
      order_ref: 'Order Number',
      rcpt_name: 'Shipping First Name + Shipping Last Name',
      rcpt_company: 'Shipping Company',
      rcpt_addr: 'Shipping Address 1',
      rcpt_addr2: 'Shipping Address 2',
      rcpt_city: 'Shipping City',
      rcpt_prov: 'Shipping State',
      rcpt_cap: 'Shipping Postcode',
      rcpt_country_code: 'Shipping Country',
      rcpt_phone: 'Shipping Phone',
      'rcpt_phone?': 'Billing Phone',
      rcpt_email: 'Billing Email',
      note: 'Customer Note',
      line_description: 'Item Name',
      line_sku: 'SKU',
      line_qty: 'Quantity',
      order_total: 'Order Total',
    };
    const headers = [
      'Order ID',
      'Order Number',
      'Order Status',
      'Order Date',
      'Shipping First Name',
      'Shipping Last Name',
      'Shipping Company',
      'Shipping Address 1',
      'Shipping Address 2',
      'Shipping City',
      'Shipping State',
      'Shipping Postcode',
      'Shipping Country',
      'Shipping Phone',
      'Billing Email',
      'Billing Phone',
      'Customer Note',
      'Item Name',
      'SKU',
      'Quantity',
      'Order Total',
    ];
    const byField = (list: readonly string[]) => {
      const mapping = guessMapping(list);
      const out: Record<string, string> = {};
      list.forEach((header, i) => {
        const key = shown(mapping[i]);
        if (key !== '') out[key] = out[key] ? `${out[key]} + ${header}` : header;
      });
      return out;
    };
    expect(byField(headers)).toEqual(expected);
    const keys = headers.map((h) => h.toLowerCase().replace(/ /g, '_'));
    expect(Object.keys(byField(keys)).sort()).toEqual(Object.keys(expected).sort());
  });

  it("maps an Italian gestionale's headers, accents, abbreviations and all", () => {
    expect(
      mapped([
        'N. ordine',
        'Data',
        'Codice cliente',
        'Ragione sociale',
        'Referente',
        'Indirizzo',
        'CAP',
        'Località',
        'Prov.',
        'Nazione',
        'Telefono',
        'Cellulare',
        'E-mail',
        'Colli',
        'Peso (kg)',
        'Contrassegno',
        'Note',
        'Codice',
        'Descrizione',
        'Q.tà',
      ]),
    ).toEqual({
      'N. ordine': 'order_ref',
      'Ragione sociale': 'rcpt_name',
      Referente: 'rcpt_contact',
      Indirizzo: 'rcpt_addr',
      CAP: 'rcpt_cap',
      Località: 'rcpt_city',
      'Prov.': 'rcpt_prov',
      Nazione: 'rcpt_country_code',
      // A mobile over a landline: couriers text the delivery notice.
      Cellulare: 'rcpt_phone',
      'E-mail': 'rcpt_email',
      Colli: 'colli',
      'Peso (kg)': 'peso',
      Contrassegno: 'contrassegno',
      Note: 'note',
      Codice: 'line_sku',
      Descrizione: 'line_description',
      'Q.tà': 'line_qty',
    });
  });

  it('reads "CAP destinatario", "Città di consegna", "Zip (Shipping)" as the recipient\'s, "CAP mittente" not', () => {
    expect(
      mapped([
        'Riferimento',
        'Nome destinatario',
        'Indirizzo di consegna',
        'CAP destinatario',
        'Città di consegna',
        'CAP mittente',
        'Note di consegna',
        'RIFERIMENTO_ORDINE_SHOP',
      ]),
    ).toEqual({
      Riferimento: 'order_ref',
      'Nome destinatario': 'rcpt_name',
      'Indirizzo di consegna': 'rcpt_addr',
      'CAP destinatario': 'rcpt_cap',
      'Città di consegna': 'rcpt_city',
      'Note di consegna': 'note',
    });
    expect(mapped(['Order', 'Zip (Shipping)', 'Billing Zip'])).toEqual({
      Order: 'order_ref',
      'Zip (Shipping)': 'rcpt_cap',
      'Billing Zip': 'rcpt_cap?',
    });
    // Billing columns alone are the recipient's; beside a shipping address, never a part of it.
    expect(mapped(['Order', 'Billing Zip', 'Billing City'])).toEqual({
      Order: 'order_ref',
      'Billing Zip': 'rcpt_cap',
      'Billing City': 'rcpt_city',
    });
    expect(mapped(['Order', 'Shipping Zip', 'Billing City'])).toMatchObject({ 'Billing City': 'rcpt_city?' });
  });

  it('takes "Articolo" for the product name alone, for its code beside a "Descrizione"', () => {
    expect(mapped(['Ordine', 'Articolo', 'Quantità'])).toMatchObject({ Articolo: 'line_description' });
    expect(mapped(['Ordine', 'Articolo', 'Descrizione'])).toMatchObject({
      Articolo: 'line_sku',
      Descrizione: 'line_description',
    });
    expect(mapped(['Ordine', 'Codice', 'Articolo'])).toMatchObject({
      Codice: 'line_sku',
      Articolo: 'line_description',
    });
  });

  it('takes "Name" for the recipient when another column holds the order number', () => {
    expect(mapped(['Order ID', 'Name', 'City'])).toEqual({
      'Order ID': 'order_ref',
      Name: 'rcpt_name',
      City: 'rcpt_city',
    });
  });

  it('leaves unknown headers, the second of two for one field, and weights in grams unmapped', () => {
    expect(guessMapping(['Colore', 'Peso (g)', 'Ordine', 'Ordine', ''])).toEqual(['', '', 'order_ref', '', '']);
    expect(ColumnMappingSchema.safeParse(guessMapping(SHOPIFY)).success).toBe(true);
  });

  it('keeps reading a mapping remembered before fallbacks, and one with them', () => {
    expect(ColumnMappingSchema.safeParse(['order_ref', '', 'rcpt_cap']).success).toBe(true);
    expect(ColumnMappingSchema.safeParse(['order_ref', { fallback: 'rcpt_phone' }]).success).toBe(true);
    expect(ColumnMappingSchema.safeParse(['order_ref', { fallback: 'nothing' }]).success).toBe(false);
  });

  it('brings a mapping remembered before fallbacks up to date, leaving what the operator chose otherwise', () => {
    const headers = ['Order', 'First Name (Shipping)', 'Last Name (Shipping)', 'Phone (Billing)', 'Zip', 'Billing Zip'];
    const guess = guessMapping(headers);
    expect(guess).toEqual(['order_ref', 'rcpt_name', 'rcpt_name', 'rcpt_phone', 'rcpt_cap', { fallback: 'rcpt_cap' }]);
    // The operator had the first name and the zip as guessed: the last name, phone and billing zip join them.
    expect(upgradedMapping(['order_ref', 'rcpt_name', '', '', 'rcpt_cap', ''], guess)).toEqual(guess);
    // The operator read the postal code from the billing zip: the shipping zip is not added beside it.
    expect(upgradedMapping(['order_ref', 'rcpt_name', '', '', '', 'rcpt_cap'], guess)).toEqual([
      'order_ref',
      'rcpt_name',
      'rcpt_name',
      'rcpt_phone',
      '',
      'rcpt_cap',
    ]);
  });

  it("reads Shopify's second address line apart in a layout remembered with the two lines joined (issue 39)", () => {
    const headers = [
      'Name',
      'Shipping Street',
      'Shipping Address1',
      'Shipping Address2',
      'Billing Street',
      'Billing Address1',
      'Billing Address2',
    ];
    const guess = guessMapping(headers);
    const joined = ['order_ref', 'rcpt_addr', '', '', { fallback: 'rcpt_addr' }, '', ''] as const;
    // Remembered at version 3 with Street (Address1 and Address2 joined): both lines now apart, never printed twice.
    expect(withFieldsSince([...joined], guess, 3).map(shown)).toEqual([
      'order_ref',
      '',
      'rcpt_addr',
      'rcpt_addr2',
      '',
      'rcpt_addr?',
      'rcpt_addr2?',
    ]);
    // Confirmed since (version 4) as the operator left it: unchanged.
    expect(withFieldsSince([...joined], guess, 4)).toEqual(joined);
  });

  it('reads the line price in a layout remembered before the vocabulary knew it, never over the operator', () => {
    const headers = ['Name', 'Lineitem name', 'Lineitem price', 'Prezzo'];
    const guess = guessMapping(headers);
    expect(guess).toEqual(['order_ref', 'line_description', 'line_price', '']);
    // Confirmed at version 2 with the price column unread (the field did not exist): it is read now.
    expect(withFieldsSince(['order_ref', 'line_description', '', ''], guess, 2)).toEqual(guess);
    // The same mapping confirmed at version 3 left the price unread on purpose: it stays so.
    expect(withFieldsSince(['order_ref', 'line_description', '', ''], guess, 3)).toEqual([
      'order_ref',
      'line_description',
      '',
      '',
    ]);
    // The operator read the price from another column (remembered since): the guess's is not added beside it.
    expect(withFieldsSince(['order_ref', 'line_description', '', 'line_price'], guess, 2)).toEqual([
      'order_ref',
      'line_description',
      '',
      'line_price',
    ]);
  });
});

describe("the key a file's layout is remembered by", () => {
  it('is the same for the same export on another day, whatever case, accents or spacing it is written in', () => {
    expect(layoutKey(['N. ordine', 'Città', 'CAP'])).toBe(layoutKey([' n° ORDINE ', 'Citta', 'C.A.P.;']));
    expect(layoutKey(['Ordine', 'CAP', '', ''])).toBe(layoutKey(['Ordine', 'CAP']));
    expect(layoutKey(SHOPIFY)).toBe(layoutKey([...SHOPIFY]));
  });

  it('changes when a column is added, removed or moved', () => {
    const key = layoutKey(['Ordine', 'CAP', 'Città']);
    expect(layoutKey(['Ordine', 'Città', 'CAP'])).not.toBe(key);
    expect(layoutKey(['Ordine', 'CAP'])).not.toBe(key);
    expect(layoutKey(['Ordine', 'CAP', 'Città', 'Note'])).not.toBe(key);
    expect(layoutKey(['Ordine', '', 'CAP', 'Città'])).not.toBe(key);
  });
});
