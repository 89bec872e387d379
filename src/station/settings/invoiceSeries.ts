// Whether this bench shares its shop's invoice numbering with other benches: then it numbers invoices only in a
// series of its own (Settings › Banco, `FT-2026-B2-0001`), and refuses to give a number while it has none.
import { ACCOUNT_SETTING_KEYS } from './keys';

/** A connected bench working on its hub's shared order queue (it has a name there), with the shop's other benches. */
export function sharesShopNumbering(connected: boolean, settings: { get(key: string): string | undefined }): boolean {
  return connected && (settings.get(ACCOUNT_SETTING_KEYS.sharedQueueBench)?.trim() ?? '') !== '';
}
