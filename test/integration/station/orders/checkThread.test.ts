// The preview's checks shared with the order-check thread (an engine of its own on the station's file): the thread's
// issues are the station engine's, a preview checked by both is the station's alone, a thread that is slow, dies or
// is closed changes nothing but the time, checks made while something they read changed are never held, and the
// station ends the thread when it closes.
import Database from 'better-sqlite3';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createStation, type Station } from '../../../../src/station/index';
import { createDispatcher } from '../../../../src/station/dispatch';
import { createOrderImports } from '../../../../src/station/orders/fileImport';
import { hostCheckThread, type CheckPart, type OrderCheckThread } from '../../../../src/station/orders/checkThread';
import { readOrderTable } from '../../../../src/orderFiles/readFile';
import { readOrdersInSlices } from '../../../../src/orderFiles/orderDrafts';
import { guessMapping } from '../../../../src/shared/domain/orderGuess';
import type { ImportPreview, ImportResult } from '../../../../src/shared/ipc/orderCommands';
import type { OrderDraft, OrderIssues } from '../../../../src/shared/domain/orders';
import { ordersCsv } from '../../../fixtures/orderFiles';
import { removeTempDirs, tempDir } from '../../../helpers/tmp';
import { commandValue } from '../../../helpers/stationCommands';
import { pause } from '../../../helpers/until';

const stations: Station[] = [];
afterEach(async () => {
  await Promise.all(stations.splice(0).map((station) => station.close()));
  removeTempDirs();
});

async function started(thread: boolean): Promise<Station> {
  const station = await createStation({
    dataDir: tempDir(),
    ...(thread ? { orderCheckThread: { startAfterMs: 0 } } : {}),
  });
  stations.push(station);
  if (thread) expect(await station.orderCheckThread?.ready()).toBe(true);
  return station;
}

/** 1,200 orders, one in eight with a postal code of another province and one in nine with a broken e-mail. */
const ORDERS = 1_200;
const fileText = () =>
  ordersCsv(ORDERS, {
    wrongCap: Array.from({ length: ORDERS / 8 }, (_, i) => i * 8 + 1),
    badEmail: Array.from({ length: ORDERS / 9 }, (_, i) => i * 9 + 4),
    twoParcels: [5, 50, 500],
  });

async function draftsOf(station: Station, text: string): Promise<OrderDraft[]> {
  const table = await readOrderTable(Buffer.from(text, 'utf8'), 'ordini.csv');
  const reads = await readOrdersInSlices(
    table,
    guessMapping(table.headers),
    { clientId: station.caller.clientIds[0]!, fixes: new Map(), codWords: [] },
    () => Promise.resolve(),
  );
  return reads.map((read) => read.draft);
}

const base64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');

/** A file's preview and import through the command table, the import's id left out (it is new each time). */
async function imported(station: Station, text: string) {
  const { dispatch } = createDispatcher(station);
  const { importId, ...preview } = commandValue<ImportPreview>(
    await dispatch('orders.preview', { fileName: 'ordini.csv', base64: base64(text) }),
  );
  const result = commandValue<ImportResult>(await dispatch('orders.import', { importId }));
  const waiting = station.engine.orders.list(station.caller, { state: 'waiting', limit: 500 });
  return { preview, result, waiting: waiting.rows.map(({ id: _id, createdAt: _at, ...order }) => order) };
}

/** The station's own preview of `text`, with the thread given (a stand-in for the real one's ways of failing). */
async function previewWith(station: Station, thread: OrderCheckThread, text: string) {
  const imports = createOrderImports(station.engine, station.caller, () => {}, undefined, undefined, {
    thread,
    now: Date.now,
  });
  const { importId, ...preview } = await imports.preview({ fileName: 'ordini.csv', bytes: Buffer.from(text) });
  return { preview, result: await imports.commit(importId) };
}

