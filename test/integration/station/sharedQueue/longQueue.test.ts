// A bench reads a long shared queue less often: each page of the hub's list is a GET of the budget the key's benches
// share, so the next read waits a period per page the hub listed (100 orders a page), and a read that does not come
// keeps the pace the last list set. The queue worker on a clock the test moves, a real connected engine over a
// SQLite file, our own service as the hub behind the fault proxy.
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createEngine, type Caller, type Engine } from '../../../../src/engine/index';
import { silentLog } from '../../../../src/shared/log';
import { startQueueWorker, type QueueWorker } from '../../../../src/station/sharedQueue/worker';
import { createRemoteClient } from '../../../../src/sync/remoteClient';
import type { RemoteClient } from '../../../../src/sync/types';
import { queueOrder } from '../../../fixtures/queueOrders';
import { manualClock } from '../../../helpers/manualClock';
import { CLIENT_IDS, REMOTE_KEY, useRemote } from '../../../helpers/syncSetup';
import { tempDir } from '../../../helpers/tmp';

const peers = useRemote();
const PERIOD = 1_000;
let engine: Engine | undefined;
let remote: RemoteClient | undefined;
let worker: QueueWorker | undefined;

afterEach(async () => {
  await worker?.stop();
  await remote?.close();
  engine?.close();
  engine = remote = worker = undefined;
});

/** Orders a shop program puts in the hub's queue, a few at a time. */
async function hubOrders(from: number, count: number): Promise<void> {
  const refs = Array.from({ length: count }, (_, i) => `LUNGA-${from + i}`);
  for (let i = 0; i < refs.length; i += 10) {
    const posts = refs
      .slice(i, i + 10)
      .map((ref) => peers.direct.request('POST', '/Orders', queueOrder({ order_ref: ref })));
    for (const posted of await Promise.all(posts)) expect(posted.status).toBe(200);
  }
}

describe("the shared queue worker's pace", () => {
  it('reads two pages of orders every two periods, one every period, at that pace while the hub is away', async () => {
    engine = createEngine({
      file: join(tempDir(), 'bench.sqlite'),
      config: { users: [{ api_key: REMOTE_KEY, client_ids: CLIENT_IDS }] },
      connected: true,
    });
    const caller = engine.authenticate(REMOTE_KEY) as Caller;
    remote = createRemoteClient({ baseUrl: peers.proxy.url, apiKey: REMOTE_KEY, limits: false });
    const clock = manualClock();
    const queue = engine.sharedQueue!;
    const given = { engine, caller, queue, remote, log: silentLog, inFlight: new Set<number>() };
    await hubOrders(1, 50);
    worker = startQueueWorker({
      ...given,
      bench: () => 'Banco A',
      ordersChanged: () => undefined,
      everyMs: PERIOD,
      clock,
    });
    /** A pass now (the sleep ended by a kick), and its end. */
    const pass = async () => {
      const passed = worker!.nextPass();
      worker!.kick();
      await passed;
    };
    const nextReadIn = () => clock.timers()[0]! - clock.now();

    await worker.nextPass();
    expect(engine.orders.list(caller, { state: 'waiting' }).total).toBe(50);
    expect(nextReadIn()).toBe(PERIOD);

    await hubOrders(51, 100);
    await pass();
    expect(engine.orders.list(caller, { state: 'waiting' }).total).toBe(150);
    expect(nextReadIn()).toBe(2 * PERIOD);

    // The hub away: the list does not come, and the bench keeps reading at the pace of the queue it last saw.
    peers.proxy.setOffline(true);
    try {
      await pass();
      expect(nextReadIn()).toBe(2 * PERIOD);
    } finally {
      peers.proxy.setOffline(false);
    }
  });
});
