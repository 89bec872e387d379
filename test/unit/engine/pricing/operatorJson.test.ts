import { describe, expect, it } from 'vitest';
import {
  holdsMoreThan,
  lineIndex,
  MAX_JSON_DEPTH,
  textPlaces,
  tooDeepAt,
} from '../../../../src/engine/pricing/operatorJson';

describe('an operator JSON text', () => {
  it('gives each offset the line a person sees in an editor', () => {
    const text = 'a\nbc\n\nd';
    const naive = (offset: number) => text.slice(0, offset).split('\n').length;
    const lineAt = lineIndex(text);
    for (let offset = 0; offset <= text.length + 2; offset++) expect(lineAt(offset)).toBe(naive(offset));
  });

  it('finds where it nests too deep, counting no bracket inside a text', () => {
    expect(tooDeepAt('['.repeat(MAX_JSON_DEPTH) + ']'.repeat(MAX_JSON_DEPTH))).toBe(-1);
    expect(tooDeepAt('['.repeat(MAX_JSON_DEPTH + 1))).toBe(MAX_JSON_DEPTH);
    expect(tooDeepAt(`["\\"${'['.repeat(100)}", ${'{"a":'.repeat(MAX_JSON_DEPTH - 1)}`)).toBe(-1);
    expect(tooDeepAt('[]'.repeat(100_000))).toBe(-1);
  });

  it('puts a path on the line of its value, or else of the deepest one on the way, the first of repeated keys', () => {
    const { lineOf } = textPlaces('{\n "a": [\n  1,\n  {"b": 2}\n ],\n "c": 3,\n "c": 4\n}');
    expect(lineOf(['a', 1, 'b'])).toBe(4);
    expect(lineOf(['a', 0])).toBe(3);
    expect(lineOf(['a', 7, 'x'])).toBe(2);
    expect(lineOf(['missing', 'x'])).toBe(1);
    expect(lineOf(['c'])).toBe(6);
    expect(lineOf([])).toBe(1);
  });

  it('counts its values up to a bound, without recursion', () => {
    expect(holdsMoreThan({ a: [1, 2], b: { c: 3 } }, 6)).toBe(false);
    expect(holdsMoreThan({ a: [1, 2], b: { c: 3 } }, 5)).toBe(true);
    let deep: unknown = 1;
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(holdsMoreThan(deep, 1_000_000)).toBe(false);
  });
});
