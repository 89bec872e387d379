// How much work a wrong price-list file costs, counted rather than timed: every character read with charCodeAt (how
// jsonc-parser and a hand-written scan read text) and every property of a JSON object looked at in jsonc-parser's
// tree. A file of n characters must cost a small multiple of n, whatever the number of its errors; past the budget
// the count throws, so a quadratic reading fails at once instead of running for minutes.
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Node } from 'jsonc-parser';
import { MAX_ERRORS, readPriceListFile } from '../../../../src/engine/pricing/priceListFile';

const work = { units: 0, budget: Infinity };
const step = () => {
  if (++work.units > work.budget) throw new Error(`more than ${work.budget} units of work`);
};

/** Object nodes whose property list counts each look at one of its properties. */
function counted(node: Node | undefined): Node | undefined {
  const pending = node ? [node] : [];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const children = next.children;
    if (!children) continue;
    for (const child of children) pending.push(child);
    if (next.type === 'object')
      Object.defineProperty(next, 'children', {
        value: new Proxy(children, {
          get(target, key, receiver) {
            if (typeof key === 'string' && /^\d+$/.test(key)) step();
            return Reflect.get(target, key, receiver) as unknown;
          },
        }),
      });
  }
  return node;
}

vi.mock('jsonc-parser', async (original) => {
  const actual = await original<typeof import('jsonc-parser')>();
  return { ...actual, parseTree: (...args: Parameters<typeof actual.parseTree>) => counted(actual.parseTree(...args)) };
});

function workOf(text: string, perCharacter: number) {
  const charCodeAt = String.prototype.charCodeAt;
  work.units = 0;
  work.budget = perCharacter * text.length;
  String.prototype.charCodeAt = function (this: string, index: number) {
    step();
    return charCodeAt.call(this, index);
  };
  try {
    return readPriceListFile(text);
  } finally {
    String.prototype.charCodeAt = charCodeAt;
    work.budget = Infinity;
  }
}

const ACCOUNT = JSON.parse(
  readFileSync(new URL('../../../fixtures/pricelists/account.json', import.meta.url), 'utf8'),
) as { price_lists: Array<Record<string, unknown>> };
const LIST = ACCOUNT.price_lists[0] ?? {};

const HOLE = '"§"';
/** The account's list with `key` holding `entry(i)` for i = 0, 1, … until the text is `size` characters or more. */
function wrongFile(size: number, key: 'zones' | 'prices', entry: (i: number) => string) {
  const shell =
    key === 'zones'
      ? JSON.stringify({ ...LIST, zones: '§' }, null, 2).replace(HOLE, `[${HOLE}]`)
      : JSON.stringify({ ...LIST, brackets: [{ max_kg: 1, prices: '§' }] }, null, 2).replace(HOLE, `{${HOLE}}`);
  const entries: string[] = [];
  for (let length = shell.length; length < size; length += entries[entries.length - 1]?.length ?? 0)
    entries.push(`${entry(entries.length)},\n`);
  return shell.replace(HOLE, entries.join('').slice(0, -2));
}

/** `count` copies of a list with a few wrong fields each, as `{ "price_lists": [...] }`. */
const manyWrongLists = (count: number) =>
  JSON.stringify({
    price_lists: Array.from({ length: count }, (_, i) => ({ ...LIST, servizio: i + 1, vat_pct: 'x', fuel_pct: -1 })),
  });

afterEach(() => {
  work.budget = Infinity;
});

describe('a wrong price-list file', () => {
  it('costs work in proportion to its size, not to its size times its errors (100 kB, one error per value)', () => {
    const text = wrongFile(100_000, 'zones', () => '1');
    expect(text.length).toBeGreaterThan(99_000);
    const read = workOf(text, 10);
    expect(read.ok).toBe(false);
  });

  it('costs work in proportion to its size when its errors are thousands of keys of one object', () => {
    const text = wrongFile(100_000, 'prices', (i) => `"Z${i}": "x"`);
    const read = workOf(text, 10);
    expect(read.ok ? [] : read.errors.slice(0, 2)).toEqual([
      expect.objectContaining({ path: 'brackets.0.prices.Z0' }),
      expect.objectContaining({ path: 'brackets.0.prices.Z1' }),
    ]);
  });

  it('lists its first 50 problems by line and then says how many more there are', () => {
    const read = workOf(manyWrongLists(40), 10);
    expect(read.ok).toBe(false);
    if (read.ok) return;
    expect(read.errors).toHaveLength(MAX_ERRORS + 1);
    expect(read.errors.at(-1)?.message).toBe('… e altri 30 errori');
    // The count the screen says is the file's, not the lines listed.
    expect(read.errorCount).toBe(80);
  });

  it('of 5 MB is refused with linear work, a bounded answer, and the lists left unchecked named', () => {
    const lists = manyWrongLists(Math.ceil(5_000_000 / JSON.stringify(LIST).length));
    for (const text of [
      wrongFile(5_000_000, 'zones', () => '1'),
      wrongFile(5_000_000, 'prices', (i) => `"Z${i}": "x"`),
      lists,
    ]) {
      expect(text.length).toBeGreaterThan(4_900_000);
      const read = workOf(text, 10);
      expect(read.ok).toBe(false);
      if (read.ok) return;
      expect(read.errors.length).toBeLessThanOrEqual(MAX_ERRORS + 1);
      expect(read.errors.reduce((chars, e) => chars + e.message.length + e.path.length, 0)).toBeLessThan(10_000);
      if (text === lists)
        expect(read.errors.at(-1)?.message).toMatch(/^… e altri \d+ errori; \d+ listini non sono stati controllati$/);
    }
  });

  it('holding one list of more than 20,000 values is refused as too big without checking each value', () => {
    const read = workOf(
      wrongFile(200_000, 'zones', () => '1'),
      10,
    );
    expect(read).toEqual({
      ok: false,
      errors: [{ line: 1, path: '', message: 'Listino troppo grande: più di 20.000 valori' }],
      errorCount: 1,
    });
  });
});
