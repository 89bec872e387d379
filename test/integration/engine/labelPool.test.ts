// PDF and JPG labels on worker threads (issue 14), in a real engine over a SQLite file: the labels drawn by the pool
// are the ones drawn on the calling thread, byte for byte (the same renderers, the same fixed date), and a worker
// that dies in the middle of a label costs that one shipment a status 0.6 with the reason, never the shipment or the
// engine: the next shipment gets its labels from a new thread.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { Caller, Engine } from '../../../src/engine/index';
import { labelPoolFor, labelPoolOnDemand } from '../../../src/engine/labels/pool';
import { buildLabelModel } from '../../../src/engine/labels';
import { drawRaster } from '../../../src/engine/labels/rasterTask';
import { openResources } from '../../../src/engine/resources';
import { sampleLabelData } from '../../fixtures/labelData';
import { validShipment } from '../../fixtures/shipments';
import { closeEngines, openEngine } from '../../helpers/engines';
import { removeTempDirs, tempDir } from '../../helpers/tmp';

const KEY = 'label-pool-key-0001';
afterEach(closeEngines);
afterAll(removeTempDirs);

/** A thread entry that cannot start, as a bundle missing a library would fail: it throws as it loads. */
function brokenEntry(): string {
  const file = join(tempDir('label-pool-broken-'), 'labelWorker.mjs');
  writeFileSync(file, "throw new Error('Cannot find package pdf-lib');\n");
  return file;
}

/** What the pool says once, when its threads cannot start. */
const BROKEN_LINE =
  'etichette: i thread di disegno non partono (Cannot find package pdf-lib): PDF e JPG disegnati sul thread principale';

/** A log that keeps its lines. */
function keptLog(): { warnings: string[]; log: { info(m: string): void; warn(m: string): void } } {
  const warnings: string[] = [];
  return { warnings, log: { info: () => undefined, warn: (message) => void warnings.push(message) } };
}

function open(labelThreads: boolean): { engine: Engine; caller: Caller } {
  return openEngine(KEY, { config: { users: [{ api_key: KEY, client_ids: [1001] }] }, labelThreads });
}

