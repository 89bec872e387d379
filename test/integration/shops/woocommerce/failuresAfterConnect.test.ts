// A WooCommerce site failing the bench after it was connected, through the real station against the WooCommerce peer:
// an order cancelled in the site after the bench took it is never completed there, and the shop's log says why by its
// code; a key the site stops taking (401) and the site down (503) are said in Settings by theirs, the site's words
// kept beside for support.
import { describe, expect, it } from 'vitest';
import type { ShopConnection, ShopLogEntry } from '../../../../src/shared/ipc/shopCommands';
import { scanOrder } from '../../../helpers/scanOrder';
import { commandValue } from '../../../helpers/stationCommands';
import { useWooSiteBench } from '../../../helpers/wooSiteBench';
import { sampleWooOrder } from '../../../peers/woocommercePeer';

const wooSite = useWooSiteBench();

describe('a WooCommerce site failing the bench after it was connected', () => {
  it('says a cancelled order in the log, a refused key and a site down in Settings, each by its code', async () => {
    const shop = await wooSite();
    const order = shop.site.addOrder({ ...sampleWooOrder(1), status: 'processing' });
    const connection = commandValue<ShopConnection>(await shop.connect());
    await shop.station.shops.pollNow();
    const view = async () => commandValue<ShopConnection[]>(await shop.dispatch('shops.list', {}))[0];

    // Cancelled in the site, then shipped at the bench before the next read: refused, and said so.
    shop.site.setStatus(order.id, 'cancelled');
    await scanOrder(shop.dispatch, order.number);
    await shop.station.shops.worker.idle(30_000);
    const [entry] = commandValue<ShopLogEntry[]>(await shop.dispatch('shops.log', { id: connection.id }));
    expect(entry).toMatchObject({ state: 'failed', errorCode: 'shopOrderClosed' });
    expect(entry?.error).toContain('cancelled nel negozio');
    expect(shop.site.order(order.id)?.status).toBe('cancelled');

    // The key revoked in WordPress: the site answers 401.
    shop.site.failNext(10, 401);
    await shop.station.shops.pollNow();
    expect(await view()).toMatchObject({ lastErrorCode: 'shopTokenRefused', lastErrorDetail: '' });
    // The site down: its own trouble, by status.
    shop.site.failNext(10, 503);
    await shop.station.shops.pollNow();
    expect(await view()).toMatchObject({ lastErrorCode: 'shopTrouble', lastErrorDetail: '503' });
    expect((await view())?.lastError).toContain('HTTP 503');
  });
});
