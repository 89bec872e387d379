// Outbox rows are read through their kind's versioned schema: a row this station cannot read (corrupt, or written by
// a newer version) is parked with the reason on its own shipment, and the other shipments still reach the remote.
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { databaseFileFor } from '../../../src/station/connection/connection';
import { createStation, type Station } from '../../../src/station/index';
import { CLIENT_IDS, REMOTE_KEY, remoteCopies, useRemote } from '../../helpers/syncSetup';
import { tempDir } from '../../helpers/tmp';
import { validShipment } from '../../fixtures/shipments';

const peers = useRemote();
let station: Station | undefined;

afterEach(async () => {
  await station?.close();
  station = undefined;
});

describe('outbox rows a station cannot read', () => {
  it('parks a corrupt row and a row from a newer version with the reason, and sends every other shipment', async () => {
    const dataDir = tempDir();
    const s = await createStation({
      dataDir,
      remoteUrl: peers.proxy.url,
      apiKey: REMOTE_KEY,
      clientIds: CLIENT_IDS,
      sync: { rateLimits: false, retry: { baseMs: 20, maxMs: 200 }, refreshEveryMs: 60_000, hold: true },
    });
    station = s;
    const records = [];
    for (let i = 0; i < 4; i += 1) {
      const outcome = await s.engine.createShipment(s.caller, validShipment({ note: `collo ${i}` }));
      if (outcome.kind !== 'created') throw new Error(outcome.error);
      records.push(outcome.record);
    }
    const [first, corrupt, newer, last] = records as [
      (typeof records)[0],
      (typeof records)[0],
      (typeof records)[0],
      (typeof records)[0],
    ];

    // By hand, as a damaged file or a newer station sharing the folder would leave them.
    const raw = new Database(databaseFileFor(dataDir, peers.proxy.url));
    raw.prepare('UPDATE outbox SET payload = \'{"client_id": 10\' WHERE shipment_id = ?').run(corrupt.id);
    raw.prepare('UPDATE outbox SET version = 2 WHERE shipment_id = ?').run(newer.id);
    raw.close();

    s.sync?.start();
    await s.sync?.drained(20_000);

    expect(await remoteCopies(peers.direct, first.ddt_alpha)).toBe('one');
    expect(await remoteCopies(peers.direct, last.ddt_alpha)).toBe('one');
    expect(await remoteCopies(peers.direct, corrupt.ddt_alpha)).toBe('none');
    expect(await remoteCopies(peers.direct, newer.ddt_alpha)).toBe('none');
    expect(s.engine.listedShipment(s.caller, corrupt.id)).toMatchObject({
      sync_state: 'attention',
      sync_error: 'Riga della coda di sincronizzazione illeggibile (create): contenuto non valido',
    });
    expect(s.engine.listedShipment(s.caller, newer.id)?.sync_error).toContain('versione più recente (create v2');
    expect(s.engine.sync?.counts()).toMatchObject({ pending: 0, parked: 2 });
  });
});
