// The order files' headers as data: what the compiler does not check of it (a misspelt flag, a header listed twice).
import { describe, expect, it } from 'vitest';
import { ITEM_HEADERS, ORDER_FIELD_HEADERS } from '../../../../src/shared/domain/orderColumnHeaders';

const FLAGS = ['field', 'required', 'headers', 'shipTo', 'address', 'joins', 'besideItems'];

describe('the headers of every field', () => {
  it.each(ORDER_FIELD_HEADERS.map((info) => [info.field, info] as const))('%s has only known flags', (_, info) => {
    expect(Object.keys(info).filter((flag) => !FLAGS.includes(flag))).toEqual([]);
  });

  it.each(ORDER_FIELD_HEADERS.map((info) => [info.field, info] as const))('%s lists each header once', (_, info) => {
    const headers: readonly string[] = info.headers;
    expect(headers.filter((header, i) => headers.indexOf(header) !== i)).toEqual([]);
  });

  it('joins a column to the next only from a header of its own field', () => {
    for (const info of ORDER_FIELD_HEADERS) {
      const own: readonly string[] = info.headers;
      const joins: Readonly<Record<string, string>> = 'joins' in info ? info.joins : {};
      expect(Object.keys(joins).filter((header) => !own.includes(header))).toEqual([]);
    }
  });

  it('knows an export with one row per item by headers no parcel column has', () => {
    expect(ITEM_HEADERS).toEqual(['Item #', 'Item Cost', 'Item Name', 'Lineitem name']);
  });
});
