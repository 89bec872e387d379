// The service makes the shipments POST Shipment asks for on a writer thread with its own SQLite connection: a client
// reading meanwhile is answered, a writer that dies mid-create costs that create a 503 (and the next one succeeds),
// and closing loses none of the creates in flight. A test connection holding the write lock keeps creates waiting.
import Database from 'better-sqlite3';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createEngine } from '../../../src/engine/index';
import { startServiceApp, type ServiceApp } from '../../../src/service/app';
import { demoConfig } from '../../../src/service/config';
import { startCreatesWriter } from '../../../src/service/writer/createsWriter';
import { MSG } from '../../../src/shared/api/messages';
import { DEMO_KEY, validShipment } from '../../fixtures/shipments';
import { apiClient, type ApiAnswer } from '../../helpers/api';
import { removeTempDirs, tempDir } from '../../helpers/tmp';
import { startSmtpPeer, type SmtpPeer } from '../../peers/smtpPeer';

const DROP_KEY = 'writer-drop-0123456789-abcdef';

type Rec = { id: number; num_spedizione: string; label_pdf: string[]; label_zpl: string[] };

const start = (dataDir: string, more: { configFile?: string; now?: () => number } = {}) =>
  startServiceApp({ dataDir, host: '127.0.0.1', port: 0, out: () => undefined, err: () => undefined, ...more });

/** The service's file, its write lock held by another connection until `release`. */
function holdWriteLock(file: string): { release(): void } {
  const db = new Database(file);
  db.exec('BEGIN IMMEDIATE');
  return {
    release() {
      db.exec('ROLLBACK');
      db.close();
    },
  };
}

function writerOf(app: ServiceApp): NonNullable<ServiceApp['writer']> {
  if (!app.writer) throw new Error('the service started without its writer thread');
  return app.writer;
}

/** Until the writer thread has `count` creates handed to it (each waits there for the write lock). */
async function handedOver(app: ServiceApp, count: number): Promise<void> {
  while (writerOf(app).inFlight() < count) await new Promise((resolve) => setTimeout(resolve, 5));
}

/** Whether a promise has settled, looked at now. */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  const mark = Symbol('pending');
  return (await Promise.race([promise.then(() => true), Promise.resolve(mark)])) !== mark;
}

const apps: ServiceApp[] = [];
const mailboxes: SmtpPeer[] = [];
// The suite's services make their creates on the request thread (test/vitest.config.ts); these are about the thread.
beforeEach(() => void vi.stubEnv('STATION_WRITER_THREAD', '1'));
afterEach(async () => {
  for (const app of apps.splice(0)) await app.close();
  for (const mailbox of mailboxes.splice(0)) await mailbox.close();
  vi.unstubAllEnvs();
  removeTempDirs();
});

