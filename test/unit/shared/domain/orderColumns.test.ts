// The order file vocabulary: every field of an order named once, and numbers written the Italian or English way.
import { describe, expect, it } from 'vitest';
import { italianNumber, ORDER_FIELDS, OrderFieldSchema } from '../../../../src/shared/domain/orderColumns';

describe('the fields of an order', () => {
  it('names every field of the schema once, with the order reference the only one required', () => {
    expect(ORDER_FIELDS.map((info) => info.field)).toEqual(OrderFieldSchema.options);
    expect(ORDER_FIELDS.filter((info) => info.required).map((info) => info.field)).toEqual(['order_ref']);
  });
});

describe('numbers as shops write them', () => {
  it.each([
    ['2,5', 2.5],
    ['1.234,5', 1234.5],
    ['2.5', 2.5],
    ['1,234.5', 1234.5],
    ['1.234.567', 1234567],
    ['1.234.567,5', 1234567.5],
    ['1,234,567.89', 1234567.89],
    ['1 234,50', 1234.5],
    [' 12 ', 12],
    ['-1,5', -1.5],
    [',5', 0.5],
    ['3 kg', 3],
    ['2,5kg', 2.5],
    ['€ 12,90', 12.9],
    ['89,50 €', 89.5],
    ['10 EUR', 10],
  ])('reads %j as %d', (text, value) => {
    expect(italianNumber(text)).toBe(value);
  });

  it('reads one separator written once as the decimal one, as the form does: "1.234" is 1.234 kg', () => {
    expect(italianNumber('1.234')).toBe(1.234);
    expect(italianNumber('1,234')).toBe(1.234);
  });

  it('reads plain digits, with or without one decimal separator, as the long way reads them', () => {
    // Leading zeros and a separator followed by three digits are read the same as by the general rule above.
    expect(['2', '007', '0', '1,5', '0.25', '1,500', '12345,5'].map(italianNumber)).toEqual([
      2, 7, 0, 1.5, 0.25, 1.5, 12345.5,
    ]);
    // Too many digits for a number is no number, with or without a decimal part.
    expect(italianNumber('9'.repeat(400))).toBeUndefined();
    expect(italianNumber(`${'9'.repeat(400)},5`)).toBeUndefined();
  });

  it.each(['', '   ', 'abc', '300 g', '2 lb', '$ 5', '1e3', '1.2,3', '1,2,3', '2.5.', ',', 'Infinity', '0x10'])(
    'reads %j as no number, for the checker to name',
    (text) => {
      expect(italianNumber(text)).toBeUndefined();
    },
  );
});
