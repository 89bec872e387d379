// A WooCommerce address where a web page answers 200 (a maintenance notice, a caching plugin's page): refused at
// set-up saying what answered, and once connected, a poll answered so is a failure said in Settings, not "no orders".
import { describe, expect, it } from 'vitest';
import type { ShopConnection } from '../../../../src/shared/ipc/shopCommands';
import { commandValue } from '../../../helpers/stationCommands';
import { useWooSiteBench } from '../../../helpers/wooSiteBench';

const wooSite = useWooSiteBench();

describe('a WooCommerce address answered by a web page', () => {
  it('is refused at set-up, naming the page that answered, and nothing is kept', async () => {
    const shop = await wooSite();
    shop.site.misbehave({ kind: 'html200' });
    const refused = await shop.connect();
    expect(refused.ok).toBe(false);
    if (refused.ok) return;
    expect(refused.error.fields?.address).toMatchObject({ code: 'shopNotShop', value: 'woocommerce:Manutenzione' });
    const message = refused.error.fields?.address?.message ?? '';
    expect(message).toContain('risponde altro («Manutenzione»)');
    expect(message).toContain('non l’API REST di WooCommerce');
    expect(commandValue<ShopConnection[]>(await shop.dispatch('shops.list', {}))).toEqual([]);
  });

  it('makes a poll a failure shown in Settings, not a read of no orders', async () => {
    const shop = await wooSite();
    commandValue<ShopConnection>(await shop.connect());
    await shop.station.shops.pollNow();
    shop.site.misbehave({ kind: 'html200' });
    await shop.station.shops.pollNow();
    expect(await shop.lastError()).toContain('Risposta del sito non leggibile (ordini)');
  });
});
