// Which line of an order a scanned item code names (issue 43): a SKU in any case, an EAN/GTIN with or without its
// check digit, the shop's barcode; a code two SKUs answer to is never guessed between.
import { describe, expect, it } from 'vitest';
import {
  gtinCheckDigit,
  gtinValid,
  itemLinesOf,
  itemsComplete,
  keptGtin,
  matchItem,
  type ItemLine,
} from '../../../../src/shared/domain/itemCodes';

const mug: ItemLine = { sku: 'MUG-01', description: 'Tazza', qty: 2, codes: ['MUG-01', '4006381333931'] };
const tee: ItemLine = { sku: 'TEE-M', description: 'Maglietta', qty: 1, codes: ['TEE-M', '036000291452', 'SH-77'] };

describe('the GTIN check digit', () => {
  it('is computed as GS1 defines it for EAN-8, UPC-A, EAN-13 and GTIN-14', () => {
    expect(gtinCheckDigit('9638507')).toBe(4);
    expect(gtinCheckDigit('03600029145')).toBe(2);
    expect(gtinCheckDigit('400638133393')).toBe(1);
    expect(gtinCheckDigit('1001234500001')).toBe(7);
  });

  it('tells a valid code from one with a wrong last digit or a length no GTIN has', () => {
    expect(gtinValid('96385074')).toBe(true);
    expect(gtinValid('036000291452')).toBe(true);
    expect(gtinValid('4006381333931')).toBe(true);
    expect(gtinValid('10012345000017')).toBe(true);
    expect(gtinValid('4006381333932')).toBe(false);
    expect(gtinValid('123456789')).toBe(false);
    expect(gtinValid('40063813339A1')).toBe(false);
  });

  it('completes a product EAN given without its check digit and refuses one with a wrong digit', () => {
    expect(keptGtin(' 400638133393 ')).toBe('4006381333931');
    expect(keptGtin('4006381333931')).toBe('4006381333931');
    expect(keptGtin('036000291452')).toBe('036000291452');
    expect(keptGtin('4006381333932')).toBeUndefined();
    expect(keptGtin('ABC')).toBeUndefined();
  });
});

describe('matching a scanned item to the order', () => {
  it('finds the line by its SKU in any case, by its EAN and by the shop barcode', () => {
    expect(matchItem('mug-01', [mug, tee])).toEqual({ kind: 'line', index: 0 });
    expect(matchItem('4006381333931', [mug, tee])).toEqual({ kind: 'line', index: 0 });
    expect(matchItem('sh-77', [mug, tee])).toEqual({ kind: 'line', index: 1 });
  });

  it('takes an EAN sent without its check digit, and an UPC-A sent as its EAN-13 with a leading zero', () => {
    expect(matchItem('400638133393', [mug, tee])).toEqual({ kind: 'line', index: 0 });
    expect(matchItem('0036000291452', [mug, tee])).toEqual({ kind: 'line', index: 1 });
  });

  it('says an item that is not in the order is unknown, and a wrong check digit matches nothing', () => {
    expect(matchItem('5901234123457', [mug, tee])).toEqual({ kind: 'unknown' });
    expect(matchItem('4006381333932', [mug, tee])).toEqual({ kind: 'unknown' });
  });

  it('refuses a code two SKUs of the order carry, naming both', () => {
    const cup: ItemLine = { sku: 'CUP-02', description: 'Tazzina', qty: 1, codes: ['CUP-02', '4006381333931'] };
    expect(matchItem('4006381333931', [mug, cup])).toEqual({ kind: 'shared', skus: ['MUG-01', 'CUP-02'] });
  });

  it('never guesses when a code without its check digit could be either of two items', () => {
    // 036000291452 is an UPC-A as sent, and an EAN-13 once a check digit is added: two items answer.
    const other: ItemLine = { sku: 'OTHER', description: 'Altro', qty: 1, codes: ['0360002914522'] };
    expect(matchItem('036000291452', [tee, other])).toEqual({ kind: 'ambiguous', skus: ['TEE-M', 'OTHER'] });
  });

  it('counts two lines of the same SKU as one item, filling the first still short', () => {
    const again: ItemLine = { ...mug, qty: 1 };
    expect(matchItem('MUG-01', [mug, again], [2, 0])).toEqual({ kind: 'line', index: 1 });
    expect(itemsComplete([mug, again], [2, 1])).toBe(true);
    expect(itemsComplete([mug, again], [1, 1])).toBe(false);
  });

  it('names each order line by its SKU, its product’s EAN and barcode, and the barcode the order gave', () => {
    const lines = itemLinesOf(
      [
        { sku: 'mug-01', description: 'Tazza', qty: 2 },
        { description: 'Omaggio', qty: 1, barcode: 'GIFT-1' },
      ],
      [{ sku: 'MUG-01', ean: '4006381333931', barcode: 'SHOP-MUG' }],
    );
    expect(lines).toEqual([
      { sku: 'mug-01', description: 'Tazza', qty: 2, codes: ['mug-01', '4006381333931', 'SHOP-MUG'] },
      { sku: 'Omaggio', description: 'Omaggio', qty: 1, codes: ['GIFT-1'] },
    ]);
    expect(matchItem('gift-1', lines)).toEqual({ kind: 'line', index: 1 });
  });
});
