// A shop that answers far more than any page of orders: an answer past the cap is refused without being read whole,
// and an error a megabyte long is kept and shown cut to a line, not stored, sent to Settings and logged whole.
import { describe, expect, it } from 'vitest';
import type { ShopConnection } from '../../../src/shared/ipc/shopCommands';
import { MAX_TEXT_CHARS } from '../../../src/shops/types';
import { SHOP_HTTP } from '../../../src/shops/http';
import { commandValue } from '../../helpers/stationCommands';
import { recordingLog } from '../../helpers/recordingLog';
import { useWooSiteBench } from '../../helpers/wooSiteBench';

const wooSite = useWooSiteBench();

async function connected() {
  const log = recordingLog();
  const bench = await wooSite({ log });
  commandValue<ShopConnection>(await bench.connect());
  await bench.station.shops.pollNow();
  return { ...bench, log };
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
