// The orders' commands: order files through a preview into orders waiting, the orders found by a scanned reference,
// the watched folder, and the shop's words for cash on delivery.
import { fail, ok } from '../../shared/ipc/result';
import { OrderFileError } from '../../orderFiles/readFile';
import { DEFAULT_COD_WORDS, PREPAID_WORDS } from '../../orderFiles/paymentMethod';
import { codWords, saveCodWords } from '../orders/fromFiles';
import { orderFileMaxMb, saveOrderFileMaxMb } from '../orders/fileLimits';
import type { Handlers } from './context';

const IMPORT_GONE = 'Anteprima scaduta: aprire di nuovo il file';

type OrderCommand =
  | 'orders.preview'
  | 'orders.remap'
  | 'orders.fix'
  | 'orders.import'
  | 'orders.cancelImport'
  | 'orders.list'
  | 'orders.find'
  | 'orders.remove'
  | 'orders.folder'
  | 'orders.codWords';

export const orderHandlers: Handlers<OrderCommand> = {
  async 'orders.preview'({ station }, { fileName, base64, clientId }) {
    if (clientId !== undefined && !station.caller.clientIds.includes(clientId))
      return fail('not_found', `Codice cliente ${clientId} non gestito da questa postazione`);
    try {
      return ok(await station.orderImports.preview({ fileName, bytes: Buffer.from(base64, 'base64'), clientId }));
    } catch (error) {
      if (error instanceof OrderFileError) return fail('invalid', error.message);
      throw error;
    }
  },
  async 'orders.remap'({ station }, { importId, mapping, clientId }) {
    if (clientId !== undefined && !station.caller.clientIds.includes(clientId))
      return fail('not_found', `Codice cliente ${clientId} non gestito da questa postazione`);
    const preview = await station.orderImports.remap(importId, mapping, clientId);
    return preview ? ok(preview) : fail('not_found', IMPORT_GONE);
  },
  async 'orders.fix'({ station }, { importId, line, field, value }) {
    const preview = await station.orderImports.fix(importId, line, field, value);
    return preview ? ok(preview) : fail('not_found', IMPORT_GONE);
  },
  async 'orders.import'({ station }, { importId }) {
    const done = await station.orderImports.commit(importId);
    return done ? ok(done) : fail('not_found', IMPORT_GONE);
  },
  'orders.cancelImport'({ station }, { importId }) {
    station.orderImports.cancel(importId);
    return ok({});
  },
  'orders.list'({ station }, input) {
    const page = station.engine.orders.list(station.caller, input);
    if (input.state !== 'shipped') return ok(page);
    // A shipped order says which returns its shipment has (their references), where it has any.
    const returnsOf = (shipmentId: number) =>
      station.engine.returns.links(station.caller, shipmentId)?.returns.map((r) => r.ddtAlpha) ?? [];
    const rows = page.rows.map((order) => {
      const returns = order.shipmentId === undefined ? [] : returnsOf(order.shipmentId);
      return returns.length > 0 ? { ...order, returns } : order;
    });
    return ok({ ...page, rows });
  },
  'orders.find'({ station }, { reference }) {
    return ok({ order: station.engine.orders.find(station.caller, reference) ?? null });
  },
  'orders.remove'({ station }, { id }) {
    return station.engine.orders.remove(station.caller, id)
      ? ok({})
      : fail('not_found', 'Ordine non trovato o già spedito');
  },
  async 'orders.folder'({ station }, { folder, maxFileMb }) {
    if (maxFileMb !== undefined) saveOrderFileMaxMb(station.engine, maxFileMb);
    if (folder !== undefined) await station.orderFolder.set(folder);
    return ok({
      folder: station.orderFolder.folder,
      maxFileMb: orderFileMaxMb(station.engine),
      log: station.orderFolder.log(),
    });
  },
  'orders.codWords'({ station }, { words }) {
    const saved = words === undefined ? codWords(station.engine) : saveCodWords(station.engine, words);
    return ok({ words: saved, defaults: [...DEFAULT_COD_WORDS], prepaid: [...PREPAID_WORDS] });
  },
};
