// What an order file's preview may cost a real station (issue 27): at most two previews kept, each forgotten ten
// minutes after its last use; the file's size is a bench setting; a file past the reading thread's memory gets an
// Italian refusal while the station answers on; a file of more rows than a preview keeps is refused, saying so.
import { afterEach, describe, expect, it } from 'vitest';
import { createDispatcher } from '../../../../src/station/dispatch';
import { createStation, type Station } from '../../../../src/station/index';
import { createOrderImports, MAX_PREVIEWS, PREVIEW_TTL_MS } from '../../../../src/station/orders/fileImport';
import { SETTING_KEYS } from '../../../../src/station/settings/keys';
import { ordersCsv } from '../../../fixtures/orderFiles';
import { removeTempDirs, tempDir } from '../../../helpers/tmp';

let station: Station | undefined;
afterEach(async () => {
  await station?.close();
  station = undefined;
  removeTempDirs();
});

const file = (orders: number) => Buffer.from(ordersCsv(orders), 'utf8');

describe('previews of order files at a station', () => {
  it('keeps two previews, forgetting the least recently used, and forgets any after ten minutes', async () => {
    station = await createStation({ dataDir: tempDir() });
    let now = Date.now();
    const imports = createOrderImports(
      station.engine,
      station.caller,
      () => undefined,
      () => now,
    );
    const mapping = (id: string) => imports.remap(id, [], undefined);
    const first = await imports.preview({ fileName: 'a.csv', bytes: file(3) });
    const second = await imports.preview({ fileName: 'b.csv', bytes: file(3) });
    now += 1_000;
    expect(await mapping(first.importId)).toBeDefined();
    const third = await imports.preview({ fileName: 'c.csv', bytes: file(3) });
    expect(MAX_PREVIEWS).toBe(2);
    expect(await mapping(second.importId)).toBeUndefined();
    expect(await mapping(first.importId)).toBeDefined();
    now += PREVIEW_TTL_MS + 1;
    expect(await mapping(third.importId)).toBeUndefined();
    expect(await mapping(first.importId)).toBeUndefined();
  });

  it('refuses a file over the bench setting for order files, naming its size and the limit', async () => {
    station = await createStation({ dataDir: tempDir() });
    const { dispatch } = createDispatcher(station);
    station.engine.settings.set(SETTING_KEYS.orderFileMaxMb, '1');
    const big = file(9_000);
    expect(big.length).toBeGreaterThan(1.1 * 1024 * 1024);
    const refused = await dispatch('orders.preview', { fileName: 'grande.csv', base64: big.toString('base64') });
    expect(refused).toMatchObject({ ok: false, error: { code: 'invalid' } });
    expect(!refused.ok && refused.error.message).toMatch(
      /^File di 1,\d MB, oltre il limite di 1 MB per un file d'ordini/,
    );
    station.engine.settings.set(SETTING_KEYS.orderFileMaxMb, '');
    const taken = await dispatch('orders.preview', { fileName: 'grande.csv', base64: big.toString('base64') });
    expect(taken.ok).toBe(true);
  });

  it('ends a reading thread out of memory with an Italian error, the station answering on', async () => {
    station = await createStation({ dataDir: tempDir() });
    const { dispatch } = createDispatcher(station);
    const imports = createOrderImports(station.engine, station.caller, () => undefined, Date.now, { memoryMb: 48 });
    await expect(imports.preview({ fileName: 'enorme.csv', bytes: file(75_000) })).rejects.toThrow(
      /^File troppo grande o danneggiato: la lettura ha superato la memoria concessa \(48 MB\)/,
    );
    expect((await dispatch('station.info', {})).ok).toBe(true);
    const next = await imports.preview({ fileName: 'piccolo.csv', bytes: file(3) });
    expect(next.orders).toBe(3);
  });

  it('refuses a file of more rows than a preview keeps', async () => {
    station = await createStation({ dataDir: tempDir() });
    const imports = createOrderImports(station.engine, station.caller, () => undefined, Date.now, { maxRows: 100 });
    await expect(imports.preview({ fileName: 'righe.csv', bytes: file(90) })).rejects.toThrow(
      /^Il file ha 120 righe, oltre il limite di 100 per un file d'ordini: dividerlo in file più piccoli/,
    );
  });
});
