// A goods line typed by hand and the product list (issue 30): a product's facts only into empty cells, its weight
// following the quantity unless typed, and a saved line as the product its SKU names.
import { describe, expect, it } from 'vitest';
import { emptyLine, type LineValues } from '../../../../src/shared/domain/goodsLinesForm';
import {
  newSkus,
  productOfLine,
  withFacts,
  withProductWhereEmpty,
  withQty,
} from '../../../../src/shared/domain/lineProducts';
import { PORCELAIN_MUG } from '../../../fixtures/customsLines';

const MUG = PORCELAIN_MUG;

describe('a line and its product', () => {
  it('fills only the cells left empty, the weight for the quantity typed', () => {
    const typed: LineValues = { ...emptyLine(), description: 'Tazza', sku: 'tazza-01', qty: '2', prezzo_singolo: '10' };
    expect(withProductWhereEmpty(typed, MUG)).toEqual({
      description: 'Tazza',
      sku: 'tazza-01',
      hs_code: '691110',
      origine: 'CN',
      qty: '2',
      prezzo_singolo: '10',
      peso_riga: '0.7',
    });
    // A product without a unit value leaves the value to type.
    expect(withProductWhereEmpty(emptyLine(), { ...MUG, unit_value: 0 }).prezzo_singolo).toBe('');
  });

  it('moves a weight the product gave with the quantity, and leaves one typed', () => {
    const filled = withProductWhereEmpty({ ...emptyLine(), sku: 'TAZZA-01' }, MUG);
    expect(withQty(filled, '3', MUG).peso_riga).toBe('1.05');
    expect(withQty(filled, '', MUG).peso_riga).toBe('');
    expect(withQty({ ...filled, peso_riga: '0,5' }, '3', MUG).peso_riga).toBe('0,5');
    expect(withQty({ ...filled, peso_riga: '0,5' }, '3', null)).toMatchObject({ qty: '3', peso_riga: '0,5' });
  });

  it('makes a saved line’s SKU a product: one piece’s weight and value, the shipment’s origin if blank', () => {
    const line: LineValues = {
      description: 'Ceramic vase',
      sku: ' VASO-09 ',
      hs_code: '6913 90',
      origine: '',
      qty: '2',
      prezzo_singolo: '20',
      peso_riga: '1,6',
    };
    expect(productOfLine(line, 'IT')).toEqual({
      sku: 'VASO-09',
      description: 'Ceramic vase',
      hs_code: '6913 90',
      origin: 'IT',
      unit_weight: 0.8,
      unit_value: 20,
      currency: '',
    });
    expect(productOfLine({ ...line, sku: '' }, 'IT')).toBeUndefined();
    expect(productOfLine({ ...line, peso_riga: '' }, 'IT')).toBeUndefined();
  });

  it('tells the SKUs the list was found to lack, each once', () => {
    const facts = withFacts({}, ['vaso-09', 'tazza-01'], [MUG]);
    const lines = [
      { ...emptyLine(), sku: 'vaso-09' },
      { ...emptyLine(), sku: 'VASO-09 ' },
      { ...emptyLine(), sku: 'TAZZA-01' },
      { ...emptyLine(), sku: 'LIB-01' },
    ];
    expect(newSkus(lines, facts)).toEqual(['vaso-09']);
  });
});
