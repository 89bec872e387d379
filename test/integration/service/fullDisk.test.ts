// A full disk is never a courier refusal: the client gets a 503 that says it is temporary, the shipment stays
// unfinished with its waybill, and it is finished with that same waybill once the storage takes writes again (while
// running, or at the next start). Reproduced for real: SQLite's own page limit on the real file, and a 3 MB tmpfs.
import Database from 'better-sqlite3';
import { appendFileSync, cpSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createEngine, isStorageFailure, type Engine } from '../../../src/engine/index';
import { DEMO_API_KEY } from '../../../src/service/config';
import { startServer } from '../../../src/service/server';
import { MSG } from '../../../src/shared/api/messages';
import { validShipment } from '../../fixtures/shipments';
import { apiClient, type ApiClient } from '../../helpers/api';
import { mountTmpfs, tmpfsSupport } from '../../helpers/tmpfs';
import { removeTempDirs, tempDir } from '../../helpers/tmp';
import { startServiceInProcess } from '../../peers/service';

afterAll(removeTempDirs);

const KEY = 'full-disk-key-0000000001';
const config = { users: [{ api_key: KEY, client_ids: [1001] }] };

interface Record_ {
  id: number;
  status: number;
  error: string;
  num_spedizione: string;
  label_zpl: string[];
  label_pdf: string[];
  label_jpg: string[];
}

/** A fresh, migrated database file and how many pages it has. */
function freshDatabase(): { file: string; pages: number } {
  const file = join(tempDir(), 'service-demo.sqlite');
  createEngine({ file, config }).close();
  const raw = new Database(file, { readonly: true });
  const pages = Number(raw.pragma('page_count', { simple: true }));
  raw.close();
  return { file, pages };
}

async function serve(engine: Engine): Promise<{ api: ApiClient; close(): Promise<void> }> {
  const server = await startServer(engine, { instance: 'demo', throttle: false, host: '127.0.0.1', port: 0 });
  return { api: apiClient(server.baseUrl, KEY), close: () => server.close() };
}

describe('a full disk, made with SQLite max_page_count on the real file', () => {
  it('answers 503 instead of a 0.6, and a restart with room finishes the shipment with the same waybill', async () => {
    const { file, pages } = freshDatabase();
    // Room for the shipment's row and parcels (pages already there), none for its labels.
    const full = createEngine({ file, config, maxPages: pages });
    const first = await serve(full);
    const created = await first.api.request<{ error: string }>(
      'POST',
      '/Shipment',
      validShipment({ ddt_alpha: 'PIENO-1' }),
    );
    expect(created.status).toBe(503);
    expect(created.body.error).toMatch(/^Archivio dati pieno o non scrivibile: spedizione \d+ \(PIENO-1\) registrata/);

    // Meanwhile the shipment reads as unfinished: its waybill, no labels, and not a refusal.
    const meanwhile = await first.api.request<Record_>('GET', '/ShipmentByDdtalpha?ddt_alpha=PIENO-1');
    expect(meanwhile.status).toBe(200);
    expect(meanwhile.body.status).toBe(0);
    expect(meanwhile.body.num_spedizione).not.toBe('');
    expect(meanwhile.body.label_zpl).toEqual([]);
    const confirm = await first.api.request<{ errors: { error: string }[] }>('POST', '/shipmentConfirm', {
      id: [meanwhile.body.id],
    });
    expect(confirm.body.errors).toEqual([{ id: meanwhile.body.id, error: MSG.confirmProcessing }]);
    await first.close();
    full.close();

    const roomy = createEngine({ file, config });
    const second = await serve(roomy);
    try {
      expect(await roomy.resume()).toBe(1);
      const after = await second.api.request<Record_>('GET', `/Shipment?id=${meanwhile.body.id}`);
      expect(after.body.status).toBe(0);
      expect(after.body.error).toBe('');
      expect(after.body.num_spedizione).toBe(meanwhile.body.num_spedizione);
      expect(after.body.label_zpl).toHaveLength(1);
      expect(after.body.label_pdf).toHaveLength(1);
      expect(after.body.label_jpg).toHaveLength(1);
    } finally {
      await second.close();
      roomy.close();
    }
  });

  it('stores nothing and answers 503 when even the shipment itself does not fit', async () => {
    const { file, pages } = freshDatabase();
    const full = createEngine({ file, config, maxPages: pages });
    const running = await serve(full);
    try {
      // 999 parcels (more than the courier takes: stored as a refusal, parcels and all) need pages the file may not
      // get.
      const created = await running.api.request<{ error: string }>(
        'POST',
        '/Shipment',
        validShipment({ ddt_alpha: 'PIENO-2', colli: 999, peso: 999 }),
      );
      expect(created.status).toBe(503);
      expect(created.body.error).toBe(MSG.storageUnavailable);
      expect((await running.api.request('GET', '/ShipmentByDdtalpha?ddt_alpha=PIENO-2')).status).toBe(404);
    } finally {
      await running.close();
      full.close();
    }
    const raw = new Database(file, { readonly: true });
    expect(raw.prepare('SELECT count(*) AS n FROM shipments').get()).toEqual({ n: 0 });
    expect(raw.prepare('SELECT count(*) AS n FROM counters').get()).toEqual({ n: 0 });
    raw.close();
  });
});

const tmpfs = tmpfsSupport();

/**
 * Posts shipments until the disk is full. A 503 that stored nothing (the shipment itself did not fit) frees a little
 * of `filler` and sends the same shipment again, until the shipment fits and only its labels do not.
 */
