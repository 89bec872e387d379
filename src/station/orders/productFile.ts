// The shop's product list imported at the bench: its file read on the order files' thread, sized as a product list
// (orderFiles/fileLimits.ts), then its lines checked and kept a slice at a time, yielding between slices, so the
// station answers every other command all along. A file refused as a whole changes nothing. A line whose item code
// another SKU holds (kept before, or an earlier line of the file) is left out, its column naming that SKU.
import type { FieldIssue } from '../../shared/api/fieldIssues';
import { productColumnName, type ProductField } from '../../shared/domain/products';
import type { Caller, Engine } from '../../engine/index';
import type { OrderFileLimitsInput } from '../../orderFiles/fileLimits';
import { readOrderFileOffThread } from '../../orderFiles/offThread';
import { productChecker, type ProductFile, type ProductFileError } from '../../orderFiles/productFile';
import { OrderFileError } from '../../orderFiles/readFile';
import { inSlices } from './fromFiles';

export interface ProductImportResult {
  added: number;
  updated: number;
  unchanged: number;
  errors: ProductFileError[];
}

/**
 * Keeping a product is one lookup and one upsert: slices of 10 ms (one transaction each), 500 at most; a commit
 * waiting on a busy disk is the longest part of a slice whatever its size.
 */
const KEEP_SLICE_MS = 10;
const MAX_KEEP_SLICE = 500;
/** Checking a line is pure and cheaper still. */
const MAX_CHECK_SLICE = 2_000;

/**
 * The file's good lines kept (a SKU already kept is updated), its wrong ones answered by line and column; or the
 * reason the whole file is refused (not a table, over the size or the lines a product list may have).
 */
export async function importProductFile(
  engine: Engine,
  caller: Caller,
  /** Made for this import: handed over to the reading thread, empty afterwards. */
  bytes: Uint8Array,
  fileName: string,
  /** The reader's bounds: the tests lower them to reach them quickly. */
  limits: OrderFileLimitsInput = {},
): Promise<{ ok: true; value: ProductImportResult } | { ok: false; message: string }> {
  let table;
  try {
    table = await readOrderFileOffThread(bytes, fileName, { ...limits, kind: 'products' }, true);
  } catch (error) {
    if (error instanceof OrderFileError) return { ok: false, message: error.message };
    throw error;
  }
  const checker = productChecker(table.headers);
  if ('missing' in checker)
    return { ok: true, value: { added: 0, updated: 0, unchanged: 0, errors: [checker.missing] } };
  const file: ProductFile = { products: [], errors: [] };
  await inSlices(table.rows, (slice) => checker.check(slice, file), undefined, undefined, MAX_CHECK_SLICE);
  const counts = { added: 0, updated: 0, unchanged: 0 };
  await inSlices(
    file.products,
    (slice) => {
      const clashes = engine.products.codeClashes(
        caller,
        slice.map((line) => line.product),
      );
      slice.forEach(({ line }, index) => {
        for (const [field, issue] of Object.entries(clashes.get(index) ?? {}) as [ProductField, FieldIssue][])
          file.errors.push({ line, column: productColumnName(field), field, issue });
      });
      const kept = engine.products.saveAll(
        caller,
        slice.filter((_, index) => !clashes.has(index)).map((line) => line.product),
      );
      counts.added += kept.added;
      counts.updated += kept.updated;
      counts.unchanged += kept.unchanged;
    },
    undefined,
    KEEP_SLICE_MS,
    MAX_KEEP_SLICE,
  );
  return { ok: true, value: { ...counts, errors: file.errors.sort((a, b) => a.line - b.line) } };
}
