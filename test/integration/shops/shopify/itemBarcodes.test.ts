// A Shopify order's items known at the packing check by their variants' barcodes, through the real station and its
// command table against the Shopify peer: no product list is kept at the bench, yet each item's EAN (with or without
// its check digit) names its line, and the order ships once every piece was scanned by its barcode.
import { afterEach, describe, expect, it } from 'vitest';
import type { Station } from '../../../../src/station/index';
import type { WaitingOrder } from '../../../../src/shared/domain/orders';
import type { ShipmentDetail } from '../../../../src/shared/ipc/views';
import { countedOf, itemLinesOf, matchItem } from '../../../../src/shared/domain/itemCodes';
import { benchBody } from '../../../helpers/scanOrder';
import { shopBench } from '../../../helpers/shopBench';
import { commandValue } from '../../../helpers/stationCommands';
import { removeTempDirs } from '../../../helpers/tmp';
import { sampleOrder, startShopifyPeer, type ShopifyPeer } from '../../../peers/shopifyPeer';

let station: Station | undefined;
let peer: ShopifyPeer | undefined;
afterEach(async () => {
  await station?.close();
  await peer?.close();
  station = undefined;
  peer = undefined;
  removeTempDirs();
});

describe("a Shopify order's items at the packing check", () => {
  it('are known by their variants’ barcodes, and the order ships once each piece was scanned by one', async () => {
    peer = await startShopifyPeer({ token: 'shpat_0123456789abcdef', shopName: 'Bottega Milanese' });
    const bench = await shopBench();
    station = bench.station;
    // Two pieces of the T-shirt (EAN 8001234000028) and one bag of coffee (EAN 8001234000035).
    const sold = peer.addOrder(sampleOrder(1));
    commandValue(await bench.connect({ platform: 'shopify', address: peer.url, token: peer.token }));
    await station.shops.pollNow();
    const clientId = station.caller.clientIds[0]!;
    commandValue(await bench.dispatch('settings.update', { itemCheckClients: [clientId] }));

    const found = commandValue<{ order: WaitingOrder | null }>(
      await bench.dispatch('orders.find', { reference: sold.name }),
    );
    const order = found.order!;
    expect(order.lines.map((l) => [l.sku, l.qty, l.barcode])).toEqual([
      ['TSH-BLU-M', 2, '8001234000028'],
      ['CAF-MAC-250', 1, '8001234000035'],
    ]);
    // The bench keeps no product for these SKUs: the order's own barcodes are what the packer's scans match.
    const products = commandValue<{ rows: unknown[] }>(await bench.dispatch('products.list', {}));
    expect(products.rows).toEqual([]);
    const lines = itemLinesOf(order.lines, []);
    const scans: { at: number; code: string; sku: string; outcome: 'counted' | 'wrong' }[] = [];
    for (const [i, code] of ['8001234000028', '800123400002', '8001234000011', '8001234000035'].entries()) {
      const match = matchItem(code, lines, countedOf(lines, scans));
      const sku = match.kind === 'line' ? lines[match.index]!.sku : '';
      scans.push({ at: 1_700_000_000_000 + i, code, sku, outcome: match.kind === 'line' ? 'counted' : 'wrong' });
    }
    // The mug's EAN is not in this order: the wrong item is caught; the T-shirt's EAN without its check digit counts.
    expect(scans.map((s) => [s.code, s.sku, s.outcome])).toEqual([
      ['8001234000028', 'TSH-BLU-M', 'counted'],
      ['800123400002', 'TSH-BLU-M', 'counted'],
      ['8001234000011', '', 'wrong'],
      ['8001234000035', 'CAF-MAC-250', 'counted'],
    ]);

    const body = benchBody(order, 1.2);
    const short = await bench.dispatch('shipments.create', {
      body,
      orderId: order.id,
      packing: { scans: scans.slice(0, 3) },
    });
    expect(!short.ok && short.error.message).toContain('CAF-MAC-250 0/1');
    const made = commandValue<{ id: number }>(
      await bench.dispatch('shipments.create', { body, orderId: order.id, packing: { scans } }),
    );
    const detail = commandValue<ShipmentDetail>(await bench.dispatch('shipments.get', { id: made.id }));
    expect(detail.packing?.scans.map((s) => [s.code, s.sku, s.outcome])).toEqual(
      scans.map((s) => [s.code, s.sku, s.outcome]),
    );
  });
});
