// Following departed parcels (issue 41's bench row): a connected headless station with 10,000 confirmed shipments and
// its parcel follower run through a simulated day against our service (clockedService.ts: `npm run serve`'s
// composition in a process of its own, so this process's CPU is the station's, with the real limits), both clocks
// moved together a minute a step. Reported: the tracking GETs the remote answered against one per shipment per hour,
// the most GETs in any 5 minutes of the day (at the station's clock) against the remote's budget, and this process's
// CPU for the day (follower, sync worker, the clock's steps) per tracking GET against the CPU of a plain GET Shipment
// through the same client (createRemoteClient) in the same run, the station closed by then.
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { REAL_LIMITS } from '../../src/shared/api/rateLimits';
import { databaseFileFor } from '../../src/station/connection/connection';
import { createStation, type Station } from '../../src/station/index';
import { createRemoteClient } from '../../src/sync/remoteClient';
import { validShipment } from '../fixtures/shipments';
import { manualClock, type ManualClock } from '../helpers/manualClock';
import { followerIdle, passUntil } from '../helpers/movedClock';
import { removeTempDir, tempDir } from '../helpers/tmp';
import { startClockedRemote, type ClockedRemote } from './clockedRemote';
import { cloneShipments } from './trackingSetup';
import { median, type Row } from './stats';

const KEY = 'bench-tracking-key-0123456789-ab';
const CLIENTS = [1001];
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** Shipments made through the real path (station create, sync, confirm, sync) that the rest are copied from. */
const TEMPLATES = 10;
/** Monday 23 November 2026, 17:00: the afternoon's pickup, when the shipments are confirmed and the day starts. */
const PICKUP = new Date(2026, 10, 23, 17, 0, 0).getTime();
/**
 * Plain GETs of the CPU baseline, in rounds that keep under the remote's 1,200 a window (its clock moved between); the
 * median round's CPU counts, as this machine's speed moves from one second to the next.
 */
const BASELINE_GETS = 5_000;
const BASELINE_ROUND = 1_000;

const quiet = { info: () => undefined, warn: (line: string) => console.warn(`  station: ${line}`) };

/** Moves the station's clock and the remote's together: the remote first, so no answer comes from its past. */
async function step(clock: ManualClock, remote: ClockedRemote, ms: number): Promise<void> {
  await remote.setNow(clock.now() + ms);
  await clock.advance(ms);
}

/** The templates made as a bench makes them, synced and confirmed at the remote. */
async function makeTemplates(station: Station, clock: ManualClock, remote: ClockedRemote): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < TEMPLATES; i++) {
    const cod = i % 5 === 0 ? { contrassegno: 20 + i, tipo_incasso: 0 } : {};
    const made = await station.engine.createShipment(
      station.caller,
      validShipment({ labelType: 'ZPL', ddt_alpha: `GIRO-${i}`, ...cod }),
    );
    if (made.kind !== 'created') throw new Error(JSON.stringify(made));
    ids.push(made.record.id);
  }
  await passUntil(
    (ms) => step(clock, remote, ms),
    () => station.sync?.status().pending === 0,
    'templates created at the remote',
  );
  await station.engine.confirmByIds(station.caller, ids, false);
  await passUntil(
    (ms) => step(clock, remote, ms),
    () => station.sync?.status().pending === 0,
    'templates confirmed at the remote',
  );
  return ids;
}

interface Day {
  /** GETs the station sent, at its clock's time. */
  gets: number[];
  trackingSent: number;
  /** Questions about a shipment sooner than an hour after the last. */
  tooSoon: number;
  cpuMs: number;
  wallMs: number;
}

/** The simulated day, a minute a step, the follower at rest after each; the station process's CPU around it. */
async function followDay(station: Station, clock: ManualClock, remote: ClockedRemote, hours: number): Promise<Day> {
  const gets: number[] = [];
  const lastAsked = new Map<string, number>();
  let trackingSent = 0;
  let tooSoon = 0;
  const onRequest = (message: unknown) => {
    const { request } = message as { request: { method: string; path: string } };
    if (request.method !== 'GET') return;
    const now = clock.now();
    gets.push(now);
    const at = request.path.indexOf('/tracking?id=');
    if (at < 0) return;
    trackingSent += 1;
    const id = request.path.slice(at + '/tracking?id='.length).split('&')[0] ?? '';
    const last = lastAsked.get(id);
    if (last !== undefined && now - last < HOUR) tooSoon += 1;
    lastAsked.set(id, now);
  };
  subscribe('undici:request:create', onRequest);
  const cpu = process.cpuUsage();
  const start = performance.now();
  try {
    for (let t = 0; t < hours * HOUR; t += MINUTE) {
      await step(clock, remote, MINUTE);
      await followerIdle(station, 60_000);
    }
  } finally {
    unsubscribe('undici:request:create', onRequest);
  }
  const used = process.cpuUsage(cpu);
  return {
    gets,
    trackingSent,
    tooSoon,
    cpuMs: (used.user + used.system) / 1000,
    wallMs: performance.now() - start,
  };
}

