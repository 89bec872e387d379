// A service's two engines open one SQLite file (the request thread's, and the writer thread's, started again after a
// crash while the other writes): an engine that opens while the other connection holds the write lock waits for it
// (the busy timeout) to write its configured users and invoiced clients, instead of failing with SQLITE_BUSY.
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createEngine } from '../../../src/engine/index';
import { removeTempDirs, tempDir } from '../../helpers/tmp';
import { holdWriteLock } from '../../helpers/writeLock';

afterEach(removeTempDirs);

const config = {
  users: [{ api_key: 'k'.repeat(24), client_ids: [1001], invoiced_clients: [{ id: 7, name: 'Rossi Srl' }] }],
};

describe('an engine opened while another connection writes the file', () => {
  it('waits for the write lock, then serves the configured user', async () => {
    const file = join(tempDir(), 'service.sqlite');
    createEngine({ file, config }).close();
    const holder = await holdWriteLock(file, 300);
    const engine = createEngine({ file, config });
    try {
      const caller = engine.authenticate('k'.repeat(24));
      expect(caller?.clientIds).toEqual([1001]);
    } finally {
      engine.close();
      await new Promise((resolve) => holder.once('exit', resolve));
    }
  });
});
