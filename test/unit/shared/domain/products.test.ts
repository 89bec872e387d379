// A product as the list keeps it: a SKU and a description are needed; the customs facts may be left out (a shop that
// keeps only an item's codes) and are checked when given; which customs facts a product lacks, for the lines that
// need them.
import { describe, expect, it } from 'vitest';
import { customsFactsMissing, productIssues, type Product } from '../../../../src/shared/domain/products';

const CODES_ONLY: Product = {
  sku: 'TAZ-02',
  description: 'Tazza',
  hs_code: '',
  origin: '',
  unit_weight: 0,
  unit_value: 0,
  currency: '',
  ean: '8001234000011',
};

const codes = (p: Product) => Object.entries(productIssues(p)).map(([field, issue]) => [field, issue.code]);

describe('a product of the list', () => {
  it('needs only its SKU and description: the customs facts may be left out', () => {
    expect(codes(CODES_ONLY)).toEqual([]);
    expect(codes({ ...CODES_ONLY, sku: ' ', description: '' })).toEqual([
      ['sku', 'required'],
      ['description', 'required'],
    ]);
  });

  it('checks each customs fact it is given', () => {
    expect(codes({ ...CODES_ONLY, hs_code: '69', origin: 'XX', unit_weight: -1 })).toEqual([
      ['hs_code', 'hsCode'],
      ['origin', 'country'],
      ['unit_weight', 'nonNegative'],
    ]);
    expect(codes({ ...CODES_ONLY, hs_code: '6911.10', origin: 'it', unit_weight: 0.35 })).toEqual([]);
  });

  it('says which customs facts a customs line would lack', () => {
    expect(customsFactsMissing(CODES_ONLY)).toEqual(['hs_code', 'origin', 'unit_weight']);
    expect(customsFactsMissing({ ...CODES_ONLY, hs_code: '691110', unit_weight: 0.35 })).toEqual(['origin']);
    expect(customsFactsMissing({ ...CODES_ONLY, hs_code: '691110', origin: 'IT', unit_weight: 0.35 })).toEqual([]);
  });
});
