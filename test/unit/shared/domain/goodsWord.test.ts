// The goods word a parcel leaving the EU takes from its goods lines (issue 30, "no typing"): whole descriptions, each
// once, as many as every built-in courier's goods field takes.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { emptyLine, type LineValues } from '../../../../src/shared/domain/goodsLinesForm';
import { GOODS_WORD_MAX, goodsWordOfLines } from '../../../../src/shared/domain/goodsWord';

const line = (description: string): LineValues => ({ ...emptyLine(), description, hs_code: '490199' });

describe('the goods word from the lines', () => {
  it('joins whole descriptions, each once, while they fit', () => {
    expect(goodsWordOfLines([line('Printed books'), line(' printed  books '), line('Porcelain mug')])).toBe(
      'Printed books, Porcelain mug',
    );
    // The second does not fit: it and those after it are left out (the word names the first lines), never cut.
    expect(goodsWordOfLines([line('Extra virgin olive oil'), line('Chestnut honey'), line('Tea')])).toBe(
      'Extra virgin olive oil',
    );
  });

  it('cuts a first description too long at a space, and gives nothing for lines without one', () => {
    expect(goodsWordOfLines([line('Extra virgin olive oil 0.75 l, unfiltered')])).toBe('Extra virgin olive oil 0.75 l');
    expect(goodsWordOfLines([line('Supercalifragilisticexpialidocious-tableware')])).toHaveLength(GOODS_WORD_MAX);
    expect(goodsWordOfLines([emptyLine(), { ...emptyLine(), sku: 'LIB-01' }])).toBe('');
  });

  it('fits the goods field of every built-in courier', () => {
    const dir = join(__dirname, '../../../../resources/couriers');
    for (const file of readdirSync(dir).filter((name) => name.endsWith('.json'))) {
      const data = JSON.parse(readFileSync(join(dir, file), 'utf8')) as { field_limits?: Record<string, number> };
      expect(GOODS_WORD_MAX, file).toBeLessThanOrEqual(data.field_limits?.merce ?? Infinity);
    }
  });
});
