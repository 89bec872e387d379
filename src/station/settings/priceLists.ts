// The price lists of the connection the station is on (kept in that connection's database, like its courier catalog),
// imported from the same files the service config and `npm run quote -- --config` read. A connected bench prices
// with these only: without them it shows no price (the service chooses), never a demo price for a real account.
import { readPriceListFile, type PriceList } from '../../engine/index';
import { ACCOUNT_SETTING_KEYS } from './keys';
import { storedSetting } from './stored';
import type { Station } from '../index';

export function savedPriceLists(station: Station): PriceList[] {
  return storedSetting(station, ACCOUNT_SETTING_KEYS.priceLists, (text) => {
    if (!text) return [];
    const read = readPriceListFile(text);
    return read.ok ? read.lists : [];
  });
}

export function savePriceLists(station: Station, lists: readonly PriceList[]): void {
  station.engine.settings.set(ACCOUNT_SETTING_KEYS.priceLists, lists.length ? JSON.stringify(lists) : '');
}

/** What the settings screen lists of each imported list. */
export const summaryOf = (lists: readonly PriceList[]) =>
  lists.map((l) => ({
    corriere: l.corriere,
    servizio: l.servizio,
    description: l.description ?? '',
    currency: l.currency,
  }));
