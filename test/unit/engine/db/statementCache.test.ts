// The lists' statements are prepared once per connection and SQL text, whatever values they are run with; a polled
// read's row limit is part of its text, so a loop's look at its queue is not compiled again at every pass.
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { cachedStatement, limitedStatement } from '../../../../src/engine/db/statementCache';

describe('cachedStatement', () => {
  it('hands back the same statement for the same text on a connection, and its own to another connection', () => {
    const one = new Database(':memory:');
    const two = new Database(':memory:');
    try {
      const sql = 'SELECT @n + 1 AS n';
      const first = cachedStatement<{ n: number }, { n: number }>(one, sql);
      expect(cachedStatement<{ n: number }, { n: number }>(one, sql)).toBe(first);
      expect(first.get({ n: 1 })?.n).toBe(2);
      expect(first.get({ n: 41 })?.n).toBe(42);
      expect(cachedStatement(one, 'SELECT 1')).not.toBe(first);
      expect(cachedStatement(two, sql)).not.toBe(first);
    } finally {
      one.close();
      two.close();
    }
  });
});

describe('limitedStatement', () => {
  it('gives at most `limit` rows in order, from one statement per limit, and refuses a limit that is not one', () => {
    const db = new Database(':memory:');
    try {
      db.exec('CREATE TABLE t (n INTEGER); INSERT INTO t VALUES (3), (1), (2), (5), (4)');
      const below = limitedStatement<{ max: number }, { n: number }>(db, 'SELECT n FROM t WHERE n <= @max ORDER BY n');
      expect(
        below(2)
          .all({ max: 4 })
          .map((r) => r.n),
      ).toEqual([1, 2]);
      expect(
        below(10)
          .all({ max: 4 })
          .map((r) => r.n),
      ).toEqual([1, 2, 3, 4]);
      expect(below(0).all({ max: 4 })).toEqual([]);
      expect(below(2)).toBe(below(2));
      expect(below(2).source).toMatch(/LIMIT 2$/);
      expect(() => below(1.5)).toThrow(RangeError);
      expect(() => below(-1)).toThrow(RangeError);
      expect(() => below(Number.NaN)).toThrow(RangeError);
    } finally {
      db.close();
    }
  });
});
