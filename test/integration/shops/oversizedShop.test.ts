// A shop that answers far more than any page of orders: an answer past the cap is refused without being read whole,
// and an error a megabyte long is kept and shown cut to a line, not stored, sent to Settings and logged whole.
import { afterEach, describe, expect, it } from 'vitest';
import type { Station } from '../../../src/station/index';
import type { ShopConnection } from '../../../src/shared/ipc/shopCommands';
import { MAX_TEXT_CHARS } from '../../../src/shops/types';
import { SHOP_HTTP } from '../../../src/shops/http';
import { commandValue } from '../../helpers/stationCommands';
import { shopBench } from '../../helpers/shopBench';
import { recordingLog } from '../../helpers/recordingLog';
import { removeTempDirs } from '../../helpers/tmp';
import { startWooCommercePeer, type WooCommercePeer } from '../../peers/woocommercePeer';

let station: Station | undefined;
let site: WooCommercePeer | undefined;
afterEach(async () => {
  await station?.close();
  await site?.close();
  station = undefined;
  site = undefined;
  removeTempDirs();
});

async function connected() {
  site = await startWooCommercePeer();
  const log = recordingLog();
  const bench = await shopBench({ log });
  station = bench.station;
  const { url: address, consumerKey: token, consumerSecret: secret } = site;
  commandValue<ShopConnection>(await bench.connect({ platform: 'woocommerce', address, token, secret }));
  await bench.station.shops.pollNow();
  const lastError = async () => commandValue<ShopConnection[]>(await bench.dispatch('shops.list', {}))[0]!.lastError;
  return { site, station: bench.station, log, lastError };
}

describe('a shop answering more than any page of orders', () => {
  it('refuses an answer past the cap, saying so, and the next read goes on as usual', async () => {
    const shop = await connected();
    shop.site.misbehave({ kind: 'huge', bytes: SHOP_HTTP.maxAnswerBytes + 4 * 1024 * 1024 });
    await shop.station.shops.pollNow();
    expect(await shop.lastError()).toContain('Risposta del negozio troppo grande');
    shop.site.misbehave(null);
    await shop.station.shops.pollNow();
    expect(await shop.lastError()).toBe('');
  });

  it('keeps, shows and logs a megabyte-long error cut to a line', async () => {
    const shop = await connected();
    shop.site.misbehave({ kind: 'longError', chars: 1024 * 1024 });
    await shop.station.shops.pollNow();
    const kept = await shop.lastError();
    expect(kept).toMatch(/^HTTP 500: Errore x+…$/);
    expect(kept.length).toBeLessThanOrEqual(MAX_TEXT_CHARS);
    const logged = shop.log.lines.map((l) => l.message).filter((line) => line.includes('Errore x'));
    expect(logged.length).toBeGreaterThan(0);
    for (const line of logged) expect(line.length).toBeLessThan(MAX_TEXT_CHARS + 200);
  });
});
