// A bench connected to a WooCommerce site, through the real station and WooCommerce's own client library (OAuth 1.0a
// signatures over loopback http), against the WooCommerce peer: a wrong key refused at set-up in the bench's words;
// 200 orders read in by pages, the processing ones kept; an edit, a cancellation and a transfer arriving while they
// wait; 50 shipped by scan, each order completed with one note carrying its tracking number through 503s and a note
// whose answer was lost; a deleted shipment's order back to processing; the Shipment Tracking extension's item.
import { afterEach, describe, expect, it } from 'vitest';
import type { Station } from '../../../../src/station/index';
import type { ShopConnection } from '../../../../src/shared/ipc/shopCommands';
import { commandValue } from '../../../helpers/stationCommands';
import { scanOrder } from '../../../helpers/scanOrder';
import { shopBench } from '../../../helpers/shopBench';
import { removeTempDirs } from '../../../helpers/tmp';
import { sampleWooOrder } from '../../../fixtures/woocommerceOrders';
import { startWooCommercePeer, type WooCommercePeer } from '../../../peers/woocommercePeer';

let station: Station | undefined;
let peer: WooCommercePeer | undefined;
afterEach(async () => {
  await station?.close();
  await peer?.close();
  station = undefined;
  peer = undefined;
  removeTempDirs();
});

async function connectedSite(trackingExtension = false) {
  peer = await startWooCommercePeer({ trackingExtension });
  const bench = await shopBench();
  station = bench.station;
  const { dispatch } = bench;
  const { url: address, consumerKey: token } = peer;
  const connect = (secret: string) => bench.connect({ platform: 'woocommerce', address, token, secret });
  const scan = (reference: string) => scanOrder(dispatch, reference);
  return { station, peer, dispatch, connect, scan };
}

const waiting = (s: Station) => s.engine.orders.list(s.caller, { state: 'waiting', limit: 500 });

