// How deep a request body may nest: counted in levels of objects and arrays, whatever the keys, and walked without
// recursion, so a body that would overflow a recursive walk is told apart like any other.
import { describe, expect, it } from 'vitest';
import { nestedDeeperThan } from '../../../src/service/httpLimits';

const nested = (levels: number, inner: unknown = 1): unknown => {
  let value = inner;
  for (let i = 0; i < levels; i++) value = i % 2 === 0 ? { a: value } : [value];
  return value;
};

describe('nestedDeeperThan', () => {
  it('counts objects and arrays as levels and scalars as none', () => {
    expect(nestedDeeperThan(1, 0)).toBe(false);
    expect(nestedDeeperThan(null, 0)).toBe(false);
    expect(nestedDeeperThan({}, 0)).toBe(true);
    expect(nestedDeeperThan({}, 1)).toBe(false);
    expect(nestedDeeperThan(nested(32), 32)).toBe(false);
    expect(nestedDeeperThan(nested(33), 32)).toBe(true);
  });

  it('finds the deep branch beside shallow ones', () => {
    const body = { corriere: 70, dettagli_ordine: [{ sku: 'A1' }, { sku: 'B2', extra: nested(40) }], note: 'x' };
    expect(nestedDeeperThan(body, 32)).toBe(true);
    expect(nestedDeeperThan({ ...body, dettagli_ordine: [{ sku: 'A1' }] }, 32)).toBe(false);
  });

  it('walks a body of 100,000 levels without overflowing the stack', () => {
    expect(nestedDeeperThan(nested(100_000), 32)).toBe(true);
  });
});