describe('labels drawn on worker threads', () => {
  it('starts no thread for an on-demand engine until it draws a label, then draws the same bytes', async () => {
    const resources = openResources();
    const pool = labelPoolOnDemand(resources.dir);
    expect(pool.threads()).toEqual([]);
    const model = buildLabelModel(resources, sampleLabelData());
    const task = { resourcesDir: resources.dir, model, pdf: true, jpg: false, dateMs: Date.UTC(2026, 10, 25) };
    const [threaded, here] = await Promise.all([pool.draw(task), drawRaster(task)]);
    expect(Buffer.from(threaded.pdf ?? [])).toEqual(Buffer.from(here.pdf ?? []));
    expect(pool.threads().length).toBeGreaterThan(0);
  });

  it('draws the same bytes as the calling thread', async () => {
    const resources = openResources();
    const model = buildLabelModel(resources, sampleLabelData());
    const pool = labelPoolFor(resources.dir);
    const task = { resourcesDir: resources.dir, model, pdf: true, jpg: true, dateMs: Date.UTC(2026, 10, 25) };
    const [threaded, here] = await Promise.all([pool.draw(task), drawRaster(task)]);
    expect(Buffer.from(threaded.pdf ?? [])).toEqual(Buffer.from(here.pdf ?? []));
    expect(Buffer.from(threaded.jpg ?? [])).toEqual(Buffer.from(here.jpg ?? []));
  });

  it('draws several labels at once on a pool of two threads, each the bytes the calling thread draws', async () => {
    const resources = openResources();
    const pool = labelPoolFor(resources.dir, 2);
    const tasks = ['Rossi', 'Bianchi', 'Verdi', 'Neri'].map((name) => ({
      resourcesDir: resources.dir,
      model: buildLabelModel(resources, sampleLabelData({ ddtAlpha: `ORD-${name}` })),
      pdf: true,
      jpg: true,
      dateMs: Date.UTC(2026, 10, 25),
    }));
    const threaded = await Promise.all(tasks.map((task) => pool.draw(task)));
    expect(pool.threads()).toHaveLength(2);
    for (const [i, task] of tasks.entries()) {
      const here = await drawRaster(task);
      expect(Buffer.from(threaded[i]?.pdf ?? [])).toEqual(Buffer.from(here.pdf ?? []));
      expect(Buffer.from(threaded[i]?.jpg ?? [])).toEqual(Buffer.from(here.jpg ?? []));
    }
    expect(new Set(threaded.map((labels) => Buffer.from(labels.jpg ?? []).toString('base64'))).size).toBe(4);
  });

  it('gives the same stored labels with and without threads', async () => {
    const body = validShipment({ ddt_alpha: 'POOL-SAME', colli: 2, peso: 4 });
    const threaded = open(true);
    const inline = open(false);
    const a = await threaded.engine.createShipment(threaded.caller, body);
    const b = await inline.engine.createShipment(inline.caller, body);
    if (a.kind !== 'created' || b.kind !== 'created') throw new Error('not created');
    expect(a.record.label_pdf).toHaveLength(2);
    expect(a.record.label_jpg).toHaveLength(2);
    // Same courier numbering and date in both files: the labels are the same, parcel by parcel, in order.
    expect(a.record.label_jpg).toEqual(b.record.label_jpg);
    expect(a.record.label_zpl).toEqual(b.record.label_zpl);
  });

  it('turns a worker dying mid-label into status 0.6 for that shipment only', async () => {
    const { engine, caller } = open(true);
    const resources = openResources();
    const pool = labelPoolFor(resources.dir);
    // Warm: a thread is up and has drawn once.
    expect((await engine.createShipment(caller, validShipment({ ddt_alpha: 'POOL-WARM' }))).kind).toBe('created');
    // How long the threads have worked so far (their event loops' busy time): it grows while one draws a label.
    const worked = () => pool.threads().reduce((ms, t) => ms + t.performance.eventLoopUtilization().active, 0);
    const before = worked();
    const dying = engine.createShipment(caller, validShipment({ ddt_alpha: 'POOL-DIES', colli: 3, peso: 6 }));
    // Stopped in the middle of its labels, whenever the shipment's store lets the task reach a thread: once the
    // threads have worked 2 ms more (three labels take tens of ms to draw), never at a guessed moment.
    const end = Date.now() + 10_000;
    while (Date.now() < end && worked() - before < 2) await new Promise((r) => setTimeout(r, 1));
    await Promise.all(pool.threads().map((t) => t.terminate()));
    const outcome = await dying;
    if (outcome.kind !== 'created') throw new Error(outcome.kind);
    expect(outcome.record.status).toBe(0.6);
    expect(outcome.record.error).toMatch(/^Generazione etichetta non riuscita: /);
    const next = await engine.createShipment(caller, validShipment({ ddt_alpha: 'POOL-AFTER' }));
    if (next.kind !== 'created') throw new Error(next.kind);
    expect(next.record.status).toBe(0);
    expect(next.record.label_pdf).toHaveLength(1);
    expect(engine.listShipments(caller, { view: 'departing', offset: 0, limit: 10 }).total).toBe(3);
  });

  it('draws on the calling thread when its threads cannot start, and says so once', async () => {
    const resources = openResources();
    const { warnings, log } = keptLog();
    const pool = labelPoolFor(resources.dir, 1, brokenEntry(), log);
    const tasks = ['Rossi', 'Bianchi'].map((name) => ({
      resourcesDir: resources.dir,
      model: buildLabelModel(resources, sampleLabelData({ ddtAlpha: `BROKEN-${name}` })),
      pdf: true,
      jpg: true,
      dateMs: Date.UTC(2026, 10, 25),
    }));
    // The first label is asked for while the thread fails to start: it is drawn here instead, the same bytes.
    for (const task of tasks) {
      const drawn = await pool.draw(task);
      const here = await drawRaster(task);
      expect(Buffer.from(drawn.pdf ?? [])).toEqual(Buffer.from(here.pdf ?? []));
      expect(Buffer.from(drawn.jpg ?? [])).toEqual(Buffer.from(here.jpg ?? []));
      expect(pool.threads()).toEqual([]);
    }
    expect(warnings.filter((line) => line.includes('non partono'))).toEqual([BROKEN_LINE]);
  });

  it('keeps the process up when its thread fails to start with no label waiting, then draws here', async () => {
    const resources = openResources();
    const { warnings, log } = keptLog();
    const pool = labelPoolFor(resources.dir, 1, brokenEntry(), log);
    // The thread starts with the pool and fails while nothing waits for it: piscina's 'error' event, which ends the
    // process when no one listens. Waited for by the pool's own line, never a guessed time.
    await expect.poll(() => warnings.length, { timeout: 15_000 }).toBeGreaterThanOrEqual(2);
    expect(warnings.slice(0, 2)).toEqual([
      'etichette: thread di disegno in errore: Cannot find package pdf-lib',
      BROKEN_LINE,
    ]);
    const task = {
      resourcesDir: resources.dir,
      model: buildLabelModel(resources, sampleLabelData({ ddtAlpha: 'BROKEN-IDLE' })),
      pdf: true,
      jpg: false,
      dateMs: Date.UTC(2026, 10, 25),
    };
    const drawn = await pool.draw(task);
    expect(Buffer.from(drawn.pdf ?? [])).toEqual(Buffer.from((await drawRaster(task)).pdf ?? []));
    expect(pool.threads()).toEqual([]);
    expect(warnings).toHaveLength(2);
  });
});
