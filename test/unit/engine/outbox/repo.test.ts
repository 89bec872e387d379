// The outbox's reads that the sync worker makes at every pass: what they find, and that they read the open rows'
// index, not the whole table with the done rows a bench keeps for its whole life.
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../../src/engine/db/open';
import { createOutboxRepo, OUTBOX_READS } from '../../../../src/engine/outbox/repo';
import { removeTempDirs, tempDir } from '../../../helpers/tmp';

afterAll(removeTempDirs);

describe('the outbox repo', () => {
  it('finds the first open row of each shipment once due, past any number of done rows, through the index', () => {
    const db = openDatabase(`${tempDir()}/station.db`);
    try {
      const outbox = createOutboxRepo(db);
      for (let i = 0; i < 300; i++) outbox.done(outbox.insert(i, 'create', '{}', 0), 1);
      const create = outbox.insert(1000, 'create', '{}', 10);
      const confirm = outbox.insert(1000, 'confirm', '{}', 11);
      const later = outbox.insert(1001, 'create', '{}', 12);
      outbox.retryAt(later, 500, 'busy', false);

      expect(outbox.ready(100, 10).map((row) => row.id)).toEqual([create]);
      expect(outbox.nextDue()).toBe(0);
      outbox.done(create, 100);
      expect(outbox.ready(100, 10).map((row) => row.id)).toEqual([confirm]);
      outbox.done(confirm, 100);
      expect(outbox.nextDue()).toBe(500);
      expect(outbox.ready(499, 10)).toEqual([]);
      expect(outbox.ready(500, 10).map((row) => row.id)).toEqual([later]);

      // The reads as the repo prepares them, asked for their plans.
      const planOf = (sql: string, ...params: object[]) =>
        (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as { detail: string }[])
          .map((p) => p.detail)
          .join('\n');
      expect(planOf(`${OUTBOX_READS.ready} LIMIT 1`, { now: 0 })).toContain('USING INDEX outbox_open');
      expect(planOf(OUTBOX_READS.nextDue)).toContain('USING INDEX outbox_open');
    } finally {
      db.close();
    }
  });
});
