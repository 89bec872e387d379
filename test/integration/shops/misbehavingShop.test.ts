// A bench with two shops connected, one of them a WordPress host that behaves badly: an answer dribbled one byte a
// second is given up at the request's total deadline (not only after silence), the healthy shop's orders come in at
// its own pace meanwhile, and closing the station ends the slow answer at once instead of waiting for it. The same for
// what the bench sends: a slow shop's fulfilment holds only its own shop's, never the other's.
import { afterEach, describe, expect, it } from 'vitest';
import type { Station } from '../../../src/station/index';
import type { ShopConnection } from '../../../src/shared/ipc/shopCommands';
import { commandValue } from '../../helpers/stationCommands';
import { scanOrder } from '../../helpers/scanOrder';
import { shopBench, SHOP_TIMING } from '../../helpers/shopBench';
import { removeTempDirs, tempDir } from '../../helpers/tmp';
import { until } from '../../helpers/until';
import { sampleWooOrder } from '../../fixtures/woocommerceOrders';
import { startWooCommercePeer, type WooCommercePeer } from '../../peers/woocommercePeer';

let station: Station | undefined;
const peers: WooCommercePeer[] = [];
afterEach(async () => {
  await station?.close();
  await Promise.all(peers.splice(0).map((p) => p.close()));
  station = undefined;
  removeTempDirs();
});

/** Two WooCommerce sites connected to one bench, polled every `pollEveryMs`, each request given `timeoutMs`. */
async function twoShops(shops: { pollEveryMs: number; timeoutMs: number }) {
  const healthy = await startWooCommercePeer();
  const slow = await startWooCommercePeer();
  peers.push(healthy, slow);
  const dataDir = tempDir();
  const bench = await shopBench({ dataDir, shops: { ...SHOP_TIMING, ...shops } });
  station = bench.station;
  for (const site of [slow, healthy])
    commandValue<ShopConnection>(
      await bench.connect({
        platform: 'woocommerce',
        address: site.url,
        token: site.consumerKey,
        secret: site.consumerSecret,
      }),
    );
  return { healthy, slow, station: bench.station, dispatch: bench.dispatch, dataDir };
}

const waiting = (s: Station, ref: string) => s.engine.orders.find(s.caller, ref)?.state === 'waiting';

describe('a shop that sends its answer one byte a second', () => {
  it('is given up at the total deadline, though it never falls silent, and says so in Settings', async () => {
    const bench = await twoShops({ pollEveryMs: 3_600_000, timeoutMs: 3_000 });
    bench.slow.misbehave({ kind: 'slowBody' });
    await bench.station.shops.pollNow();
    const listed = commandValue<ShopConnection[]>(await bench.dispatch('shops.list', {}));
    const slow = listed.find((c) => c.address.endsWith(new URL(bench.slow.url).host))!;
    expect(slow.lastError).toContain('non ha risposto per intero entro 3 s');
    // The slow answer's connection was ended by the bench, not left open.
    await until(() => bench.slow.dribbling() === 0);
  });

  it('never holds the other shop’s orders, and the station closes without waiting for it', async () => {
    // A deadline far longer than the test: only the shops being read apart lets the healthy one go on.
    const bench = await twoShops({ pollEveryMs: 100, timeoutMs: 600_000 });
    bench.slow.misbehave({ kind: 'slowBody' });
    await until(() => bench.slow.dribbling() === 1);
    const reads = bench.healthy.requests()['GET orders'] ?? 0;
    const first = bench.healthy.addOrder({ ...sampleWooOrder(1), status: 'processing' });
    await until(() => waiting(bench.station, first.number));
    const second = bench.healthy.addOrder({ ...sampleWooOrder(2), status: 'processing' });
    await until(() => waiting(bench.station, second.number));
    expect(bench.healthy.requests()['GET orders']).toBeGreaterThan(reads + 1);
    expect(bench.slow.dribbling()).toBe(1);

    await bench.station.close();
    station = undefined;
    await until(() => bench.slow.dribbling() === 0);
    // The read the close cut short is not kept as the shop's last error: Settings shows what the shop last said.
    station = (await shopBench({ dataDir: bench.dataDir, shops: SHOP_TIMING })).station;
    const errors = station.engine.shops.connections(station.caller).map((c) => c.lastError);
    expect(errors).toEqual(['', '']);
  });

  it('never holds the other shop’s fulfilments while its own waits for the slow answer', async () => {
    const bench = await twoShops({ pollEveryMs: 3_600_000, timeoutMs: 600_000 });
    // Orders the demo courier takes as they are (an address of at most 35 characters), numbered apart in each shop.
    const ready = (o: { status: string; shipping: { address_1: string; address_2: string } }) =>
      o.status === 'processing' && `${o.shipping.address_1} ${o.shipping.address_2}`.trim().length <= 35;
    const [slowOrder] = Array.from({ length: 8 }, (_, i) => sampleWooOrder(i + 1))
      .filter(ready)
      .map((fields, i) => bench.slow.addOrder({ ...fields, number: `L-${i + 1}` }));
    const healthyOrders = Array.from({ length: 20 }, (_, i) => sampleWooOrder(i + 1))
      .filter(ready)
      .slice(0, 6)
      .map((fields) => bench.healthy.addOrder(fields));
    expect(healthyOrders).toHaveLength(6);
    await bench.station.shops.pollNow();

    // The slow shop's fulfilment is owed first: on a queue shared by the shops it would take the first pass's place.
    bench.slow.misbehave({ kind: 'slowBody' });
    await scanOrder(bench.dispatch, slowOrder!.number);
    await until(() => bench.slow.dribbling() === 1);
    for (const order of healthyOrders) await scanOrder(bench.dispatch, order.number);
    const [connection] = commandValue<ShopConnection[]>(await bench.dispatch('shops.list', {})).filter((c) =>
      c.address.endsWith(new URL(bench.healthy.url).host),
    );
    const sent = () =>
      bench.station.engine.shops.log(bench.station.caller, connection!.id, 10).filter((e) => e.state === 'sent');
    await until(() => sent().length === 6, 20_000);
    expect(healthyOrders.map((o) => bench.healthy.order(o.id)?.status)).toEqual(Array(6).fill('completed'));
    expect(bench.slow.dribbling()).toBe(1);
  });
});
