// A Shopify store that fails the bench after it was connected, through the real station and its command table against
// the Shopify peer over loopback: an order the bench refuses is named by reference in Settings; a fulfilment the
// store refuses is given up in the shop's log with its cause's code (the store's words kept beside it for support),
// and so is one for an order cancelled in the store; the owner then uninstalls the app, and Settings' connection and
// the fulfilment sent again say the token was refused, by code, not in Shopify's English.
import { afterEach, describe, expect, it } from 'vitest';
import type { ShopConnection, ShopLogEntry } from '../../../../src/shared/ipc/shopCommands';
import type { Station } from '../../../../src/station/index';
import { scanOrder } from '../../../helpers/scanOrder';
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

const REFUSAL = 'The fulfillment order is not in an acceptable state to be fulfilled.';

describe('a Shopify store failing the bench after it was connected', () => {
  it('gives the refused fulfilment and the revoked token their codes in the log and in Settings', async () => {
    peer = await startShopifyPeer({ token: 'shpat_0123456789abcdef', shopName: 'Bottega Milanese' });
    const order = peer.addOrder(sampleOrder(1));
    const cancelled = peer.addOrder(sampleOrder(2));
    // An order the bench's checks refuse (a CAP that does not exist): Settings names it, to be corrected in the shop.
    const wrong = peer.addOrder(sampleOrder(3));
    peer.editOrder(wrong.id, { shippingAddress: { ...wrong.shippingAddress!, zip: '99999' } });
    const bench = await shopBench();
    station = bench.station;
    const { dispatch } = bench;
    expect((await bench.connect({ platform: 'shopify', address: peer.url, token: peer.token })).ok).toBe(true);
    await station.shops.pollNow();
    const [connection] = commandValue<ShopConnection[]>(await dispatch('shops.list', {}));
    expect(connection).toMatchObject({ lastErrorCode: 'shopOrdersToFix', lastErrorDetail: wrong.name });
    expect(connection?.lastError).toContain(`Ordini da correggere nel negozio: ${wrong.name} (rcpt_cap`);
    const log = async () => commandValue<ShopLogEntry[]>(await dispatch('shops.log', { id: connection!.id }));
    const entryOf = async (ref: string) => (await log()).find((entry) => entry.orderRef === ref);

    // The store says no to the fulfilment: given up at once, its cause by code, the store's words for support.
    peer.refuseFulfilments(REFUSAL);
    await scanOrder(dispatch, order.name);
    await expect.poll(async () => (await entryOf(order.name))?.state, { timeout: 15_000 }).toBe('failed');
    const refused = await entryOf(order.name);
    expect(refused).toMatchObject({ errorCode: 'shopRequestRefused', errorDetail: '' });
    expect(refused?.error).toContain(REFUSAL);
    expect(refused?.attempts.at(-1)?.answer).toContain(REFUSAL);

    // An order cancelled in the store after the bench took it (the bench has not read it since): never marked shipped
    // there, and said so, not as fulfilled with another shipment.
    peer.refuseFulfilments('');
    peer.cancelOrder(cancelled.id);
    await scanOrder(dispatch, cancelled.name);
    await expect.poll(async () => (await entryOf(cancelled.name))?.state, { timeout: 15_000 }).toBe('failed');
    expect(await entryOf(cancelled.name)).toMatchObject({ errorCode: 'shopOrderClosed' });

    // The owner uninstalls the app: the next read fails, and Settings carries why by its code.
    peer.revokeToken();
    await station.shops.pollNow();
    const [revoked] = commandValue<ShopConnection[]>(await dispatch('shops.list', {}));
    expect(revoked).toMatchObject({ lastErrorCode: 'shopTokenRefused', lastErrorDetail: '' });
    expect(revoked?.lastError).toContain('Invalid API key');
    // "Invia di nuovo" meets the same refusal: waiting to be tried again, said by the token's code now.
    expect((await dispatch('shops.resend', { id: refused!.id })).ok).toBe(true);
    await expect.poll(async () => (await entryOf(order.name))?.errorCode, { timeout: 15_000 }).toBe('shopTokenRefused');
    expect((await entryOf(order.name))?.state).toBe('pending');
    expect(peer.fulfillments()).toEqual([]);
  });
});
