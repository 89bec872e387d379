// Sync benchmarks: draining 1,000 queued shipments to a local remote, unthrottled and under the real limits with
// time compressed 100× (the same counts per 3 s instead of per 5 min), next to the raw rate of the same client
// (undici, no limiter) creating shipments on the same server.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { createStation } from '../../src/station/index';
import { createRemoteClient } from '../../src/sync/remoteClient';
import { REAL_LIMITS, type RateLimits } from '../../src/sync/types';
import { startService } from '../peers/service';
import { validShipment } from '../fixtures/shipments';
import { drainFloor } from './drainFloor';
import { median, timeOnce, type Row } from './stats';
import { removeTempDir, tempDir } from '../helpers/tmp';

const KEY = 'bench-sync-key-0123456789-ab';
const CLIENTS = [1001];
const COMPRESSION = 100;

interface Remote {
  baseUrl: string;
  stop(): Promise<unknown>;
}

async function remote(dir: string, throttle: Record<string, number> | false): Promise<Remote> {
  mkdirSync(dir, { recursive: true });
  return startService({
    dataDir: dir,
    config: { instance: 'bench', users: [{ api_key: KEY, client_ids: CLIENTS }], throttle },
  });
}

/** Queues `count` shipments on a held station, then times the worker draining them. */
async function drain(
  baseUrl: string,
  count: number,
  rateLimits: RateLimits | false,
): Promise<{ ms: number; limited: number }> {
  const dataDir = tempDir('bench-station-');
  let limited = 0;
  const station = await createStation({
    dataDir,
    remoteUrl: baseUrl,
    apiKey: KEY,
    clientIds: CLIENTS,
    sync: {
      rateLimits,
      hold: true,
      refreshEveryMs: 3_600_000,
      onStatus: (s) => {
        if (s.rateLimitedUntil > 0) limited += 1;
      },
    },
  });
  try {
    for (let i = 0; i < count; i += 1)
      await station.engine.createShipment(station.caller, validShipment({ labelType: 'ZPL' }));
    const ms = await timeOnce(async () => {
      station.sync?.start();
      await station.sync?.drained(600_000);
    });
    return { ms, limited };
  } finally {
    await station.close();
    removeTempDir(dataDir);
  }
}

export async function benchSync(
  count = Number(process.env.BENCH_SYNC ?? 1000),
  rounds = Number(process.env.BENCH_SYNC_ROUNDS ?? 3),
): Promise<Row[]> {
  const dir = tempDir('bench-remote-');
  const rows: Row[] = [];
  let unthrottledMs: number;
  try {
    const open = await remote(join(dir, 'open'), false);
    try {
      // Raw rate: the same client, sequential creates and 4 at a time, straight to the same server.
      const client = createRemoteClient({ baseUrl: open.baseUrl, apiKey: KEY, limits: false });
      const body = validShipment({ labelType: 'ZPL' });
      for (let i = 0; i < 20; i += 1) await client.createShipment(body);
      const raw: number[] = [];
      for (let i = 0; i < 200; i += 1) raw.push(await timeOnce(() => client.createShipment(body)));
      const parallel = await timeOnce(() =>
        Promise.all(
          Array.from({ length: 4 }, async () => {
            for (let i = 0; i < count / 4; i += 1) await client.createShipment(body);
          }),
        ),
      );
      await client.close();
      const rawPerShipment = parallel / count;

      const drains: number[] = [];
      for (let round = 0; round < rounds; round += 1) drains.push((await drain(open.baseUrl, count, false)).ms);
      const drainMs = median(drains);
      unthrottledMs = drainMs / count;
      rows.push({
        name: `drain ${count} queued shipments, unthrottled (${rounds} rounds), per shipment`,
        medianMs: drainMs / count,
        baseline: `same client creating ${count} directly, 4 at a time`,
        baselineMs: rawPerShipment,
        extra:
          `${(count / (drainMs / 1000)).toFixed(0)}/s drained vs ${(count / (parallel / 1000)).toFixed(0)}/s ` +
          `raw; raw sequential median ${median(raw).toFixed(2)} ms`,
      });
    } finally {
      await open.stop();
    }

    // Real limits, compressed: same counts per window, the window 100× shorter.
    const windowMs = REAL_LIMITS.windowMs / COMPRESSION;
    const limits: RateLimits = { ...REAL_LIMITS, windowMs };
    const throttled = await remote(join(dir, 'throttled'), {
      window_seconds: windowMs / 1000,
      shipment_posts: limits.shipmentPosts,
      confirm_posts: limits.confirmPosts,
      posts: limits.posts,
      deletes: limits.deletes,
      gets: limits.gets,
    });
    try {
      const { ms, limited } = await drain(throttled.baseUrl, count, limits);
      const perWindow = Math.floor(limits.shipmentPosts * 0.95);
      const floorMs = drainFloor({ count, perWindow, windowMs, perShipmentMs: unthrottledMs });
      rows.push({
        name: `drain ${count} under the real limits, time ÷${COMPRESSION} (${windowMs / 1000} s windows), total`,
        medianMs: ms,
        baseline:
          `the fastest drain these limits allow: ${perWindow} creates per window, each as fast as the unthrottled ` +
          `drain's (${unthrottledMs.toFixed(1)} ms)`,
        baselineMs: floorMs,
        extra:
          `${limited} status reports of a 403 limit exceeded; equals ` +
          `${((ms * COMPRESSION) / 60_000).toFixed(1)} min at real speed`,
        goal: 'syncDrain',
      });
    } finally {
      await throttled.stop();
    }
  } finally {
    removeTempDir(dir);
  }
  return rows;
}
