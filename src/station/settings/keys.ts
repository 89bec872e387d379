// The station's settings kept in its database, by name. The bench's own (printers, language, …) follow the bench when
// the connection changes; see runtime.ts.
import { INVOICE_SETTING_KEYS, RECIPIENT_MAIL_SETTING } from '../../engine/index';

export const SETTING_KEYS = {
  printers: 'print.printers',
  localApi: 'station.local_api',
  language: 'ui.language',
  autoPrint: 'print.auto',
  /** When auto-print last began (switched on, or the printers set), in ms: labels before it are not owed at start. */
  autoPrintSince: 'print.auto_since',
  labelFormat: 'print.label_format',
  /** "1" once the first-run screen was finished (demo couriers chosen, or an account connected). */
  setupDone: 'station.setup_done',
  /** The bench scale's port, speed and protocol (JSON; empty: none). */
  scale: 'bench.scale',
  /** The weight last given to a parcel while the pan has not changed since (kg; empty: none), see heldWeight.ts. */
  scaleHeld: 'bench.scale_held',
  /** The folder watched for order files (empty: none). */
  orderFolder: 'orders.folder',
  /** This bench's id in a watched folder's claim subfolder (`.banco-<id>`), made once. */
  orderFolderBench: 'orders.folder_bench',
  /** The shop's own words for cash on delivery in its order files' payment column (JSON list; empty: none). */
  codWords: 'orders.cod_words',
  /** The biggest order file read, in MB (empty: 20, src/orderFiles/fileLimits.ts). */
  orderFileMaxMb: 'orders.max_file_mb',
  /** The goods of a shipment when neither its order nor the operator gives any (empty: none; Settings › Banco). */
  goodsDefault: 'bench.goods_default',
  /** "1": a batch's parcels are weighed at the scan, which prints their labels (empty: estimated; Settings › Banco). */
  weighBatchParcels: 'bench.weigh_batch_parcels',
  /** Days without a new state after which a departed parcel is listed in "Da gestire" (empty: 3; Settings › Banco). */
  attentionDays: 'bench.attention_days',
  /** Copies of a customs invoice printed with the label (empty: 3). */
  invoiceCopies: 'print.invoice_copies',
  /** The station's own invoice numbers: the prefix and each year's next number (engine/customs/numbering.ts). */
  invoicePrefix: INVOICE_SETTING_KEYS.prefix,
  /** This bench's series among the shop's benches (`B2` → `FT-2026-B2-0001`): the bench's, never the account's. */
  invoiceSeries: INVOICE_SETTING_KEYS.series,
  invoiceNext: INVOICE_SETTING_KEYS.next,
  /** "1": the recipient is e-mailed when their parcel is held, missed or its address not found (default: off). */
  recipientMail: RECIPIENT_MAIL_SETTING,
} as const;

/** Copies of a customs invoice printed with the label, as the bench setting says (3 when never set). */
export function savedInvoiceCopies(settings: { get(key: string): string | undefined }): number {
  const text = settings.get(SETTING_KEYS.invoiceCopies)?.trim();
  const n = Number(text);
  return text && Number.isInteger(n) && n >= 0 && n <= 10 ? n : 3;
}

/** Settings of the account (the connection), kept in that connection's database and never copied to another. */
export const ACCOUNT_SETTING_KEYS = {
  courierCatalog: 'account.courier_catalog',
  priceLists: 'account.price_lists',
  /** The client ids whose orders are packed item by item (JSON list; empty: none; Settings › Banco). */
  itemCheckClients: 'account.item_check_clients',
  /** This bench's name at the hub whose shared order queue it takes its orders from (empty: none; Settings › Banco). */
  sharedQueueBench: 'account.shared_queue_bench',
} as const;

/** Settings naming this database's own rows: never copied into another connection's database, where ids differ. */
export const DATABASE_SETTING_KEYS = {
  /** The id of the last shipment the bench's form saved (empty: none yet): Alt+R reprints it after a restart. */
  lastSaved: 'bench.last_saved',
} as const;

/** Settings of the bench rather than of the account: copied into the new database when the connection changes. */
export const BENCH_SETTING_KEYS: readonly string[] = Object.values(SETTING_KEYS);

/** Auto-print began now (switched on, or printers set): a restart owes no label made before (owedLabels.ts). */
export function noteAutoPrintSince(settings: { set(key: string, value: string): void }, nowMs: number): void {
  settings.set(SETTING_KEYS.autoPrintSince, String(nowMs));
}

/** When auto-print last began; undefined when never noted (the command line's auto-print: the whole day). */
export function savedAutoPrintSince(settings: { get(key: string): string | undefined }): number | undefined {
  const value = Number(settings.get(SETTING_KEYS.autoPrintSince) ?? Number.NaN);
  return Number.isFinite(value) ? value : undefined;
}

/** Auto-print as the settings screen left it; never set: on whenever the bench has a printer. */
export function savedAutoPrint(settings: { get(key: string): string | undefined }, hasPrinters: boolean): boolean {
  const value = settings.get(SETTING_KEYS.autoPrint);
  return value === undefined ? hasPrinters : value === '1';
}
