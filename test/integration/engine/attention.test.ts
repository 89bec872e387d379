// "Da gestire" through the engine: over a week of a bench's departed parcels moved by the engine's clock, exactly the
// parcels needing a person are listed (a state asking for one, or no news for the bench's N days), the most urgent
// first; an action recorded closes an item until a new state reopens it; another user's parcels are never seen; bad
// input is refused with its reason and changes nothing.
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Caller, Engine } from '../../../src/engine/index';
import { demoLife } from '../../../src/engine/tracking/demoLife';
import { ACTION_KINDS, HELD_DAYS, readTrackingState } from '../../../src/shared/domain/tracking';
import { validShipment } from '../../fixtures/shipments';
import { closeEngines, openEngine } from '../../helpers/engines';
import { tempDir } from '../../helpers/tmp';

afterEach(closeEngines);
const KEY = 'attention-key-bench-00001';
const OTHER_KEY = 'attention-key-other-00001';
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** Monday 23 November 2026, 8:00 at the bench. */
const MONDAY = new Date(2026, 10, 23, 8, 0, 0).getTime();
const IN_TRANSIT = readTrackingState(17, 'IN TRANSITO');

function bench(file = join(tempDir(), 'engine.sqlite')) {
  let now = MONDAY;
  const config = {
    users: [
      { api_key: KEY, client_ids: [1001] },
      { api_key: OTHER_KEY, client_ids: [2001] },
    ],
  };
  const { engine, caller } = openEngine(KEY, { config, file, clock: { now: () => new Date(now) } });
  const other = engine.authenticate(OTHER_KEY);
  if (!other) throw new Error('no other caller');
  return { engine, caller, other, file, now: () => now, set: (ms: number) => void (now = ms) };
}

async function shipAndConfirm(engine: Engine, caller: Caller, count: number, clientId = 1001): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < count; i++) {
    const created = await engine.createShipment(
      caller,
      validShipment({
        labelType: 'ZPL',
        client_id: clientId,
        ddt_alpha: `GESTIRE-${clientId}-${i}`,
        contrassegno: i % 2 ? 35 : 0,
      }),
    );
    if (created.kind !== 'created') throw new Error(JSON.stringify(created));
    ids.push(created.record.id);
  }
  await engine.confirmByIds(caller, ids, false);
  return ids;
}

