// A WooCommerce address where a web page answers 200 (a maintenance notice, a caching plugin's page): refused at
// set-up saying what answered, and once connected, a poll answered so is a failure said in Settings, not "no orders".
import { afterEach, describe, expect, it } from 'vitest';
import type { Station } from '../../../../src/station/index';
import type { ShopConnection } from '../../../../src/shared/ipc/shopCommands';
import { commandValue } from '../../../helpers/stationCommands';
import { shopBench } from '../../../helpers/shopBench';
import { removeTempDirs } from '../../../helpers/tmp';
import { startWooCommercePeer, type WooCommercePeer } from '../../../peers/woocommercePeer';

let station: Station | undefined;
let site: WooCommercePeer | undefined;
afterEach(async () => {
  await station?.close();
  await site?.close();
  station = undefined;
  site = undefined;
  removeTempDirs();
});

async function bench() {
  site = await startWooCommercePeer();
  const made = await shopBench();
  station = made.station;
  const { url: address, consumerKey: token, consumerSecret: secret } = site;
  const connect = () => made.connect({ platform: 'woocommerce', address, token, secret });
  return { site, connect, dispatch: made.dispatch, station: made.station };
}

describe('a WooCommerce address answered by a web page', () => {
  it('is refused at set-up, naming the page that answered, and nothing is kept', async () => {
    const shop = await bench();
    shop.site.misbehave({ kind: 'html200' });
    const refused = await shop.connect();
    expect(refused.ok).toBe(false);
    if (refused.ok) return;
    const message = refused.error.fields?.address?.message ?? '';
    expect(message).toContain('una pagina web («Manutenzione»)');
    expect(message).toContain('non l’API REST di WooCommerce');
    expect(commandValue<ShopConnection[]>(await shop.dispatch('shops.list', {}))).toEqual([]);
  });

  it('makes a poll a failure shown in Settings, not a read of no orders', async () => {
    const shop = await bench();
    commandValue<ShopConnection>(await shop.connect());
    await shop.station.shops.pollNow();
    shop.site.misbehave({ kind: 'html200' });
    await shop.station.shops.pollNow();
    const [connection] = commandValue<ShopConnection[]>(await shop.dispatch('shops.list', {}));
    expect(connection?.lastError).toContain('Risposta del sito non leggibile (ordini)');
  });
});
