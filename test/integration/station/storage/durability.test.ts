// The station's exactly-once marks ("sending", "maybe sent", printed) must survive a power cut: its SQLite connection
// runs with synchronous=FULL (PRAGMA synchronous reads 2), standalone and connected alike.
import { afterAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { createEngine } from '../../../../src/engine/index';
import { createStation } from '../../../../src/station/index';
import { removeTempDirs, tempDir } from '../../../helpers/tmp';

afterAll(removeTempDirs);

const FULL = 2;
const NORMAL = 1;

describe('durability of the station database', () => {
  it('runs a standalone station with synchronous=FULL in WAL mode', async () => {
    const station = await createStation({ dataDir: tempDir() });
    try {
      expect(station.engine.storageSettings()).toEqual({ synchronous: FULL, journalMode: 'wal' });
    } finally {
      await station.close();
    }
  });

  it('runs a connected station with synchronous=FULL too', async () => {
    const station = await createStation({
      dataDir: tempDir(),
      remoteUrl: 'http://127.0.0.1:9/demo',
      apiKey: 'durability-key-000000001',
      clientIds: [1001],
      sync: { hold: true },
    });
    try {
      expect(station.mode).toBe('connected');
      expect(station.engine.storageSettings().synchronous).toBe(FULL);
    } finally {
      await station.close();
    }
  });

  it('leaves an engine opened without the option at NORMAL (the station asks for FULL itself)', () => {
    const engine = createEngine({
      file: join(tempDir(), 'plain.sqlite'),
      config: { users: [{ api_key: 'plain-key-0001', client_ids: [1] }] },
    });
    try {
      expect(engine.storageSettings().synchronous).toBe(NORMAL);
    } finally {
      engine.close();
    }
  });
});
