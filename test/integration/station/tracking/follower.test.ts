// A standalone bench follows sixteen days of its departed parcels on a clock the test moves: each confirmed parcel is
// asked about at most once an hour, the first questions spread over the hour, every state it goes through is kept
// once in the courier's words, and once delivered or back at the sender it is asked about no more.
import { afterEach, describe, expect, it } from 'vitest';
import type { ParcelDue } from '../../../../src/engine/index';
import { ownEngineAnswer, startParcelFollower, type ParcelFollower } from '../../../../src/station/tracking/follower';
import { closeEngines, openEngine } from '../../../helpers/engines';
import { manualClock } from '../../../helpers/manualClock';
import { recordingLog } from '../../../helpers/recordingLog';
import { validShipment } from '../../../fixtures/shipments';

const KEY = 'follow-key-bench-0000001';
const HOUR = 3_600_000;
let follower: ParcelFollower | undefined;
afterEach(async () => {
  await follower?.stop();
  closeEngines();
});

async function benchWithParcels(count: number) {
  const clock = manualClock(new Date(2026, 10, 23, 17, 0, 0).getTime());
  const { engine, caller } = openEngine(KEY, {
    config: { users: [{ api_key: KEY, client_ids: [1001] }] },
    clock: { now: () => new Date(clock.now()) },
  });
  const ids: number[] = [];
  for (let i = 0; i < count; i++) {
    const created = await engine.createShipment(caller, validShipment({ labelType: 'ZPL', ddt_alpha: `SEGUI-${i}` }));
    if (created.kind !== 'created') throw new Error(JSON.stringify(created));
    ids.push(created.record.id);
  }
  await engine.confirmByIds(caller, ids, true);
  return { clock, engine, caller, ids };
}

describe('a standalone bench following its departed parcels', () => {
  it('asks about each parcel at most once an hour, keeps every state once, and stops at the last', async () => {
    const { clock, engine, caller, ids } = await benchWithParcels(30);
    const asked = new Map<number, number[]>();
    const own = ownEngineAnswer(engine, caller);
    const changedIds: number[] = [];
    follower = startParcelFollower({
      port: engine.parcels,
      clock,
      log: recordingLog(),
      onChange: (changed) => changedIds.push(...changed),
      ask(due: ParcelDue) {
        asked.set(due.shipmentId, [...(asked.get(due.shipmentId) ?? []), clock.now()]);
        return own(due);
      },
    });
    await clock.advance(HOUR);
    // The first questions are spread over the first hour, not all at the confirmation.
    const firstAsks = ids.map((id) => asked.get(id)?.[0] ?? 0);
    expect(new Set(firstAsks).size).toBeGreaterThan(10);
    for (let hour = 0; hour < 16 * 24; hour++) await clock.advance(HOUR);

    for (const id of ids) {
      const times = asked.get(id) ?? [];
      for (let i = 1; i < times.length; i++) expect((times[i] ?? 0) - (times[i - 1] ?? 0)).toBeGreaterThanOrEqual(HOUR);
      const history = engine.parcels.history(caller, id);
      const kinds = history.map((s) => s.kind);
      expect(['delivered', 'returned']).toContain(kinds.at(-1));
      // Each change once: no state twice in a row.
      for (let i = 1; i < history.length; i++) expect(history[i]?.words).not.toBe(history[i - 1]?.words);
      // Asked no more once final.
      const finalSeen = history.at(-1)?.since ?? 0;
      expect(times.filter((t) => t > finalSeen)).toEqual([]);
    }
    expect(new Set(changedIds)).toEqual(new Set(ids));
    expect(engine.parcels.due(clock.now() + 30 * 24 * HOUR, 100)).toEqual([]);
  }, 60_000);

  it('waits after a failure without losing what it saw, and says it once', async () => {
    const { clock, engine, caller, ids } = await benchWithParcels(3);
    const own = ownEngineAnswer(engine, caller);
    let offline = false;
    const log = recordingLog();
    follower = startParcelFollower({
      port: engine.parcels,
      clock,
      log,
      retryMs: 10 * 60_000,
      ask: (due) => (offline ? Promise.resolve({ ok: false, reason: 'rete non raggiungibile' }) : own(due)),
    });
    await clock.advance(12 * HOUR);
    const before = ids.map((id) => engine.parcels.history(caller, id).length);
    offline = true;
    for (let i = 0; i < 12; i++) await clock.advance(HOUR);
    expect(ids.map((id) => engine.parcels.history(caller, id).length)).toEqual(before);
    expect(log.of('warn').filter((line) => line.includes('rete non raggiungibile'))).toHaveLength(1);
    offline = false;
    for (let i = 0; i < 48; i++) await clock.advance(HOUR);
    for (const id of ids) expect(engine.parcels.history(caller, id).length).toBeGreaterThan(before[0] ?? 0);
  }, 60_000);
});
