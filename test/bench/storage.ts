// What synchronous=FULL costs the station: a local (standalone) shipment creation with its two commits, labels
// included, on FULL against the same on NORMAL, interleaved in the same run so both see the same disk and load.
import { join } from 'node:path';
import { createEngine, type Engine } from '../../src/engine/index';
import { engineSwitches } from '../../src/service/engineSwitches';
import { validShipment } from '../fixtures/shipments';
import { median, timeOnce, type Row } from './stats';
import { removeTempDir, tempDir } from '../helpers/tmp';

const KEY = 'bench-storage-key-000001';

export async function benchSynchronous(count: number): Promise<Row[]> {
  const dir = tempDir('bench-storage-');
  const open = (synchronous: 'FULL' | 'NORMAL') =>
    createEngine({
      file: join(dir, `${synchronous}.sqlite`),
      config: { users: [{ api_key: KEY, client_ids: [1001] }] },
      synchronous,
      ...engineSwitches(),
    });
  const engines: Record<'FULL' | 'NORMAL', Engine> = { FULL: open('FULL'), NORMAL: open('NORMAL') };
  try {
    const times: Record<'FULL' | 'NORMAL', number[]> = { FULL: [], NORMAL: [] };
    for (let i = 0; i < count + 10; i += 1) {
      for (const mode of ['FULL', 'NORMAL'] as const) {
        const engine = engines[mode];
        const caller = engine.authenticate(KEY);
        if (!caller) throw new Error('bench user missing');
        const ms = await timeOnce(async () => {
          const outcome = await engine.createShipment(caller, validShipment());
          if (outcome.kind !== 'created') throw new Error(outcome.error);
        });
        if (i >= 10) times[mode].push(ms); // the first 10: warm-up (fonts, JIT, page cache)
      }
    }
    return [
      {
        name: `Station create, standalone, 1 parcel ZPL+PDF+JPG, synchronous=FULL (${count})`,
        medianMs: median(times.FULL),
        baseline: 'same create with synchronous=NORMAL',
        baselineMs: median(times.NORMAL),
      },
    ];
  } finally {
    engines.FULL.close();
    engines.NORMAL.close();
    removeTempDir(dir);
  }
}
