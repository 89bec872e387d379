// The engine writes through the log its host gives it (src/shared/log.ts), not to the process's stderr: a shipment a
// full disk left unfinished whose retry then fails for another reason is said there once, and not retried.
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { createEngine, type Caller } from '../../../src/engine/index';
import { validShipment } from '../../fixtures/shipments';
import { recordingLog } from '../../helpers/recordingLog';
import { removeTempDirs, tempDir } from '../../helpers/tmp';
import { until } from '../../helpers/until';

afterAll(removeTempDirs);

const KEY = 'engine-log-key-000001';
const config = { users: [{ api_key: KEY, client_ids: [1001] }] };

describe('the engine’s log', () => {
  it('is the one given: a resume that fails for a reason other than the disk is said there, once', async () => {
    const file = join(tempDir(), 'engine-log.sqlite');
    createEngine({ file, config }).close();
    const probe = new Database(file, { readonly: true });
    const pages = Number(probe.pragma('page_count', { simple: true }));
    probe.close();

    const log = recordingLog();
    const stderr = vi.spyOn(process.stderr, 'write');
    // Room for the shipment's row, none for its labels: it waits "processing" and the engine retries on its own.
    const engine = createEngine({ file, config, maxPages: pages, log, resumeRetry: { baseMs: 200, maxMs: 200 } });
    try {
      const created = await engine.createShipment(engine.authenticate(KEY) as Caller, validShipment());
      expect(created.kind).not.toBe('created');
      // Another connection (no page limit) spoils the waiting shipment: the retry now fails as a bug would.
      const other = new Database(file);
      other.prepare("UPDATE shipments SET label_formats = x'5A504C' WHERE state = 'processing'").run();
      other.close();
      await until(() => log.lines.length > 0, 10_000);
      await new Promise((resolve) => setTimeout(resolve, 600));
      expect(log.of('warn')).toHaveLength(1);
      expect(log.of('warn')[0]).toMatch(/^resuming unfinished shipments failed: /);
      expect(stderr.mock.calls.filter(([text]) => String(text).includes('resuming unfinished'))).toEqual([]);
    } finally {
      stderr.mockRestore();
      engine.close();
    }
  });
});
