// The goods word a parcel leaving the EU takes from its goods lines (issue 30, "no typing"): whole descriptions, each
// once, as many as every built-in courier's goods field takes.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { emptyLine, type LineValues } from '../../../../src/shared/domain/goodsLinesForm';
import { GOODS_WORD_MAX, goodsWordOfLines, goodsWordOfOrder } from '../../../../src/shared/domain/goodsWord';

const line = (description: string): LineValues => ({ ...emptyLine(), description, hs_code: '490199' });

describe("an order's goods word, from the lines the shop wrote", () => {
  const order = (...descriptions: string[]) => descriptions.map((description) => ({ description }));

  it("is the only line's description, or all of them when they fit", () => {
    expect(goodsWordOfOrder(order('T-shirt blu M'))).toBe('T-shirt blu M');
    expect(goodsWordOfOrder(order('Miele 500 g', ' miele  500 G', 'Tisana'))).toBe('Miele 500 g, Tisana');
  });

  it('names the first line and counts the others when they do not fit, within the goods field', () => {
    expect(goodsWordOfOrder(order('T-shirt blu M', 'Felpa grigia L', 'Cappellino nero'))).toBe(
      'T-shirt blu M + 2 altri',
    );
    // The first description is cut at a space to leave room for the count.
    const word = goodsWordOfOrder(order('Olio extravergine 0,75 l', 'Miele di castagno 500 g'));
    expect(word).toBe('Olio extravergine + 1 altro');
    expect(goodsWordOfOrder(order('Confezione regalo "Sapori" grande formato'))).toBe('Confezione regalo "Sapori"');
    for (const w of [word, goodsWordOfOrder(order('x'.repeat(80), 'y', 'z'))]) {
      expect(w.length).toBeLessThanOrEqual(GOODS_WORD_MAX);
    }
  });

  it('is nothing for an order without lines or descriptions', () => {
    expect(goodsWordOfOrder([])).toBe('');
    expect(goodsWordOfOrder(order('', '  '))).toBe('');
  });
});

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
