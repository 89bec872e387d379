// Service benchmarks: shipment creation through HTTP (1 parcel, all label formats) against a trivial request on the
// same server and bare SQLite inserts; a 1,000-shipment manifest against the same confirmation without a manifest.
import Database from 'better-sqlite3';
import { PDFDocument } from 'pdf-lib';
import { join } from 'node:path';
import { createEngine } from '../../src/engine/index';
import { engineSwitches } from '../../src/service/engineSwitches';
import { apiClient } from '../helpers/api';
import { startService } from '../peers/service';
import { validShipment } from '../fixtures/shipments';
import { median, timeOnce, type Row } from './stats';
import { removeTempDir, tempDir } from '../helpers/tmp';

const KEY = 'bench-key-0123456789-abcdef';

export async function benchCreate(count: number): Promise<Row[]> {
  const dataDir = tempDir('bench-service-');
  const service = await startService({
    dataDir,
    config: { instance: 'bench', users: [{ api_key: KEY, client_ids: [1001] }], throttle: false },
  });
  try {
    const api = apiClient(service.baseUrl, KEY);
    const body = validShipment();
    for (let i = 0; i < 10; i += 1) await api.request('POST', '/Shipment', body); // warm-up: fonts, JIT, page cache
    const create: number[] = [];
    const trivial: number[] = [];
    for (let i = 0; i < count; i += 1) {
      create.push(
        await timeOnce(async () => {
          const answer = await api.request('POST', '/Shipment', body);
          if (answer.status !== 200) throw new Error(`create failed: ${JSON.stringify(answer.body)}`);
        }),
      );
      trivial.push(await timeOnce(() => api.request('GET', '/Shipment?id=999999999')));
    }
    const start = Date.now();
    const parallel = 4;
    await Promise.all(
      Array.from({ length: parallel }, async () => {
        for (let i = 0; i < count / parallel; i += 1) await api.request('POST', '/Shipment', body);
      }),
    );
    const perSecond = (count / (Date.now() - start)) * 1000;

    const sqliteFile = join(dataDir, 'bare.sqlite');
    const db = new Database(sqliteFile);
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    db.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, data TEXT NOT NULL)');
    const insert = db.prepare('INSERT INTO t (data) VALUES (?)');
    const payload = JSON.stringify(body);
    const inserts: number[] = [];
    for (let i = 0; i < count; i += 1) inserts.push(await timeOnce(() => insert.run(payload)));
    db.close();

    const createMedian = median(create);
    return [
      {
        name: `POST Shipment, 1 parcel, ZPL+PDF+JPG (${count} sequential)`,
        medianMs: createMedian,
        baseline: 'GET of a missing id, same server',
        baselineMs: median(trivial),
        extra: `${(1000 / createMedian).toFixed(0)}/s sequential, ${perSecond.toFixed(0)}/s with ${parallel} clients`,
      },
      {
        name: 'POST Shipment (same figures)',
        medianMs: createMedian,
        baseline: 'bare SQLite single-row insert',
        baselineMs: median(inserts),
      },
    ];
  } finally {
    await service.stop();
    removeTempDir(dataDir);
  }
}

export async function benchManifest(size: number, rounds: number): Promise<Row[]> {
  const dataDir = tempDir('bench-manifest-');
  const engine = createEngine({
    file: join(dataDir, 'engine.sqlite'),
    config: { users: [{ api_key: KEY, client_ids: [1001] }] },
    ...engineSwitches(),
  });
  try {
    const caller = engine.authenticate(KEY);
    if (!caller) throw new Error('bench user missing');
    const createBatch = async () => {
      const ids: number[] = [];
      for (let i = 0; i < size; i += 1) {
        const outcome = await engine.createShipment(
          caller,
          validShipment({ labelType: 'ZPL', ddt_alpha: `B${Date.now()}-${i}` }),
        );
        if (outcome.kind !== 'created') throw new Error(outcome.error);
        ids.push(outcome.record.id);
      }
      return ids;
    };
    const withManifest: number[] = [];
    const without: number[] = [];
    let pdf = '';
    for (let round = 0; round < rounds; round += 1) {
      const a = await createBatch();
      withManifest.push(
        await timeOnce(async () => {
          const result = await engine.confirmByIds(caller, a, true);
          pdf = result.manifest?.pdfBase64 ?? '';
        }),
      );
      const b = await createBatch();
      without.push(await timeOnce(() => engine.confirmByIds(caller, b, false)));
    }
    const pages = (await PDFDocument.load(Buffer.from(pdf, 'base64'))).getPageCount();
    return [
      {
        name: `confirm ${size} shipments with manifest PDF (${rounds} rounds)`,
        medianMs: median(withManifest),
        baseline: `confirm ${size} without manifest`,
        baselineMs: median(without),
        extra: `${pages} pages`,
      },
    ];
  } finally {
    engine.close();
    removeTempDir(dataDir);
  }
}
