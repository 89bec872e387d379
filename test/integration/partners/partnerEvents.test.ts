// Partner events in a real engine over a SQLite file, with the webhook worker and a real receiver: an event tried for
// longer than its give-up time is given up with the receiver's last words and holds back the later events of its
// shipment (order is never skipped); "send again" delivers them in order. The delivery log shows every attempt, to
// the caller only. Endpoints saved at a bench keep their secret out of the database.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createEngine, type Caller, type Engine, type PartnerSecrets } from '../../../src/engine/index';
import { startPartnerWorker, type PartnerWorker } from '../../../src/partners/worker';
import { validShipment } from '../../fixtures/shipments';
import { removeTempDirs, tempDir } from '../../helpers/tmp';
import { startPartnerReceiver } from '../../peers/partnerReceiver';
import { manualClock, type ManualClock } from '../../helpers/manualClock';
import { pause, until } from '../../helpers/until';

const KEY = 'partners-key-0001';
const OTHER_KEY = 'partners-key-0002';
const SECRET = 'whsec-engine-0123456789';
const DAY = 24 * 60 * 60_000;

const closing: Array<() => unknown> = [];
/** Closed by the test or after it, once. */
function onClose(close: () => unknown): () => Promise<void> {
  let done = false;
  const once = async () => {
    if (!done) await close();
    done = true;
  };
  closing.push(once);
  return once;
}
afterEach(async () => {
  for (const close of closing.splice(0).reverse()) await close();
  removeTempDirs();
});

function memorySecrets(): PartnerSecrets & { values: Map<number, string> } {
  const values = new Map<number, string>();
  return {
    values,
    get: (clientId) => values.get(clientId),
    set(clientId, secret) {
      if (secret === null) values.delete(clientId);
      else values.set(clientId, secret);
      return { ok: true };
    },
  };
}

async function setUp(options: { endpoint?: boolean; secrets?: PartnerSecrets; clock?: ManualClock } = {}) {
  const shop = await startPartnerReceiver({ secret: SECRET });
  onClose(() => shop.close());
  const file = join(tempDir(), 'partners.sqlite');
  const engine = createEngine({
    file,
    config: {
      users: [
        {
          api_key: KEY,
          clients: [
            { client_id: 3001, ...(options.endpoint === false ? {} : { partner: { url: shop.url, secret: SECRET } }) },
          ],
        },
        { api_key: OTHER_KEY, client_ids: [3002] },
      ],
    },
    ...(options.secrets ? { partnerSecrets: options.secrets } : {}),
  });
  const closeEngine = onClose(() => engine.close());
  const caller = engine.authenticate(KEY) as Caller;
  const other = engine.authenticate(OTHER_KEY) as Caller;
  let offset = 0;
  const worker: PartnerWorker = startPartnerWorker({
    port: engine.partners!,
    backoff: { baseMs: 20, maxMs: 100 },
    giveUpAfterMs: DAY,
    ...(options.clock ? { clock: options.clock } : { now: () => Date.now() + offset }),
  });
  engine.partners!.onQueued(() => worker.kick());
  const stopWorker = onClose(() => worker.stop());
  return {
    shop,
    engine,
    caller,
    other,
    file,
    worker,
    later: (ms: number) => (offset += ms),
    closeAll: async () => {
      await stopWorker();
      await closeEngine();
    },
  };
}

const order = (engine: Engine, caller: Caller, orderId: string) =>
  engine.createShipment(
    caller,
    validShipment({ client_id: 3001, id_order_partnerproximity: orderId, labelType: 'ZPL' }),
  );

