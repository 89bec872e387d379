// The product list's commands: kept in the station's engine per user; a file imported keeps its good lines
// and names the wrong ones by line and column (as the order files do), so a shop fixes them in its spreadsheet and
// imports again without losing the rest. The file is read off the station's thread (orders/productFile.ts).
import { fail, failFields, ok } from '../../shared/ipc/result';
import { writeProductFile } from '../../orderFiles/productFile';
import { importProductFile } from '../orders/productFile';
import type { Product } from '../../shared/domain/products';
import type { Handlers } from './context';

type ProductCommand =
  'products.list' | 'products.save' | 'products.delete' | 'products.import' | 'products.export' | 'products.lookup';

/** Far beyond a shop's catalogue, so the export never stops half way; a page of the list for the screens. */
const EXPORT_MAX = 100_000;

export const productHandlers: Handlers<ProductCommand> = {
  'products.list'({ station }, filter) {
    return ok(station.engine.products.list(station.caller, filter));
  },
  'products.save'({ station }, { product }) {
    const saved = station.engine.products.save(station.caller, product);
    return saved.ok ? ok({ product: saved.value }) : failFields(saved.fields);
  },
  'products.delete'({ station }, { sku }) {
    const deleted = station.engine.products.remove(station.caller, sku);
    return deleted ? ok({ deleted }) : fail('not_found', `Nessun prodotto con SKU ${sku.trim()}`);
  },
  async 'products.import'({ station }, { text, base64, fileName }) {
    const bytes = base64 !== '' ? Buffer.from(base64, 'base64') : new TextEncoder().encode(text);
    const imported = await importProductFile(station.engine, station.caller, bytes, fileName);
    if (!imported.ok) return fail('invalid', imported.message);
    const { errors, ...kept } = imported.value;
    return ok({ ...kept, errors: errors.map(({ issue, ...at }) => ({ ...issue, ...at })) });
  },
  'products.export'({ station }) {
    const rows: Product[] = station.engine.products.list(station.caller, { limit: EXPORT_MAX }).rows;
    return ok({ fileName: 'prodotti.csv', text: writeProductFile(rows), count: rows.length });
  },
  'products.lookup'({ station }, { skus }) {
    return ok({ products: station.engine.products.lookup(station.caller, skus) });
  },
};