async function fillUntilUnfinished(api: ApiClient, filler: string): Promise<{ ddtAlpha: string; record: Record_ }> {
  let fillerSize = 1024 * 1024;
  for (let i = 0; i < 120; i += 1) {
    const ddtAlpha = `TMPFS-${i}`;
    const created = await api.request<{ error: string }>(
      'POST',
      '/Shipment',
      validShipment({ ddt_alpha: ddtAlpha, colli: 2, peso: 5 }),
    );
    if (created.status === 200) continue;
    expect(created.status).toBe(503);
    if (created.body.error === MSG.storageUnavailable) {
      expect((await api.request('GET', `/ShipmentByDdtalpha?ddt_alpha=${ddtAlpha}`)).status).toBe(404);
      fillerSize -= 48 * 1024;
      if (fillerSize < 0) break;
      truncateSync(filler, fillerSize);
      continue;
    }
    expect(created.body.error).toContain(`(${ddtAlpha}) registrata`);
    const record = await api.request<Record_>('GET', `/ShipmentByDdtalpha?ddt_alpha=${ddtAlpha}`);
    expect(record.body.status).toBe(0);
    expect(record.body.num_spedizione).not.toBe('');
    expect(record.body.label_zpl).toEqual([]);
    return { ddtAlpha, record: record.body };
  }
  throw new Error('the disk never filled up the way the test needs');
}

describe.skipIf(!tmpfs.ok)(
  `a full disk, a real 3 MB tmpfs under npm run serve${tmpfs.ok ? '' : ` (skipped: ${tmpfs.reason})`}`,
  () => {
    it('finishes the unfinished shipment by itself, with the same waybill, once the disk has room again', async () => {
      const disk = mountTmpfs(3 * 1024);
      const filler = join(disk.dir, 'filler');
      writeFileSync(filler, Buffer.alloc(1024 * 1024));
      const service = await startServiceInProcess({ dataDir: join(disk.dir, 'data') });
      try {
        const api = apiClient(service.baseUrl, DEMO_API_KEY);
        const { ddtAlpha, record } = await fillUntilUnfinished(api, filler);
        truncateSync(filler, 0);
        let finished: Record_ | undefined;
        for (let i = 0; i < 80 && !finished; i += 1) {
          const found = await api.request<Record_>('GET', `/ShipmentByDdtalpha?ddt_alpha=${ddtAlpha}`);
          if (found.body.label_zpl.length > 0) finished = found.body;
          else await new Promise((done) => setTimeout(done, 250));
        }
        expect(finished?.status).toBe(0);
        expect(finished?.num_spedizione).toBe(record.num_spedizione);
        expect(finished?.label_zpl).toHaveLength(2);
        expect(finished?.label_pdf).toHaveLength(2);
      } finally {
        await service.stop();
        disk.unmount();
      }
    });

    it(
      'after the data moves to a disk with room and the service restarts, the shipment has status 0, its waybill ' +
        'and labels',
      async () => {
        const disk = mountTmpfs(3 * 1024);
        const filler = join(disk.dir, 'filler');
        writeFileSync(filler, Buffer.alloc(1024 * 1024));
        const data = join(disk.dir, 'data');
        const service = await startServiceInProcess({ dataDir: data });
        let moved: string;
        let unfinished: { ddtAlpha: string; record: Record_ };
        try {
          unfinished = await fillUntilUnfinished(apiClient(service.baseUrl, DEMO_API_KEY), filler);
        } finally {
          // Its last checkpoint may not fit any more: the service still closes and exits.
          await service.stop();
          moved = join(tempDir(), 'data');
          cpSync(data, moved, { recursive: true });
          disk.unmount();
        }
        const again = await startServiceInProcess({ dataDir: moved });
        try {
          expect(again.output()).toMatch(/finished [1-9]\d* shipment\(s\) interrupted by the last stop/);
          const found = await apiClient(again.baseUrl, DEMO_API_KEY).request<Record_>(
            'GET',
            `/ShipmentByDdtalpha?ddt_alpha=${unfinished.ddtAlpha}`,
          );
          expect(found.body.status).toBe(0);
          expect(found.body.num_spedizione).toBe(unfinished.record.num_spedizione);
          expect(found.body.label_zpl).toHaveLength(2);
          expect(found.body.label_jpg).toHaveLength(2);
        } finally {
          await again.stop();
        }
      },
    );

    it('closes the database even when its last checkpoint does not fit on the disk', async () => {
      const disk = mountTmpfs(3 * 1024);
      try {
        const filler = join(disk.dir, 'filler');
        writeFileSync(filler, Buffer.alloc(1024 * 1024));
        const engine = createEngine({ file: join(disk.dir, 'engine.sqlite'), config });
        const caller = engine.authenticate(KEY);
        if (!caller) throw new Error('no caller');
        let unfinished = false;
        let fillerSize = 1024 * 1024;
        for (let i = 0; i < 120 && !unfinished && fillerSize > 0; i += 1) {
          try {
            unfinished =
              (await engine.createShipment(caller, validShipment({ ddt_alpha: `CLOSE-${i}` }))).kind === 'unfinished';
          } catch (error) {
            // The shipment itself did not fit: a little more room, until only its labels do not.
            if (!isStorageFailure(error)) throw error;
            fillerSize -= 48 * 1024;
            truncateSync(filler, Math.max(0, fillerSize));
          }
        }
        expect(unfinished).toBe(true);
        // Whatever room is left goes too: the checkpoint must grow the database file and cannot.
        const chunk = Buffer.alloc(4096);
        for (let i = 0; i < 1000; i += 1) {
          try {
            appendFileSync(join(disk.dir, 'rest'), chunk);
          } catch {
            break;
          }
        }
        expect(() => engine.close()).toThrow(/disk is full|disk I\/O error/);
        expect(() => engine.getShipment(caller, 1)).toThrow(/not open/);
      } finally {
        disk.unmount();
      }
    });
  },
);
