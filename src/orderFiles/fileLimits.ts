// What an order file (or the shop's product list, read by the same reader) may cost the station: its size on disk,
// its rows, what its .xlsx inflates to, and the memory and time of the thread that reads it. One place for each bound;
// the station may lower or raise the order file's size (a bench setting), the tests lower the rest to reach them.

const MB = 1024 * 1024;

export interface XlsxLimits {
  /** Parts of the ZIP (a real order sheet has about a dozen). */
  maxEntries: number;
  /** One part, inflated. */
  maxEntryBytes: number;
  /** All parts but images (never inflated), inflated. */
  maxTotalBytes: number;
  /** Inflated / compressed, for parts bigger than `ratioFromBytes`. */
  maxRatio: number;
  ratioFromBytes: number;
}

/** What the file holds, as its refusals name it ("per un file d'ordini", "per un elenco prodotti"). */
export type FileKind = 'orders' | 'products' | 'remittances';

export interface OrderFileLimits {
  kind: FileKind;
  /** The file as it is on disk or as the screen sent it, checked before its content is read. */
  maxBytes: number;
  /** Rows after the header: more are refused, the file with them. */
  maxRows: number;
  xlsx: XlsxLimits;
  /** The reading thread's JS heap (its old generation); past it the thread ends, the station does not. */
  memoryMb: number;
  /** After this the reading thread is stopped. */
  timeoutMs: number;
}

/**
 * 20 MB is half again a 100,000-row shop export as CSV (14 MB); 100,000 rows (75,000 orders of one or two lines) are
 * more than a bench ships in weeks. The same rows as an .xlsx (6 MB) inflate to 62 MB of sheet XML and shared
 * strings, each part at about 10:1; exceljs reads them in 768 MB of heap (not in 256 MB), in 12 s on a busy 2-core
 * machine: a minute leaves room for a slower one.
 */
export const DEFAULT_ORDER_FILE_LIMITS: OrderFileLimits = {
  kind: 'orders',
  maxBytes: 20 * MB,
  maxRows: 100_000,
  xlsx: { maxEntries: 10_000, maxEntryBytes: 100 * MB, maxTotalBytes: 100 * MB, maxRatio: 100, ratioFromBytes: MB },
  memoryMb: 768,
  timeoutMs: 60_000,
};

/**
 * A product list: 10 MB holds the 100,000 products the export writes at most (8 MB as CSV), so an exported list always
 * imports; a shop's catalogue of customs facts is a few thousand lines. The reading thread's memory and time are the
 * order files': a 90,000-line .xlsx of 4 MB needs them.
 */
export const DEFAULT_PRODUCT_FILE_LIMITS: OrderFileLimits = {
  ...DEFAULT_ORDER_FILE_LIMITS,
  kind: 'products',
  maxBytes: 10 * MB,
  maxRows: 100_000,
};

/**
 * A courier's remittance list: one line per parcel paid, a few hundred a week at a busy bench; 5 MB and 50,000 lines
 * hold a year of them. The reading thread's memory and time are the order files'.
 */
export const DEFAULT_REMITTANCE_FILE_LIMITS: OrderFileLimits = {
  ...DEFAULT_ORDER_FILE_LIMITS,
  kind: 'remittances',
  maxBytes: 5 * MB,
  maxRows: 50_000,
};

export type OrderFileLimitsInput = Partial<Omit<OrderFileLimits, 'xlsx'>> & { xlsx?: Partial<XlsxLimits> };

export function orderFileLimits(given: OrderFileLimitsInput = {}): OrderFileLimits {
  const defaults =
    given.kind === 'products'
      ? DEFAULT_PRODUCT_FILE_LIMITS
      : given.kind === 'remittances'
        ? DEFAULT_REMITTANCE_FILE_LIMITS
        : DEFAULT_ORDER_FILE_LIMITS;
  return { ...defaults, ...given, xlsx: { ...defaults.xlsx, ...given.xlsx } };
}
