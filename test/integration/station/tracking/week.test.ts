// A week of a bench's 200 departed parcels, run in seconds on a clock the test moves: connected, with our own service
// (the composition of `npm run serve`, on the same clock and with the real service's limits) as its remote behind a
// counting proxy, and standalone. Every state each parcel goes through reaches the bench, each change once; the remote
// is asked about each shipment at most once an hour and never more than the GET budget allows; "Da gestire" holds
// exactly the parcels needing a person and the cash on delivery report's sums are the COD parcels' own; a bench closed
// in the middle of the week and opened again goes on where it was, nothing seen twice, no recipient told twice.
import { afterEach, describe, expect, it } from 'vitest';
import { demoLife } from '../../../../src/engine/tracking/demoLife';
import { DEFAULT_QUIET_DAYS } from '../../../../src/shared/domain/attention';
import { SmtpConfigSchema } from '../../../../src/shared/domain/smtp';
import { ACTION_KINDS, FINAL_KINDS } from '../../../../src/shared/domain/tracking';
import { createDispatcher } from '../../../../src/station/dispatch';
import { REAL_LIMITS } from '../../../../src/shared/api/rateLimits';
import { createStation, type Station, type StationOptions } from '../../../../src/station/index';
import { validShipment } from '../../../fixtures/shipments';
import { manualClock, type ManualClock } from '../../../helpers/manualClock';
import { recordingLog } from '../../../helpers/recordingLog';
import { CLIENT_IDS, REMOTE_KEY } from '../../../helpers/syncSetup';
import { removeTempDirs, tempDir } from '../../../helpers/tmp';
import { followerIdle, moving, passUntil } from '../../../helpers/movedClock';
import { startFaultProxy, type FaultProxy } from '../../../peers/faultProxy';
import { startServiceInProcess, type InProcessService } from '../../../peers/service';
import { startSmtpPeer, type SmtpPeer } from '../../../peers/smtpPeer';
import { commandValue } from '../../../helpers/stationCommands';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const PARCELS = 200;
/** Monday 23 November 2026, 8:00 at the bench. */
const MONDAY = new Date(2026, 10, 23, 8, 0, 0).getTime();

let station: Station | undefined;
let proxy: FaultProxy | undefined;
let service: InProcessService | undefined;
let mailbox: SmtpPeer | undefined;
afterEach(async () => {
  await mailbox?.close();
  mailbox = undefined;
  await station?.close();
  station = undefined;
  await proxy?.close();
  proxy = undefined;
  await service?.stop();
  service = undefined;
  removeTempDirs();
});

/** Runs the bench's days in steps of ten minutes, the follower at rest after each. */
async function runDays(clock: ManualClock, bench: () => Station, days: number): Promise<void> {
  for (let t = 0; t < days * DAY; t += 10 * MINUTE) {
    await clock.advance(10 * MINUTE);
    await followerIdle(bench());
  }
}

/** 200 shipments of a morning, a fifth of them cash on delivery, created and confirmed at the bench. */
async function shipTheMorning(bench: Station): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < PARCELS; i++) {
    const cod = i % 5 === 0 ? { contrassegno: 20 + i, tipo_incasso: 0 } : {};
    const created = await bench.engine.createShipment(
      bench.caller,
      validShipment({ labelType: 'ZPL', ddt_alpha: `SETTIMANA-${i}`, ...cod }),
    );
    if (created.kind !== 'created') throw new Error(JSON.stringify(created));
    ids.push(created.record.id);
  }
  return ids;
}

/** The codes of the states the bench kept for a shipment, oldest first. */
const codesAt = (bench: Station, id: number) => bench.engine.parcels.history(bench.caller, id).map((s) => s.code);

/**
 * What a parcel confirmed between `from` and `to` went through by `until`, as the demo couriers tell it: the states
 * certainly passed (those of the latest confirmation, up to a pass before `until`) and those it may have passed.
 */
function expectedLife(waybill: string, confirmed: { from: number; to: number }, until: number) {
  const codes = (events: ReturnType<typeof demoLife>) => [1, ...events.map((e) => e.state.code)];
  return {
    certain: codes(demoLife(waybill, confirmed.to, until - 4 * HOUR)),
    possible: codes(demoLife(waybill, confirmed.from - 1_000, until)),
  };
}

