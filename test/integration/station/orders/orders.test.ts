// Order files at a real station (issue 15), through the command table the screens use: a 50-order file's preview
// shows the two rows the form's rules refuse, cell by cell; fixed in the preview, all of them become orders waiting,
// once however often the file is imported; a scanned reference finds one and the shipment made from it ships it. A
// folder a shop program drops files into is imported without a click.
import { writeFileSync } from 'node:fs';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createStation, type Station } from '../../../../src/station/index';
import { createDispatcher } from '../../../../src/station/dispatch';
import type { ImportPreview, ImportResult } from '../../../../src/shared/ipc/orderCommands';
import { orderRef, ordersCsv } from '../../../fixtures/orderFiles';
import { removeTempDirs, tempDir } from '../../../helpers/tmp';
import { commandValue } from '../../../helpers/stationCommands';
import type { WaitingOrder } from '../../../../src/shared/domain/orders';
import { shipmentOfOrder, validShipment } from '../../../fixtures/shipments';

let station: Station | undefined;
afterEach(async () => {
  await station?.close();
  station = undefined;
  removeTempDirs();
});

const base64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');

describe('orders waiting at the bench', () => {
  it('previews a file, fixes its two bad rows in place and keeps its 50 orders once', async () => {
    station = await createStation({ dataDir: tempDir() });
    const { dispatch } = createDispatcher(station);
    const file = ordersCsv(50, { wrongCap: [4], badEmail: [11] });
    const events: string[] = [];
    station.onEvent((event) => events.push(event.name));

    let preview = commandValue<ImportPreview>(
      await dispatch('orders.preview', { fileName: 'ordini.csv', base64: base64(file) }),
    );
    expect(preview).toMatchObject({ rows: 67, orders: 50, valid: 48, problemCount: 2, remembered: false });
    expect(preview.mapping.slice(0, 4)).toEqual(['order_ref', 'rcpt_name', 'rcpt_addr', 'rcpt_cap']);
    const [cap, email] = preview.problems;
    expect(cap?.orderRef).toBe(orderRef(1005));
    expect(cap?.errors.rcpt_cap).toMatchObject({ code: 'capProvince', value: 'MI' });
    expect(email?.errors.rcpt_email?.code).toBe('email');
    // Nothing is kept before the operator confirms.
    expect(station.engine.orders.list(station.caller, { state: 'waiting' }).total).toBe(0);

    preview = commandValue(
      await dispatch('orders.fix', { importId: preview.importId, line: cap!.line, field: 'rcpt_cap', value: '00184' }),
    );
    expect(preview).toMatchObject({ valid: 49, problemCount: 1 });
    preview = commandValue(
      await dispatch('orders.fix', {
        importId: preview.importId,
        line: email!.line,
        field: 'rcpt_email',
        value: 'a@b.it',
      }),
    );
    expect(preview).toMatchObject({ valid: 50, problemCount: 0 });

    expect(commandValue(await dispatch('orders.import', { importId: preview.importId }))).toEqual({
      added: 50,
      updated: 0,
      duplicates: 0,
      invalid: 0,
      notes: [],
    });
    expect(events).toContain('orders.progress');
    const fixed = station.engine.orders.find(station.caller, orderRef(1005));
    expect(fixed?.values.rcpt_cap).toBe('00184');
    // Every third order has two line items on two rows of the file: one order, two lines, quantities as written.
    expect(station.engine.orders.find(station.caller, orderRef(1001))?.lines).toEqual([
      { description: 'Caffè macinato 250 g', sku: 'CAF-0', qty: 2 },
      { description: 'Tazzina "Perù"', sku: 'TAZ-0', qty: 1.5 },
    ]);

    // The same file again: the layout's columns are remembered, and no order is added twice.
    const again = commandValue<ImportPreview>(
      await dispatch('orders.preview', { fileName: 'ordini.csv', base64: base64(file) }),
    );
    expect(again.remembered).toBe(true);
    // One order corrected in the preview: counted as corrected and named with its field, never a silent duplicate.
    const second = again.sample.find((row) => row.orderRef === orderRef(1002));
    const corrected = commandValue<ImportPreview>(
      await dispatch('orders.fix', {
        importId: again.importId,
        line: second!.line,
        field: 'rcpt_phone',
        value: '3330001122',
      }),
    );
    const result = commandValue<ImportResult>(await dispatch('orders.import', { importId: corrected.importId }));
    expect(result).toMatchObject({ added: 0, updated: 1, duplicates: 47, invalid: 2 });
    expect(result.notes).toEqual([
      `ordine ${orderRef(1002)} già in attesa, corretto: rcpt_phone`,
      '47 ordini già in attesa, invariati',
    ]);
    expect(station.engine.orders.find(station.caller, orderRef(1002))?.values.rcpt_phone).toBe('3330001122');
    expect(station.engine.orders.list(station.caller, { state: 'waiting' }).total).toBe(50);
  });

  it('ships a scanned order once: the second save of it is refused before a second shipment is made', async () => {
    station = await createStation({ dataDir: tempDir() });
    const { dispatch } = createDispatcher(station);
    const preview = commandValue<ImportPreview>(
      await dispatch('orders.preview', { fileName: 'ordini.csv', base64: base64(ordersCsv(3)) }),
    );
    commandValue(await dispatch('orders.import', { importId: preview.importId }));
    const found = commandValue<{ order: WaitingOrder | null }>(
      await dispatch('orders.find', { reference: '  ord-1002 ' }),
    ).order;
    expect(found?.values.rcpt_city).toBe('Perugia');
    const body = shipmentOfOrder(found!, { labelType: 'ZPL' });
    const shipped = commandValue<{ id: number }>(await dispatch('shipments.create', { body, orderId: found!.id }));
    expect(station.engine.orders.get(station.caller, found!.id)).toMatchObject({
      state: 'shipped',
      shipmentId: shipped.id,
    });
    const twice = await dispatch('shipments.create', { body, orderId: found!.id });
    expect(twice.ok).toBe(false);
    expect(station.engine.listShipments(station.caller, { view: 'departing', offset: 0, limit: 10 }).total).toBe(1);
  });

  it('imports the files a shop program drops into the watched folder, once, and moves them to importati/', async () => {
    const folder = tempDir();
    station = await createStation({
      dataDir: tempDir(),
      bench: { orderFolder: folder, orderFolderEveryMs: 50 },
    });
    writeFileSync(join(folder, 'negozio-1.csv'), ordersCsv(5, { first: 3001, badEmail: [2] }));
    await expect
      .poll(() => station?.orderFolder.log()[0], { timeout: 10_000 })
      .toMatchObject({ file: 'negozio-1.csv', added: 4, duplicates: 0, invalid: 1 });
    // The row not kept is named with its reason, so the shop can send it again corrected.
    expect(station.orderFolder.log()[0]?.rejected).toEqual([
      `riga ${2 + 2 + 1} (${orderRef(3003)}): E-mail: indirizzo e-mail non valido`,
    ]);
    expect(existsSync(join(folder, 'negozio-1.csv'))).toBe(false);
    expect(readdirSync(join(folder, 'importati'))).toContain('negozio-1.csv');
    // A file whose columns say nothing the bench knows waits for a person, named in the log.
    writeFileSync(join(folder, 'altro.csv'), 'a;b;c\r\n1;2;3\r\n');
    await expect
      .poll(() => station?.orderFolder.log()[0]?.error ?? '', { timeout: 10_000 })
      .toContain('Colonne non riconosciute');
    expect(existsSync(join(folder, 'altro.csv'))).toBe(true);
    expect(station.engine.orders.list(station.caller, { state: 'waiting' }).total).toBe(4);
  });

  it('refuses a file that is neither CSV nor Excel with a clear message and keeps nothing', async () => {
    station = await createStation({ dataDir: tempDir() });
    const { dispatch } = createDispatcher(station);
    const old = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0, 0, 0]);
    const answer = await dispatch('orders.preview', { fileName: 'vecchio.xls', base64: old.toString('base64') });
    expect(answer.ok).toBe(false);
    if (!answer.ok) expect(answer.error.message).toMatch(/xlsx|CSV/);
    expect(station.engine.orders.list(station.caller, { state: 'waiting' }).total).toBe(0);
  });

  // The keeping's commits skip the wait for the disk one by one (one sync of the WAL ends it): a shipment saved
  // meanwhile is stored as always, on a connection that still waits for the disk at every other commit.
  it('keeps every order of a big file while a shipment saved half way through is stored', async () => {
    station = await createStation({ dataDir: tempDir() });
    const { dispatch } = createDispatcher(station);
    const preview = commandValue<ImportPreview>(
      await dispatch('orders.preview', { fileName: 'ordini.csv', base64: base64(ordersCsv(2_000)) }),
    );
    expect(preview.valid).toBe(2_000);

    // The shipment is saved at the first word of the keeping's progress, between two of its slices.
    let beside: Promise<Awaited<ReturnType<typeof dispatch>>> | undefined;
    station.onEvent((event) => {
      if (event.name !== 'orders.progress' || !('phase' in event.payload) || event.payload.phase !== 'import') return;
      if (beside) return;
      beside = dispatch('shipments.create', { body: validShipment({ ddt_alpha: 'BESIDE-1', labelType: 'ZPL' }) });
    });
    const kept = commandValue<ImportResult>(await dispatch('orders.import', { importId: preview.importId }));
    expect(kept).toMatchObject({ added: 2_000, invalid: 0 });
    expect(beside).toBeDefined();
    const shipped = commandValue<{ id: number }>(await beside!);
    expect(station.engine.getShipment(station.caller, shipped.id)).toBeDefined();
    expect(station.engine.orders.list(station.caller, { state: 'waiting' }).total).toBe(2_000);
    // Every other write still waits for the disk at its commit.
    expect(station.engine.storageSettings().synchronous).toBe(2);
  });
});
