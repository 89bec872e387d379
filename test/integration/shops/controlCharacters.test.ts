// A shop order carrying control characters (NUL, ESC, BEL, a right-to-left override) in its name, address and lines:
// taken in without them, by the same rule as an order file's cells, so both doors keep the same text.
import { describe, expect, it } from 'vitest';
import type { ShopConnection } from '../../../src/shared/ipc/shopCommands';
import { withoutControls } from '../../../src/shared/domain/orderText';
import { commandValue } from '../../helpers/stationCommands';
import { useWooSiteBench } from '../../helpers/wooSiteBench';
import { sampleWooOrder } from '../../fixtures/woocommerceOrders';

const wooSite = useWooSiteBench();

/** NUL, ESC, BEL and a right-to-left override. */
const DIRTY = '\u0000\u001b\u0007\u202e';

describe('a shop order with control characters', () => {
  it('is taken in with none of them, as an order file’s cell would be', async () => {
    const bench = await wooSite();
    const sample = sampleWooOrder(1);
    const order = bench.site.addOrder({
      ...sample,
      status: 'processing',
      shipping: { ...sample.shipping, first_name: `Ma${DIRTY}rio`, address_1: `Via Roma${DIRTY} 1` },
      line_items: sample.line_items.map((line) => ({ ...line, name: `${DIRTY}${line.name}` })),
    });
    commandValue<ShopConnection>(await bench.connect());
    await bench.station.shops.pollNow();

    const kept = bench.station.engine.orders.find(bench.station.caller, order.number)!;
    const texts = [...Object.values(kept.values), ...kept.lines.map((line) => line.description)];
    for (const text of texts) expect(text).toBe(withoutControls(text));
    expect(kept.values.rcpt_name).toContain('Mario');
    expect(kept.values.rcpt_addr).toContain('Via Roma 1');
    expect(kept.lines[0]?.description).toBe(sample.line_items[0]!.name);
  });
});