function expectLives(bench: Station, ids: readonly number[], confirmed: { from: number; to: number }, until: number) {
  for (const id of ids) {
    const waybill = bench.engine.getShipment(bench.caller, id)?.num_spedizione ?? '';
    const { certain, possible } = expectedLife(waybill, confirmed, until);
    const seen = codesAt(bench, id);
    // Each state once, in the order of the parcel's life: what was seen is the life's beginning, all of it passed.
    expect(possible.slice(0, seen.length), `parcel ${waybill}`).toEqual(seen);
    expect(seen.length, `parcel ${waybill}`).toBeGreaterThanOrEqual(certain.length);
  }
}

/** The parcels needing a person, judged from what the bench kept: a state that asks for one, or no news for 3 days. */
function needingAction(bench: Station, ids: readonly number[], now: number): Set<number> {
  const needing = new Set<number>();
  for (const id of ids) {
    const latest = bench.engine.parcels.history(bench.caller, id).at(-1);
    if (!latest || FINAL_KINDS.has(latest.kind)) continue;
    if (ACTION_KINDS.has(latest.kind) || now - latest.since >= DEFAULT_QUIET_DAYS * DAY) needing.add(id);
  }
  return needing;
}

/**
 * What the week leaves for a person and in money: "Da gestire" lists exactly the parcels needing action, and the cash
 * on delivery report's sums are those of the COD parcels delivered, to come and refused or going back.
 */
function expectWhatIsLeft(bench: Station, ids: readonly number[], now: number): void {
  const listed = bench.engine.parcels.attention(bench.caller, DEFAULT_QUIET_DAYS).map((item) => item.shipmentId);
  expect(new Set(listed)).toEqual(needingAction(bench, ids, now));
  expect(listed.length).toBeGreaterThan(0);

  const sums = { delivered: 0, notComing: 0, toCollect: 0 };
  for (const [i, id] of ids.entries()) {
    if (i % 5 !== 0) continue;
    const cents = (20 + i) * 100;
    const kind = bench.engine.parcels.history(bench.caller, id).at(-1)?.kind;
    if (kind === 'delivered') sums.delivered += cents;
    else if (kind === 'refused' || kind === 'returning' || kind === 'returned') sums.notComing += cents;
    else sums.toCollect += cents;
  }
  const { figures } = bench.engine.cod.report(bench.caller, {});
  expect(figures.collected.cents).toBe(sums.delivered);
  expect(figures.owed.cents + figures.paid.cents).toBe(sums.delivered);
  expect(figures.willNotCome.cents).toBe(sums.notComing);
  expect(figures.toCollect.cents).toBe(sums.toCollect);
  expect(figures.collected.count + figures.willNotCome.count + figures.toCollect.count).toBe(PARCELS / 5);
}

/** The e-mails a recipient is owed over the week: one for each state that needs them, once (a state seen again not). */
function recipientMailsOwed(bench: Station, ids: readonly number[]): number {
  let owed = 0;
  for (const id of ids) {
    const kinds = new Set(bench.engine.parcels.history(bench.caller, id).map((s) => s.kind));
    for (const kind of ['attempted', 'held', 'address_not_found'] as const) if (kinds.has(kind)) owed += 1;
  }
  return owed;
}

