// The lists' statements are prepared once per connection and SQL text, whatever values they are run with.
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { cachedStatement } from '../../../../src/engine/db/statementCache';

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
