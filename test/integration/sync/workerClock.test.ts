// The sync worker on an injected clock: a create the remote could not take (a 502 on the way) is sent again when its
// backoff has passed on the worker's clock, not before and not because real time went by. A real connected engine
// over a SQLite file, our own service as the remote behind the fault proxy.
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createEngine, type Caller, type Engine } from '../../../src/engine/index';
import { createRemoteClient } from '../../../src/sync/remoteClient';
import type { RemoteClient } from '../../../src/sync/types';
import { createSyncWorker, type SyncWorker } from '../../../src/sync/worker';
import { silentLog } from '../../../src/shared/log';
import { validShipment } from '../../fixtures/shipments';
import { manualClock } from '../../helpers/manualClock';
import { CLIENT_IDS, REMOTE_KEY, remoteCopies, useRemote } from '../../helpers/syncSetup';
import { tempDir } from '../../helpers/tmp';
import { pause, until } from '../../helpers/until';

const peers = useRemote();
let engine: Engine | undefined;
let remote: RemoteClient | undefined;
let worker: SyncWorker | undefined;

afterEach(async () => {
  await worker?.stop();
  await remote?.close();
  engine?.close();
  engine = remote = worker = undefined;
});

describe('the sync worker’s clock', () => {
  it('sends a create again once its backoff has passed on the worker’s clock', async () => {
    engine = createEngine({
      file: join(tempDir(), 'station.sqlite'),
      config: { users: [{ api_key: REMOTE_KEY, client_ids: CLIENT_IDS }] },
      connected: true,
    });
    remote = createRemoteClient({ baseUrl: peers.proxy.url, apiKey: REMOTE_KEY, limits: false });
    // A minute ahead of the engine's clock: what the engine queues is due at once on the worker's.
    const clock = manualClock(Date.now() + 60_000);
    worker = createSyncWorker({
      engine,
      remote,
      clock,
      random: () => 1,
      backoff: { baseMs: 1_000, maxMs: 1_000 },
      log: silentLog,
    });
    peers.proxy.setPlan({ script: ['error5xx'], match: { method: 'POST' } });
    const caller = engine.authenticate(REMOTE_KEY) as Caller;
    const created = await engine.createShipment(caller, validShipment({ ddt_alpha: 'OROLOGIO-SYNC-1' }));
    expect(created.kind).toBe('created');
    const errorsBefore = peers.proxy.stats().faults.error5xx;
    worker.start();
    await until(() => peers.proxy.stats().faults.error5xx === errorsBefore + 1, 10_000);
    await until(() => worker?.status().online === false, 10_000);

    await pause(300);
    await clock.advance(999);
    await pause(100);
    expect(engine.sync?.counts().pending).toBe(1);
    expect(await remoteCopies(peers.direct, 'OROLOGIO-SYNC-1')).toBe('none');
    await clock.advance(1);
    await until(() => engine?.sync?.counts().pending === 0, 10_000);
    expect(await remoteCopies(peers.direct, 'OROLOGIO-SYNC-1')).toBe('one');
    expect(worker.status()).toMatchObject({ online: true, pending: 0, parked: 0 });
  });
});
