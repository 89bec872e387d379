// Waiting orders follow the bench from one connection's database to the next (issue 28): set aside in a file of the
// data folder, taken in by the station that starts (after a stop in between too), and those for a client the new
// connection does not have kept aside until a station that has it starts.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createStation, type Station } from '../../../../src/station/index';
import { MOVING_ORDERS_FILE, setOrdersAside } from '../../../../src/station/orders/moving';
import { removeTempDirs, tempDir } from '../../../helpers/tmp';
import { orderDraft } from '../../../fixtures/shipments';

const stations: Station[] = [];
afterEach(async () => {
  await Promise.all(stations.splice(0).map((s) => s.close()));
  removeTempDirs();
});

async function stationOn(dataDir: string, clientIds?: number[]): Promise<Station> {
  const station = await createStation({ dataDir, ...(clientIds ? { clientIds } : {}) });
  stations.push(station);
  return station;
}

const waiting = (station: Station) =>
  station.engine.orders
    .list(station.caller, { state: 'waiting' })
    .rows.map((o) => `${o.clientId}:${o.orderRef}`)
    .sort();

describe('waiting orders when the bench changes connection', () => {
  it('are set aside whole, taken in by the next station, and kept aside where their client is missing', async () => {
    const dataDir = tempDir();
    const first = await stationOn(dataDir, [1001, 2002]);
    const kept = first.engine.orders.add(
      first.caller,
      [orderDraft('ORD-1'), orderDraft('ORD-2'), orderDraft('ORD-3', 2002)],
      'negozio.csv',
    );
    expect(kept.added).toBe(3);
    expect(setOrdersAside(first.engine, first.caller, dataDir)).toBe(3);
    expect(waiting(first)).toEqual([]);
    expect(existsSync(join(dataDir, MOVING_ORDERS_FILE))).toBe(true);
    // A stop here (the old station closed, the new one not started yet) loses nothing.
    await first.close();
    stations.splice(stations.indexOf(first), 1);

    const second = await stationOn(dataDir);
    expect(second.ordersTaken).toEqual({ taken: 2, left: 1, reassigned: 0 });
    expect(waiting(second)).toEqual(['1001:ORD-1', '1001:ORD-2']);
    expect(second.engine.orders.find(second.caller, 'ORD-1')).toMatchObject({
      source: 'negozio.csv',
      lines: [{ description: 'Caffè', qty: 2 }],
    });
    await second.close();
    stations.splice(stations.indexOf(second), 1);

    // The order for client 2002 waits aside until a station that has that client starts.
    const third = await stationOn(dataDir, [1001, 2002]);
    expect(third.ordersTaken).toEqual({ taken: 1, left: 0, reassigned: 0 });
    expect(waiting(third)).toEqual(['1001:ORD-1', '1001:ORD-2', '2002:ORD-3']);
    expect(existsSync(join(dataDir, MOVING_ORDERS_FILE))).toBe(false);
  });
});