describe('the order-check thread', () => {
  it("checks orders as the station's engine does: the same issues, in the same order, in the same words", async () => {
    const station = await started(true);
    const drafts = await draftsOf(station, fileText());
    const fromThread: OrderIssues[] = [];
    const part = station.orderCheckThread!.check(station.caller, Date.now(), drafts, (start, issues) =>
      issues.forEach((issue, i) => (fromThread[start + i] = issue)),
    );
    expect(part).toBeDefined();
    await part!.done;
    const own = station.engine.orders.check(station.caller, drafts);
    expect(fromThread).toEqual(own);
    expect(own.filter((issues) => Object.keys(issues.errors).length > 0).length).toBeGreaterThan(200);
  });

  it('gives a preview and an import equal to the station alone, the thread having checked part of it', async () => {
    const text = fileText();
    const alone = await imported(await started(false), text);
    const shared = await started(true);
    const real = shared.orderCheckThread!;
    let fromThread = 0;
    const counting: OrderCheckThread = {
      ...real,
      check: (caller, now, drafts, onChecked) =>
        real.check(caller, now, drafts, (start, issues) => {
          fromThread += issues.length;
          onChecked(start, issues);
        }),
    };
    // The thread's checks held by the station's engine, not only sent: a hand-over that never holds one passes the
    // equalities below as the station alone would.
    const adopt = vi.spyOn(shared.engine.orders, 'adoptChecks');
    const both = await previewWith(shared, counting, text);
    expect(fromThread).toBeGreaterThan(0);
    const held = adopt.mock.calls.filter((_, i) => adopt.mock.results[i]?.value === true);
    expect(held.reduce((sum, [, , drafts]) => sum + drafts.length, 0)).toBeGreaterThan(0);
    expect(both.preview).toEqual(alone.preview);
    expect(both.result).toEqual(alone.result);
    const waiting = shared.engine.orders.list(shared.caller, { state: 'waiting', limit: 500 });
    expect(waiting.rows.map(({ id: _id, createdAt: _at, ...order }) => order)).toEqual(alone.waiting);
  });

  it('gives the same preview through the command table with the thread as without it', async () => {
    const text = fileText();
    const alone = await imported(await started(false), text);
    expect(await imported(await started(true), text)).toEqual(alone);
  });

  it('changes nothing but the time when the thread never answers, or dies half way', async () => {
    const text = fileText();
    const alone = await imported(await started(false), text);
    const silent: OrderCheckThread = {
      ready: () => Promise.resolve(true),
      check: (): CheckPart => ({ claimFrom: () => {}, stop: () => {}, done: new Promise<void>(() => {}) }),
      close: () => Promise.resolve(),
    };
    const station = await started(true);
    expect((await previewWith(station, silent, text)).preview).toEqual(alone.preview);

    // Another station, as the first kept the file's orders.
    const other = await started(true);
    const real = other.orderCheckThread!;
    const dying: OrderCheckThread = {
      ...real,
      check(caller, now, drafts, onChecked) {
        const part = real.check(caller, now, drafts, onChecked);
        void real.close();
        return part;
      },
    };
    const afterDeath = await previewWith(other, dying, text);
    expect(afterDeath.preview).toEqual(alone.preview);
    expect(afterDeath.result).toEqual(alone.result);
    // Gone: the next file is checked by the station alone.
    expect(real.check(other.caller, Date.now(), await draftsOf(other, ordersCsv(5)), () => {})).toBeUndefined();
  });

  it('holds no check made while something a check reads changed', async () => {
    const station = await started(true);
    const drafts = await draftsOf(station, ordersCsv(50));
    const { orders } = station.engine;
    const stamp = orders.checkStamp(station.caller);
    const wrongOf = (list: readonly OrderDraft[]): OrderIssues[] =>
      list.map((draft) => ({
        line: draft.line,
        orderRef: draft.orderRef,
        errors: { rcpt_cap: { code: 'capDigits', message: 'inventato' } },
      }));
    const wrong = wrongOf(drafts);
    // A sender profile saved meanwhile: what the checks read is no longer what the stamp says.
    station.engine.settings.set('orders.test', 'changed');
    expect(orders.adoptChecks(station.caller, stamp, drafts, wrong)).toBe(false);
    expect(orders.check(station.caller, drafts).every((issues) => Object.keys(issues.errors).length === 0)).toBe(true);
    // Under a stamp that holds, they are held as the engine's own; a draft checked here keeps its own check.
    const others = await draftsOf(station, ordersCsv(50));
    const stamped = orders.checkStamp(station.caller);
    expect(orders.adoptChecks(station.caller, stamped, [...drafts, ...others], [...wrong, ...wrongOf(others)])).toBe(
      true,
    );
    expect(orders.check(station.caller, others)).toEqual(wrongOf(others));
    expect(orders.check(station.caller, drafts).every((issues) => Object.keys(issues.errors).length === 0)).toBe(true);
  });

  it('is ended when the station closes, and one closed before it started never starts', async () => {
    const station = await started(true);
    const thread = station.orderCheckThread!;
    const drafts = await draftsOf(station, ordersCsv(5));
    await station.close();
    stations.splice(stations.indexOf(station), 1);
    expect(thread.check(station.caller, Date.now(), drafts, () => {})).toBeUndefined();

    const late = await createStation({ dataDir: tempDir(), orderCheckThread: { startAfterMs: 60_000 } });
    await late.close();
    expect(await late.orderCheckThread?.ready()).toBe(false);
  });

  it("is the hosts' default ten seconds after the start, and left out with STATION_ORDER_CHECK_THREAD=0", async () => {
    expect(hostCheckThread({})).toEqual({ startAfterMs: 10_000 });
    expect(hostCheckThread({ STATION_ORDER_CHECK_THREAD: '1' })).toEqual({ startAfterMs: 10_000 });
    const off = hostCheckThread({ STATION_ORDER_CHECK_THREAD: '0' });
    expect(off).toBeUndefined();
    const station = await createStation({ dataDir: tempDir(), ...(off ? { orderCheckThread: off } : {}) });
    stations.push(station);
    expect(station.orderCheckThread).toBeUndefined();
  });

  it("waits while another connection holds the file's write lock past the station's 250 ms, then starts", async () => {
    const dataDir = tempDir();
    const station = await createStation({ dataDir, orderCheckThread: { startAfterMs: 0 } });
    stations.push(station);
    // Another connection on the station's file holds the write lock while the thread loads and opens its engine,
    // which writes the configured users as it opens.
    const file = readdirSync(dataDir).find((name) => name.endsWith('.sqlite'));
    expect(file).toBeDefined();
    const holder = new Database(join(dataDir, file!));
    holder.prepare('BEGIN IMMEDIATE').run();
    await pause(4_000);
    holder.prepare('COMMIT').run();
    holder.close();
    expect(await station.orderCheckThread?.ready()).toBe(true);
    const drafts = await draftsOf(station, ordersCsv(5));
    expect(station.orderCheckThread!.check(station.caller, Date.now(), drafts, () => {})).toBeDefined();
  });
});
