// Settings › Banco "check items by scan", per client: the client ids whose orders are packed item by item (off for
// all by default), and the guard of the form's save: an order of such a client ships only with every line's pieces
// scanned, or with the operator's override and its reason, whatever screen or program asks.
import { countedOf, itemLinesOf, shortLines } from '../../shared/domain/itemCodes';
import type { WaitingOrder } from '../../shared/domain/orders';
import type { PackingProof } from '../../shared/domain/packingProof';
import type { Station } from '../index';
import { ACCOUNT_SETTING_KEYS } from './keys';
import { storedSetting } from './stored';
import { clientsOf } from './itemCheckClients';

/** The client ids whose orders are checked item by item (none when never set). */
export function itemCheckClients(station: Station): number[] {
  return storedSetting(station, ACCOUNT_SETTING_KEYS.itemCheckClients, clientsOf);
}

/** Keeps the clients checked by scan; a client id that is not the station's is refused, and nothing changes. */
export function setItemCheckClients(station: Station, ids: readonly number[]): string | undefined {
  const unknown = ids.find((id) => !station.account.clientIds.includes(id));
  if (unknown !== undefined) return `Il cliente ${unknown} non è tra i clienti di questa postazione`;
  const kept = [...new Set(ids)].sort((a, b) => a - b);
  station.engine.settings.set(ACCOUNT_SETTING_KEYS.itemCheckClients, kept.length ? JSON.stringify(kept) : '');
  return undefined;
}

/** Why the order may not ship with this packing yet (its client checks items and lines are short); else undefined. */
export function packingRefusal(
  station: Station,
  order: WaitingOrder,
  packing: PackingProof | undefined,
): string | undefined {
  if (!itemCheckClients(station).includes(order.clientId) || packing?.override) return undefined;
  const skus = order.lines.map((line) => line.sku ?? '').filter((sku) => sku.trim() !== '');
  const lines = itemLinesOf(order.lines, station.engine.products.lookup(station.caller, skus));
  const short = shortLines(lines, countedOf(lines, packing?.scans ?? []));
  if (short.length === 0) return undefined;
  const what = short.map((line) => `${line.sku} ${line.counted}/${line.qty}`).join(', ');
  return `Articoli dell'ordine ${order.orderRef} non tutti controllati (${what}): scansionarli o forzare con un motivo`;
}