describe("a week of a bench's departed parcels", () => {
  it(
    'connected: every state reaches the bench, at most one question an hour per shipment, within the GET budget',
    { timeout: 240_000 },
    async () => {
      const clock = manualClock(MONDAY);
      service = await startServiceInProcess({
        dataDir: tempDir(),
        // The real service's limits (no throttle key), counted on the week's clock.
        config: { instance: 'acme', users: [{ api_key: REMOTE_KEY, client_ids: CLIENT_IDS }] },
        now: () => clock.now(),
      });
      const asked = new Map<number, number[]>();
      const gets: number[] = [];
      proxy = await startFaultProxy(service.baseUrl, {
        onRequest(method, path) {
          if (method !== 'GET') return;
          gets.push(clock.now());
          const url = new URL(path, 'http://remote');
          if (!url.pathname.endsWith('/tracking')) return;
          const id = Number(url.searchParams.get('id'));
          asked.set(id, [...(asked.get(id) ?? []), clock.now()]);
        },
      });
      const dataDir = tempDir();
      const log = recordingLog();
      mailbox = await startSmtpPeer();
      const options: StationOptions = {
        dataDir,
        smtp: SmtpConfigSchema.parse({
          host: mailbox.host,
          port: mailbox.port,
          security: 'none',
          from: 'banco@x.example',
        }),
        remoteUrl: proxy.url,
        apiKey: REMOTE_KEY,
        clientIds: CLIENT_IDS,
        clock,
        log,
        sync: { rateLimits: REAL_LIMITS, retry: { baseMs: 1_000, maxMs: 60_000 }, refreshEveryMs: 30 * MINUTE },
      };
      station = await createStation(options);
      const bench = () =>
        station ??
        (() => {
          throw new Error('no station');
        })();
      // The recipients are told when their parcel needs them (Settings › Banco).
      commandValue(await createDispatcher(bench()).dispatch('settings.update', { recipientMail: true }));
      const ids = await shipTheMorning(bench());
      await passUntil(moving(clock), () => bench().sync?.status().pending === 0, 'creates synced');
      const confirmFrom = clock.now();
      await bench().engine.confirmByIds(bench().caller, ids, false);
      await passUntil(moving(clock), () => bench().sync?.status().pending === 0, 'confirmation synced');
      const confirmed = { from: confirmFrom, to: clock.now() };

      await runDays(clock, bench, 3);
      // The bench is closed in the middle of the week (a power cut between two passes) and opened again.
      await bench().close();
      station = await createStation(options);
      await runDays(clock, bench, 4);

      expectLives(bench(), ids, confirmed, clock.now());
      expectWhatIsLeft(bench(), ids, clock.now());
      // Each e-mail once, the bench closed in the middle of the week or not.
      const owed = recipientMailsOwed(bench(), ids);
      expect(owed).toBeGreaterThan(10);
      await mailbox.waitFor(owed, 30_000);
      expect(bench().engine.recipientMail?.due(Number.MAX_SAFE_INTEGER, 10)).toEqual([]);
      const told = mailbox.received().map((mail) => `${JSON.stringify(mail.to)} ${mail.subject}`);
      expect(told).toHaveLength(owed);
      expect(new Set(told).size).toBe(owed);
      // The remote was asked about each shipment at most once an hour (by its own id), and about every one.
      expect(asked.size).toBe(PARCELS);
      for (const times of asked.values())
        for (let i = 1; i < times.length; i++)
          expect((times[i] ?? 0) - (times[i - 1] ?? 0)).toBeGreaterThanOrEqual(HOUR);
      // No five minutes of the week saw more GETs than the budget, and the remote never said so.
      let worst = 0;
      for (let i = 0, j = 0; i < gets.length; i++) {
        while ((gets[j] ?? 0) <= (gets[i] ?? 0) - REAL_LIMITS.windowMs) j++;
        worst = Math.max(worst, i - j + 1);
      }
      expect(worst).toBeLessThanOrEqual(REAL_LIMITS.gets);
      expect(proxy.stats().seen).toBeGreaterThan(PARCELS * 10);
      expect(log.of('warn').join('\n')).not.toMatch(/403|limit/i);
    },
  );

  it(
    'standalone: the bench asks its own engine, and every state of the week reaches it once',
    { timeout: 120_000 },
    async () => {
      const clock = manualClock(MONDAY);
      const dataDir = tempDir();
      const options: StationOptions = { dataDir, clock, log: recordingLog() };
      station = await createStation(options);
      const bench = () =>
        station ??
        (() => {
          throw new Error('no station');
        })();
      const ids = await shipTheMorning(bench());
      const confirmedAt = clock.now();
      await bench().engine.confirmByIds(bench().caller, ids, false);
      await runDays(clock, bench, 3);
      await bench().close();
      station = await createStation(options);
      await runDays(clock, bench, 4);
      expectLives(bench(), ids, { from: confirmedAt, to: confirmedAt }, clock.now());
      expectWhatIsLeft(bench(), ids, clock.now());
    },
  );
});
