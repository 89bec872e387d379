// The new-shipment form's goods lines (issue 30): rows as typed become the request's lines (untouched rows left out),
// their totals, the customs checks said at the row the operator sees, and an order's lines completed from the
// product list.
import { describe, expect, it } from 'vitest';
import {
  customsLinesOf,
  emptyLine,
  lineIssues,
  lineTotals,
  linesOfOrder,
  linesOfRecord,
  type LineValues,
} from '../../../../src/shared/domain/goodsLinesForm';
import { buildBody, emptyValues, formErrors } from '../../../../src/shared/domain/shipmentForm';
import { PRINTED_BOOKS } from '../../../fixtures/customsLines';

const BOOKS: LineValues = {
  description: 'Printed books',
  sku: 'LIB-01',
  hs_code: '490199',
  origine: '',
  qty: '2',
  prezzo_singolo: '24,50',
  peso_riga: '1,2',
};

describe('the form’s goods lines', () => {
  it('sends the rows typed, decimal commas read, and leaves out a row nobody typed in', () => {
    const lines = [emptyLine(), BOOKS, { ...emptyLine(), description: 'Mug' }];
    expect(customsLinesOf(lines)).toEqual([
      {
        index: 1,
        line: {
          sku: 'LIB-01',
          description: 'Printed books',
          qty: 2,
          hs_code: '490199',
          origine: '',
          prezzo_singolo: 24.5,
          peso_riga: 1.2,
        },
      },
      {
        index: 2,
        line: { sku: '', description: 'Mug', qty: 1, hs_code: '', origine: '', prezzo_singolo: 0, peso_riga: 0 },
      },
    ]);
    expect(lineTotals(lines)).toEqual({ value: 49, netWeight: 1.2 });
  });

  it('sends an HS code typed with dots or spaces as its digits only', () => {
    const typed = [
      { ...BOOKS, hs_code: ' 4901.99.00' },
      { ...BOOKS, hs_code: '4901 99' },
    ];
    expect(customsLinesOf(typed).map(({ line }) => line.hs_code)).toEqual(['49019900', '490199']);
  });

  it('says each problem at the row the operator sees, and the customs value against the lines', () => {
    const lines = [emptyLine(), BOOKS, { ...BOOKS, hs_code: '12', origine: 'ZZ' }];
    expect(lineIssues(lines, { origine: 'IT', valore_doganale: 90, peso: 5 })).toMatchObject({
      'dettagli_ordine.2.hs_code': { code: 'hsCode' },
      'dettagli_ordine.2.origine': { code: 'country' },
      valore_doganale: { code: 'customsTotal', value: '98.00' },
    });
    expect(lineIssues([emptyLine()], { origine: 'IT', valore_doganale: 0, peso: 1 })).toMatchObject({
      dettagli_ordine: { code: 'customsLines' },
    });
  });

  it('sends the lines and their total as the customs value outside the EU only, a typed value as typed', () => {
    const oslo = { ...emptyValues(), rcpt_country_code: 'NO', rcpt_cap: '0154', peso: '3' };
    expect(buildBody(oslo, [], false, [BOOKS])).toMatchObject({
      valore_doganale: '49.00',
      addebito_dogana: '0',
      dettagli_ordine: [{ sku: 'LIB-01', qty: 2, prezzo_singolo: 24.5 }],
    });
    expect(buildBody({ ...oslo, valore_doganale: '50' }, [], false, [BOOKS]).valore_doganale).toBe('50');
    expect(formErrors({ ...oslo, valore_doganale: '50' }, [], false, [BOOKS]).valore_doganale).toMatchObject({
      code: 'customsTotal',
    });
    const forli = { ...emptyValues(), rcpt_cap: '47121' };
    expect(buildBody(forli, [], false, [BOOKS])).not.toHaveProperty('dettagli_ordine');
    expect(buildBody(forli, [], false, [BOOKS])).not.toHaveProperty('addebito_dogana');
  });

  it('brings a refused shipment’s lines back into the table as they were sent', () => {
    const sent = [{ sku: 'LIB-01', description: 'Printed books', qty: 2, hs_code: '490199', prezzo_singolo: 24.5 }];
    expect(linesOfRecord(sent)).toEqual([
      {
        ...emptyLine(),
        sku: 'LIB-01',
        description: 'Printed books',
        qty: '2',
        hs_code: '490199',
        prezzo_singolo: '24.5',
      },
    ]);
    expect(linesOfRecord(undefined)).toEqual([emptyLine()]);
  });

  const product = PRINTED_BOOKS;

  it('fills an order’s lines from the order, then from the product list by SKU', () => {
    const order = [
      { sku: 'lib-01', description: 'Libri', qty: 2, weightKg: 0.7 },
      { sku: 'NEW-9', description: 'Tazza', qty: 1 },
      { description: 'Sconto', qty: 1 },
    ];
    expect(linesOfOrder(order)).toEqual([
      { ...emptyLine(), description: 'Libri', sku: 'lib-01', qty: '2', peso_riga: '1.4' },
      { ...emptyLine(), description: 'Tazza', sku: 'NEW-9', qty: '1' },
      { ...emptyLine(), description: 'Sconto', qty: '1' },
    ]);
    expect(linesOfOrder(order, new Map([['LIB-01', product]]))[0]).toEqual({
      description: 'Printed books',
      sku: 'lib-01',
      hs_code: '490199',
      origine: 'IT',
      qty: '2',
      prezzo_singolo: '24.5',
      peso_riga: '1.2',
    });
    expect(linesOfOrder([])).toEqual([emptyLine()]);
  });

  it("takes one piece's value from the order's price, before the product list's", () => {
    const order = [
      { sku: 'LIB-01', description: 'Libri', qty: 2, unitValue: 19.9 },
      { sku: 'NEW-9', description: 'Tazza', qty: 1, unitValue: 12.5 },
    ];
    expect(linesOfOrder(order, new Map([['LIB-01', product]])).map((line) => line.prezzo_singolo)).toEqual([
      '19.9',
      '12.5',
    ]);
  });

  it("takes the HS code and origin the order gives (a hub's row) before the product list's", () => {
    const line = { sku: 'LIB-01', description: 'Libri', qty: 2, hsCode: '490110', origin: 'DE' };
    expect(linesOfOrder([line], new Map([['LIB-01', product]]))[0]).toMatchObject({ hs_code: '490110', origine: 'DE' });
    expect(linesOfOrder([{ ...line, hsCode: '', origin: undefined }], new Map([['LIB-01', product]]))[0]).toMatchObject(
      {
        hs_code: '490199',
        origine: 'IT',
      },
    );
  });
});
