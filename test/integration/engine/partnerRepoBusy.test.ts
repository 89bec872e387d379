// The service writes one SQLite file from two connections (the request thread's and the writer thread's): a partner
// event given up while the other connection commits waits for the write lock (the busy timeout), as every other
// write transaction there does, instead of failing at once with SQLITE_BUSY.
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createEngine } from '../../../src/engine/index';
import { openDatabase } from '../../../src/engine/db/open';
import { createPartnerRepo } from '../../../src/engine/partners/repo';
import { removeTempDirs, tempDir } from '../../helpers/tmp';
import { holdWriteLock } from '../../helpers/writeLock';

afterEach(removeTempDirs);

describe('a partner event given up while another connection writes', () => {
  it('waits for the write lock and is marked failed', async () => {
    const file = join(tempDir(), 'service.sqlite');
    createEngine({ file, config: { users: [{ api_key: 'k'.repeat(24), client_ids: [1001] }] } }).close();
    const db = openDatabase(file);
    try {
      const repo = createPartnerRepo(db);
      const id = repo.insert({
        event_id: 'e1',
        user_id: 1,
        client_id: 1001,
        shipment_id: 1,
        order_id: 'o1',
        type: 'shipment.created',
        body: '{}',
        created_at: 0,
      });
      const holder = await holdWriteLock(file, 300);
      expect(() => repo.failed(id, 'gone')).not.toThrow();
      expect(repo.byId(id)?.state).toBe('failed');
      await new Promise((resolve) => holder.once('exit', resolve));
    } finally {
      db.close();
    }
  });
});