describe('partner events in the engine', () => {
  it('gives up an old event with its last answer, holds later ones back, sends them again in order', async () => {
    const { shop, engine, caller, other, worker, later } = await setUp();
    shop.failNext(1_000, 500);
    const created = await order(engine, caller, 'ORD-GIVEUP');
    if (created.kind !== 'created') throw new Error(created.kind);
    await engine.confirmByIds(caller, [created.record.id], false);
    const end = Date.now() + 10_000;
    while (shop.deliveries().length < 3 && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
    expect(shop.deliveries().every((d) => d.type === 'shipment.waybill')).toBe(true);

    later(DAY + 1);
    await worker.idle(10_000);
    const log = engine.partners!.log(caller);
    expect(log.map((e) => [e.type, e.state])).toEqual([
      ['shipment.confirmed', 'failed'],
      ['shipment.waybill', 'failed'],
    ]);
    expect(log[1]?.error).toBe('HTTP 500: servizio momentaneamente non disponibile');
    expect(log[0]?.error).toBe('Non inviato: un evento precedente non è stato consegnato');
    expect(log[0]?.attempts).toEqual([]);
    expect(log[1]?.attempts.length).toBeGreaterThanOrEqual(3);
    expect(log[1]?.attempts[0]).toEqual({
      at: expect.any(Number),
      status: 500,
      durationMs: expect.any(Number),
      answer: 'servizio momentaneamente non disponibile',
    });
    expect(engine.partners!.counts()).toEqual({ pending: 0, delivered: 0, failed: 2 });
    // Another user neither sees nor sends again this client's events.
    expect(engine.partners!.log(other)).toEqual([]);
    expect(engine.partners!.resend(other, log[1]!.id)).toBe(false);

    shop.failNext(0);
    expect(engine.partners!.resend(caller, log[0]!.id)).toBe(true);
    const accepted = await shop.waitForAccepted(2, 10_000);
    expect(accepted.map((d) => d.type)).toEqual(['shipment.waybill', 'shipment.confirmed']);
    await worker.idle(5_000);
    expect(engine.partners!.log(caller).map((e) => e.state)).toEqual(['delivered', 'delivered']);
    expect(engine.partners!.resend(caller, log[0]!.id)).toBe(false);
  });

  it('keeps a bench endpoint (URL in the database, secret in the key store) and uses it at once', async () => {
    const secrets = memorySecrets();
    const { shop, engine, caller, other, file, closeAll } = await setUp({ endpoint: false, secrets });
    expect(engine.partners!.endpoints(caller)).toEqual([{ clientId: 3001, endpoint: null }]);
    expect(engine.partners!.saveEndpoint(caller, 3001, { url: 'http://shop.example/hook', secret: SECRET })).toEqual({
      ok: false,
      fields: { url: expect.objectContaining({ message: expect.stringContaining('Serve https://') }) },
    });
    expect(engine.partners!.saveEndpoint(caller, 3001, { url: shop.url, secret: 'short' })).toEqual({
      ok: false,
      fields: { secret: expect.objectContaining({ message: 'Segreto troppo corto: almeno 16 caratteri' }) },
    });
    expect(engine.partners!.saveEndpoint(other, 3001, { url: shop.url, secret: SECRET })).toEqual({
      ok: false,
      notOwned: true,
    });
    const saved = engine.partners!.saveEndpoint(caller, 3001, { url: shop.url, secret: SECRET });
    expect(saved).toEqual({ ok: true, value: { url: shop.url, hasSecret: true, source: 'station' } });
    // A new URL alone keeps the secret.
    expect(engine.partners!.saveEndpoint(caller, 3001, { url: shop.url, secret: '' }).ok).toBe(true);
    expect(secrets.values.get(3001)).toBe(SECRET);

    await order(engine, caller, 'ORD-BENCH');
    const [event] = await shop.waitForAccepted(1, 10_000);
    expect(event?.verified).toBe(true);
    expect(event?.event?.order_id).toBe('ORD-BENCH');
    await closeAll();
    expect(readFileSync(file).includes(Buffer.from(SECRET))).toBe(false);
  });

  it('queues nothing for a shipment without an order id, or whose client has no endpoint', async () => {
    const { shop, engine, caller, worker } = await setUp({ endpoint: false });
    await order(engine, caller, 'ORD-NOWHERE');
    await engine.createShipment(caller, validShipment({ client_id: 3001, labelType: 'ZPL' }));
    await worker.idle(5_000);
    expect(engine.partners!.counts()).toEqual({ pending: 0, delivered: 0, failed: 0 });
    expect(shop.deliveries()).toEqual([]);
  });

  it('tries an event the receiver refused again once the backoff has passed on the worker’s clock', async () => {
    // A minute ahead of the engine's clock: what the engine queues is due at once on the worker's.
    const clock = manualClock(Date.now() + 60_000);
    const { shop, engine, caller } = await setUp({ clock });
    shop.failNext(1, 500);
    await order(engine, caller, 'ORD-CLOCK');
    await until(() => shop.deliveries().length === 1, 10_000);

    // The backoff (20 ms) runs on the worker's clock: real time passing does not bring the next attempt.
    await pause(300);
    await clock.advance(19);
    await pause(100);
    expect(shop.deliveries()).toHaveLength(1);
    await clock.advance(1);
    const [accepted] = await shop.waitForAccepted(1, 10_000);
    expect(accepted?.event?.order_id).toBe('ORD-CLOCK');
    expect(shop.deliveries()).toHaveLength(2);
  });
});
