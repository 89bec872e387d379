// The service writes one SQLite file from two connections (the request thread's and the writer thread's): a partner
// event given up while the other connection commits waits for the write lock (the busy timeout), as every other
// write transaction there does, instead of failing at once with SQLITE_BUSY.
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import { createEngine } from '../../../src/engine/index';
import { openDatabase } from '../../../src/engine/db/open';
import { createPartnerRepo } from '../../../src/engine/partners/repo';
import { removeTempDirs, tempDir } from '../../helpers/tmp';

afterEach(removeTempDirs);

/** Another connection, on a thread of its own, holds the write lock for `ms`. */
async function holdWriteLock(file: string, ms: number): Promise<Worker> {
  const holder = new Worker(
    `const Database = require(${JSON.stringify(require.resolve('better-sqlite3'))});
     const db = new Database(${JSON.stringify(file)});
     db.exec('BEGIN IMMEDIATE');
     require('node:worker_threads').parentPort.postMessage('held');
     setTimeout(() => { db.exec('COMMIT'); db.close(); }, ${ms});`,
    { eval: true },
  );
  await new Promise((resolve) => holder.once('message', resolve));
  return holder;
}

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