describe('a bench connected to a WooCommerce site', () => {
  it('refuses a wrong key at set-up in the bench’s words, saying where to find it, and keeps nothing', async () => {
    const site = await connectedSite();
    const refused = await site.connect('cs_wrong');
    expect(refused.ok).toBe(false);
    if (refused.ok) return;
    const issue = refused.error.fields?.token;
    expect(issue).toMatchObject({ code: 'shopTokenRefused', value: 'woocommerce' });
    expect(issue?.message).toContain('WooCommerce → Impostazioni → Avanzate → REST API');
    expect(issue?.message).not.toContain('Invalid signature');
    expect(commandValue<ShopConnection[]>(await site.dispatch('shops.list', {}))).toEqual([]);
  });

  it('takes 200 orders in by pages, follows an edit, a cancel and a transfer, and completes 50 once each', async () => {
    const site = await connectedSite();
    const orders = Array.from({ length: 200 }, (_, i) => site.peer.addOrder(sampleWooOrder(i + 1)));
    const processing = orders.filter((o) => o.status === 'processing');
    const connection = commandValue<ShopConnection>(await site.connect(site.peer.consumerSecret));
    await site.station.shops.pollNow();
    expect(waiting(site.station).total).toBe(processing.length);
    expect(site.peer.requests()['GET orders']).toBeGreaterThanOrEqual(Math.ceil(processing.length / 50));
    const cod = processing.find((o) => o.payment_method === 'cod')!;
    const codOrder = site.station.engine.orders.find(site.station.caller, cod.number)!;
    expect(Number(codOrder.values.contrassegno)).toBe(Number(cod.total));

    await new Promise((resolve) => setTimeout(resolve, 1100));
    const [edited, cancelled] = processing;
    site.peer.editOrder(edited!.id, { shipping: { ...edited!.shipping, address_1: 'Via Garibaldi 7' } });
    site.peer.setStatus(cancelled!.id, 'cancelled');
    const transfer = orders.find((o) => o.status === 'on-hold')!;
    site.peer.setStatus(transfer.id, 'processing');
    await site.station.shops.pollNow();
    expect(waiting(site.station).total).toBe(processing.length);
    expect(site.station.engine.orders.find(site.station.caller, edited!.number)!.values.rcpt_addr).toMatch(
      /^Via Garibaldi 7/,
    );
    expect(site.station.engine.orders.find(site.station.caller, cancelled!.number)).toBeUndefined();
    expect(site.station.engine.orders.find(site.station.caller, transfer.number)?.state).toBe('waiting');

    site.peer.failNext(2);
    site.peer.dropNext(2, 'POST notes');
    // Addresses the demo courier takes as they are (35 characters): a longer one is the operator's to shorten.
    const shipped = processing
      .slice(2)
      .filter((o) => `${o.shipping.address_1} ${o.shipping.address_2}`.trim().length <= 35)
      .slice(0, 50);
    expect(shipped).toHaveLength(50);
    const ids: number[] = [];
    for (const order of shipped) ids.push(await site.scan(order.number));
    await site.station.shops.worker.idle(30_000);
    for (const [i, order] of shipped.entries()) {
      const record = await site.station.engine.getShipment(site.station.caller, ids[i]!);
      const ours = site.peer.notes(order.id).filter((n) => n.note.includes(record!.num_spedizione));
      expect(ours, order.number).toHaveLength(1);
      expect(ours[0]?.customer_note).toBe(true);
      expect(site.peer.order(order.id)?.status).toBe('completed');
    }
    const log = site.station.engine.shops.log(site.station.caller, connection.id, 500);
    expect(log.filter((entry) => entry.state === 'sent')).toHaveLength(50);

    // Deleted at the bench: the order is to be shipped again, and the shop is told why.
    expect((await site.dispatch('shipments.delete', { id: ids[0]! })).ok).toBe(true);
    await site.station.shops.worker.idle(30_000);
    expect(site.peer.order(shipped[0]!.id)?.status).toBe('processing');
    expect(site.peer.notes(shipped[0]!.id).some((n) => /annullata/.test(n.note) && !n.customer_note)).toBe(true);
  }, 120_000);

  it('puts the tracking number in the Shipment Tracking extension where it is installed', async () => {
    const site = await connectedSite(true);
    const orders = Array.from({ length: 4 }, (_, i) => site.peer.addOrder(sampleWooOrder(i + 1)));
    const ready = orders.filter((o) => o.status === 'processing' && o.shipping.address_2 === '');
    const connection = commandValue<ShopConnection>(await site.connect(site.peer.consumerSecret));
    await site.station.shops.pollNow();
    // The site's host asks for a second's rest (429, Retry-After: 1): the next attempt waits for it.
    site.peer.failNext(1, 429);
    const id = await site.scan(ready[0]!.number);
    const sent = () => site.station.engine.shops.log(site.station.caller, connection.id, 10)[0]?.state === 'sent';
    for (let i = 0; i < 500 && !sent(); i += 1) await new Promise((resolve) => setTimeout(resolve, 20));
    const [entry] = site.station.engine.shops.log(site.station.caller, connection.id, 10);
    expect(entry?.attempts.map((a) => a.status)).toEqual([429, 200]);
    expect(entry!.attempts[1]!.at - entry!.attempts[0]!.at).toBeGreaterThanOrEqual(1000);
    const record = await site.station.engine.getShipment(site.station.caller, id);
    expect(site.peer.trackings(ready[0]!.id)).toMatchObject([
      { tracking_number: record!.num_spedizione, custom_tracking_link: record!.tracking_link },
    ]);
    // The extension's own e-mail carries the tracking: the note stays the shop's.
    expect(site.peer.notes(ready[0]!.id).find((n) => n.note.includes(record!.num_spedizione))?.customer_note).toBe(
      false,
    );
    expect(site.peer.order(ready[0]!.id)?.status).toBe('completed');
  }, 60_000);
});