describe('the parcels that need a person (Da gestire)', () => {
  it('lists exactly the parcels needing action over a week, the most urgent first, none of another user', async () => {
    const b = bench();
    const { engine, caller, other } = b;
    const ids = await shipAndConfirm(engine, caller, 40);
    const [lost] = await shipAndConfirm(engine, other, 1, 2001);
    const waybill = new Map(ids.map((id) => [id, engine.getShipment(caller, id)?.num_spedizione ?? '']));
    // The follower's work by hand, every quarter of an hour: its own engine's answer, kept when due.
    const runUntil = (end: number) => {
      for (let t = b.now(); t <= end; t += 15 * MINUTE) {
        b.set(t);
        for (const due of engine.parcels.due(t, 1_000)) {
          const owner = due.shipmentId === lost ? other : caller;
          const found = engine.tracking(owner, { id: due.shipmentId });
          const record = found.kind === 'found' ? found.records[0] : undefined;
          // The other user's parcel is lost in transit: the courier says nothing new after its first state.
          const state = due.shipmentId === lost ? IN_TRANSIT : readTrackingState(record?.status_code, record?.status);
          engine.parcels.seen(due.shipmentId, state, t);
        }
      }
    };
    const needing = (at: number) =>
      ids.filter((id) => ACTION_KINDS.has(demoLife(waybill.get(id) ?? '', MONDAY, at).at(-1)?.state.kind ?? 'waiting'));

    runUntil(MONDAY + 36 * HOUR);
    const dayTwo = engine.parcels.attention(caller, 3);
    expect(needing(MONDAY + 36 * HOUR).length).toBeGreaterThan(3);
    expect(dayTwo.map((i) => i.shipmentId).sort((x, y) => x - y)).toEqual(needing(MONDAY + 36 * HOUR));
    // Held first, then refused or address not found, then attempted.
    const rank = { held: 0, refused: 1, address_not_found: 1, attempted: 2, no_movement: 3 };
    const ranks = dayTwo.map((i) => rank[i.reason]);
    expect(ranks).toEqual([...ranks].sort((x, y) => x - y));
    const held = dayTwo.find((i) => i.reason === 'held');
    expect(held).toMatchObject({
      heldDaysLeft: HELD_DAYS - 1,
      todo: ['call_recipient', 'ask_redelivery', 'give_new_address', 'accept_return'],
      recipient: { name: 'Libreria Bianchi', city: 'Forlì', phone: '0543123456', email: 'anna@example.com' },
      state: { code: 22, words: 'IN GIACENZA', kind: 'held' },
      lastAction: null,
    });
    for (const refused of dayTwo.filter((i) => i.reason === 'refused')) expect(refused.codLost).toBe(refused.cod > 0);
    // Another user's parcels are not among them, nor can this user act on them.
    expect(engine.parcels.attention(other, 3)).toEqual([]);

    // Day five: the held parcels still wait, three days fewer left; the other user's lost parcel has had no news.
    runUntil(MONDAY + 4 * DAY + 2 * HOUR);
    const dayFive = engine.parcels.attention(caller, 3);
    expect(dayFive.map((i) => i.shipmentId).sort((x, y) => x - y)).toEqual(needing(MONDAY + 4 * DAY + 2 * HOUR));
    expect(dayFive.every((i) => i.reason === 'held' && i.heldDaysLeft === HELD_DAYS - 3)).toBe(true);
    expect(engine.parcels.attention(other, 3)).toMatchObject([
      { shipmentId: lost, reason: 'no_movement', todo: ['ask_courier_where'], state: { kind: 'in_transit' } },
    ]);
    // The bench's N days: with five, the lost parcel is not late yet.
    expect(engine.parcels.attention(other, 5)).toEqual([]);
  });

  it('closes an item once acted on, reopens it on a new state needing action, never once delivered', async () => {
    const b = bench();
    const { engine, caller } = b;
    const [id] = (await shipAndConfirm(engine, caller, 1)) as [number];
    engine.parcels.seen(id, readTrackingState(21, 'MANCATA CONSEGNA: DESTINATARIO ASSENTE'), MONDAY + HOUR);
    expect(engine.parcels.attention(caller, 3).map((i) => i.reason)).toEqual(['attempted']);

    b.set(MONDAY + 2 * HOUR);
    expect(engine.parcels.act(caller, id, 'called', '  Richiama domani dopo le 18  ', 3)).toEqual({ ok: true });
    expect(engine.parcels.attention(caller, 3)).toEqual([]);
    // Asked again, the same state: still closed.
    engine.parcels.seen(id, readTrackingState(21, 'MANCATA CONSEGNA: DESTINATARIO ASSENTE'), MONDAY + 3 * HOUR);
    expect(engine.parcels.attention(caller, 3)).toEqual([]);

    // Held at the depot: a new state needing action reopens it, with what was done last.
    engine.parcels.seen(id, readTrackingState(22, 'IN GIACENZA'), MONDAY + 4 * HOUR);
    const [reopened] = engine.parcels.attention(caller, 3);
    expect(reopened).toMatchObject({
      reason: 'held',
      heldDaysLeft: HELD_DAYS,
      lastAction: { kind: 'called', note: 'Richiama domani dopo le 18', at: MONDAY + 2 * HOUR },
    });
    expect(engine.parcels.act(caller, id, 'redelivery_asked', '', 3)).toEqual({ ok: true });
    expect(engine.parcels.attention(caller, 3)).toEqual([]);

    // Delivered: closed for good, however long it stays so.
    engine.parcels.seen(id, readTrackingState(19, 'CONSEGNATO'), MONDAY + DAY);
    b.set(MONDAY + 20 * DAY);
    expect(engine.parcels.attention(caller, 3)).toEqual([]);
  });

  it('refuses bad input with its reason and keeps nothing', async () => {
    const b = bench();
    const { engine, caller, other } = b;
    const [id, fresh] = (await shipAndConfirm(engine, caller, 2)) as [number, number];
    const [theirs] = (await shipAndConfirm(engine, other, 1, 2001)) as [number];
    engine.parcels.seen(id, readTrackingState(23, 'RIFIUTATA DAL DESTINATARIO'), MONDAY + HOUR);
    engine.parcels.seen(fresh, IN_TRANSIT, MONDAY + HOUR);
    engine.parcels.seen(theirs, readTrackingState(23, 'RIFIUTATA DAL DESTINATARIO'), MONDAY + HOUR);
    b.set(MONDAY + 2 * HOUR);

    expect(engine.parcels.act(caller, 999_999, 'called', '', 3)).toEqual({
      ok: false,
      code: 'not_found',
      message: 'Spedizione non trovata',
    });
    expect(engine.parcels.act(caller, theirs, 'called', '', 3)).toMatchObject({ ok: false, code: 'not_found' });
    expect(engine.parcels.act(caller, fresh, 'called', '', 3)).toEqual({
      ok: false,
      code: 'refused',
      message: 'La spedizione non ha nulla da gestire ora',
    });
    expect(engine.parcels.act(caller, id, 'shouted', '', 3)).toEqual({
      ok: false,
      code: 'invalid',
      message: 'Azione sconosciuta: shouted',
    });
    expect(engine.parcels.act(caller, id, 'other', 'x'.repeat(501), 3)).toEqual({
      ok: false,
      code: 'invalid',
      message: 'La nota supera i 500 caratteri',
    });
    const actions = new Database(b.file, { readonly: true });
    try {
      expect(actions.prepare('SELECT count(*) AS n FROM parcel_actions').get()).toEqual({ n: 0 });
      expect(engine.parcels.attention(caller, 3).map((i) => i.shipmentId)).toEqual([id]);
      expect(engine.parcels.attention(other, 3).map((i) => i.shipmentId)).toEqual([theirs]);
      // A note of exactly 500 characters is kept; a second action on the same state is refused.
      expect(engine.parcels.act(caller, id, 'return_accepted', 'y'.repeat(500), 3)).toEqual({ ok: true });
      expect(engine.parcels.act(caller, id, 'other', '', 3)).toMatchObject({ ok: false, code: 'refused' });
      expect(actions.prepare('SELECT count(*) AS n FROM parcel_actions').get()).toEqual({ n: 1 });
      expect(engine.parcels.attention(other, 3).map((i) => i.shipmentId)).toEqual([theirs]);
    } finally {
      actions.close();
    }
  });
});