/** The most of `times` (sorted) inside any window of `windowMs`, counted as the remote counts (rateLimits.ts). */
function worstWindow(times: readonly number[], windowMs: number): number {
  let worst = 0;
  for (let i = 0, j = 0; i < times.length; i++) {
    while ((times[j] ?? 0) <= (times[i] ?? 0) - windowMs) j++;
    worst = Math.max(worst, i - j + 1);
  }
  return worst;
}

/**
 * CPU ms per request of `ask` over `ids`, the median of rounds, the remote's clock moved past its window before each
 * (`clock`, already past the day).
 */
async function cpuPerRequest(
  ids: readonly number[],
  remote: ClockedRemote,
  clock: ManualClock,
  ask: (id: number) => Promise<boolean>,
) {
  const rounds: number[] = [];
  for (let from = 0; from < ids.length; from += BASELINE_ROUND) {
    await step(clock, remote, REAL_LIMITS.windowMs + MINUTE);
    const round = ids.slice(from, from + BASELINE_ROUND);
    const cpu = process.cpuUsage();
    for (const id of round) if (!(await ask(id))) throw new Error(`the baseline's GET of ${id} failed`);
    const used = process.cpuUsage(cpu);
    rounds.push((used.user + used.system) / 1000 / round.length);
  }
  return median(rounds);
}

export async function benchTracking(
  shipments = Number(process.env.BENCH_TRACKING_SHIPMENTS ?? 10_000),
  hours = Number(process.env.BENCH_TRACKING_HOURS ?? 24),
): Promise<Row[]> {
  const dir = tempDir('bench-tracking-');
  mkdirSync(join(dir, 'remote'));
  const clock = manualClock(PICKUP);
  const config = { instance: 'bench', users: [{ api_key: KEY, client_ids: CLIENTS }] };
  const remote = await startClockedRemote(join(dir, 'remote'), config, clock.now());
  let station: Station | undefined;
  try {
    const stationDir = join(dir, 'station');
    station = await createStation({
      dataDir: stationDir,
      remoteUrl: remote.baseUrl,
      apiKey: KEY,
      clientIds: CLIENTS,
      clock,
      log: quiet,
      sync: { rateLimits: REAL_LIMITS, retry: { baseMs: 1_000, maxMs: 60_000 }, refreshEveryMs: 30 * MINUTE },
    });
    const templates = await makeTemplates(station, clock, remote);
    const copies = cloneShipments({
      stationFile: databaseFileFor(stationDir, remote.baseUrl),
      remoteFile: remote.file,
      templates,
      count: shipments - templates.length,
    });
    const before = await remote.counts();
    const day = await followDay(station, clock, remote, hours);
    const after = await remote.counts();
    // What the remote answered in the day alone (the templates' sync came before).
    const counted = {
      tracking: after.tracking - before.tracking,
      gets: after.gets - before.gets,
      refused: after.refused - before.refused,
    };
    // Nothing of the station runs while the baseline is measured.
    await station.close();
    station = undefined;

    const client = createRemoteClient({ baseUrl: remote.baseUrl, apiKey: KEY, limits: false });
    const sample = copies.slice(-BASELINE_GETS).map((copy) => copy.remoteId);
    const plainMs = await cpuPerRequest(
      sample,
      remote,
      clock,
      async (id) => (await client.getShipment(id)).kind === 'ok',
    );
    const bareMs = await cpuPerRequest(
      sample,
      remote,
      clock,
      async (id) => (await client.tracking(id)).kind === 'state',
    );
    await client.close();

    const worst = worstWindow(day.gets, REAL_LIMITS.windowMs);
    const rounds = Math.ceil(sample.length / BASELINE_ROUND);
    const perTracking = day.cpuMs / Math.max(1, day.trackingSent);
    return [
      {
        name: `tracking GETs the remote answered, ${shipments} shipments over ${hours} simulated hours`,
        kind: 'total',
        unit: 'GETs',
        medianMs: counted.tracking,
        baseline: 'one per shipment per hour',
        baselineMs: shipments * hours,
        extra:
          `the station sent ${day.trackingSent}, ${day.tooSoon} sooner than an hour after the last about the same ` +
          `shipment; the remote refused ${counted.refused} with a 403`,
        goal: 'trackingRequests',
      },
      {
        name: 'most GETs in any 5 minutes of that day (tracking and sync, at the station clock)',
        kind: 'worst',
        unit: 'GETs',
        medianMs: worst,
        baseline: "the remote's GET budget per 5 minutes",
        baselineMs: REAL_LIMITS.gets,
        extra: `${day.gets.length} GETs in all; the remote counted ${counted.gets}`,
        goal: 'trackingWindow',
      },
      {
        name: "the station process's CPU for the day, per tracking GET",
        kind: 'mean',
        medianMs: perTracking,
        baseline: `a plain GET Shipment through the same client, median of ${rounds} rounds`,
        baselineMs: plainMs,
        extra:
          `${(day.cpuMs / 1000).toFixed(1)} s of CPU for the day in ${(day.wallMs / 1000).toFixed(1)} s; a bare ` +
          `GET tracking through the same client ${bareMs.toFixed(3)} ms`,
        goal: 'trackingCpu',
      },
    ];
  } finally {
    await station?.close();
    await remote.stop();
    removeTempDir(dir);
  }
}