describe('the writer thread of POST Shipment', () => {
  it('answers a GET while a create waits on the writer thread, then answers the create', async () => {
    const app = await start(tempDir());
    apps.push(app);
    const api = apiClient(app.baseUrl, DEMO_KEY);
    const first = await api.request<Rec>('POST', '/Shipment', validShipment());
    expect(first.status).toBe(200);
    const lock = holdWriteLock(app.file);
    const create = api.request<Rec>('POST', '/Shipment', validShipment({ colli: 2 }));
    await handedOver(app, 1);
    for (let i = 0; i < 3; i += 1) {
      const read = await api.request<Rec>('GET', `/Shipment?id=${first.body.id}`);
      expect(read.status).toBe(200);
      expect(read.body.num_spedizione).toBe(first.body.num_spedizione);
    }
    expect(await settled(create)).toBe(false);
    lock.release();
    const created = await create;
    expect(created.status).toBe(200);
    expect(created.body.label_pdf).toHaveLength(2);
  });

  it('answers 503 to a create the writer thread died with, and makes the next one', async () => {
    const app = await start(tempDir());
    apps.push(app);
    const api = apiClient(app.baseUrl, DEMO_KEY);
    const lock = holdWriteLock(app.file);
    const dying = writerOf(app).thread();
    const create = api.request('POST', '/Shipment', validShipment({ ddt_alpha: 'WRITER-DIED-1' }));
    await handedOver(app, 1);
    const gone = dying.terminate();
    lock.release();
    await gone;
    expect(await create).toEqual({ status: 503, body: { error: MSG.createInterrupted } });
    expect(writerOf(app).thread()).not.toBe(dying);

    const next = await api.request<Rec>('POST', '/Shipment', validShipment({ ddt_alpha: 'WRITER-DIED-2' }));
    expect(next.status).toBe(200);
    expect(next.body.label_zpl).toHaveLength(1);
    // The interrupted one is either not stored or stored whole (the new thread finished what the old one left).
    const lookedUp: ApiAnswer<Rec | { error: string }> = await api.request(
      'GET',
      '/ShipmentByDdtalpha?ddt_alpha=WRITER-DIED-1',
    );
    if (lookedUp.status === 200) expect((lookedUp.body as Rec).label_zpl).toHaveLength(1);
    else expect(lookedUp).toEqual({ status: 404, body: { error: MSG.shipmentNotFound } });
  });

  it('answers every create in flight when closed, and serves them all after a restart', async () => {
    const dataDir = tempDir();
    const app = await start(dataDir);
    const api = apiClient(app.baseUrl, DEMO_KEY);
    const lock = holdWriteLock(app.file);
    const creates = [1, 2, 3].map((colli) => api.request<Rec>('POST', '/Shipment', validShipment({ colli })));
    await handedOver(app, 3);
    const closed = app.close();
    lock.release();
    const answers = await Promise.all(creates);
    await closed;
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);

    const again = await start(dataDir);
    apps.push(again);
    const reader = apiClient(again.baseUrl, DEMO_KEY);
    for (const { body } of answers) {
      const read = await reader.request<Rec>('GET', `/Shipment?id=${body.id}`);
      expect(read.status).toBe(200);
      expect(read.body.num_spedizione).toBe(body.num_spedizione);
    }
  });

  it("sends the dropshipping mail of a shipment the writer thread made, dated by the service's clock", async () => {
    const mailbox = await startSmtpPeer();
    mailboxes.push(mailbox);
    const dataDir = tempDir();
    const configFile = join(dataDir, 'config.json');
    const smtp = { host: '127.0.0.1', port: mailbox.port, security: 'none', from: 'Spedizioni <s@rossi.example>' };
    writeFileSync(
      configFile,
      JSON.stringify({ instance: 'drop', users: [{ api_key: DROP_KEY, client_ids: [1001] }], throttle: false, smtp }),
    );
    const app = await start(dataDir, { configFile, now: () => Date.parse('2031-03-04T10:00:00Z') });
    apps.push(app);
    const api = apiClient(app.baseUrl, DROP_KEY);
    const drop = { dropshipping: 1, sender_email: 'magazzino@rossi.example', labelType: 'ZPL', ddt_alpha: 'DROP-W' };
    const created = await api.request<Rec & { date_upd: string }>('POST', '/Shipment', validShipment(drop));
    expect(created.status).toBe(200);
    expect(created.body.date_upd).toMatch(/^2031-03-04/);
    const [mail] = await mailbox.waitFor(1, 15_000);
    expect(mail?.subject).toBe(`Lettera di vettura ${created.body.num_spedizione} – ordine DROP-W`);
  });
});

describe('a create the writer thread cannot be handed', () => {
  it('is refused and leaves nothing counted in flight, and the next create is made', async () => {
    const file = join(tempDir(), 'service.sqlite');
    const config = demoConfig().engine;
    const engine = createEngine({ file, config });
    const caller = engine.authenticate(DEMO_KEY);
    engine.close();
    if (!caller) throw new Error('the demo key did not authenticate');
    const writer = await startCreatesWriter({
      data: { file, config, switches: { labelThreads: false, checkpointThread: false } },
      log: { info: () => undefined, warn: () => undefined },
      onQueued: () => undefined,
    });
    try {
      // A body the structured clone cannot take: postMessage throws before the thread sees anything.
      await expect(writer.create(caller, { ...validShipment(), note: () => 'x' })).rejects.toThrow(/clone/);
      expect(writer.inFlight()).toBe(0);
      const made = await writer.create(caller, validShipment({ labelType: 'ZPL' }));
      expect(made.code).toBe(200);
      expect(writer.inFlight()).toBe(0);
    } finally {
      await writer.close();
    }
  });
});
