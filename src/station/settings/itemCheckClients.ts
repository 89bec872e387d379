// The clients whose orders are checked item by item, read from the settings where no Station is at hand (a batch at
// work): kept apart from ./itemCheck, which works with the Station and so may not be imported by what it composes.
import { ACCOUNT_SETTING_KEYS } from './keys';

/** The client ids kept as the setting's text (none when never set, or not a list of ids). */
export function clientsOf(text: string | undefined): number[] {
  try {
    const ids: unknown = JSON.parse(text || '[]');
    return Array.isArray(ids) ? ids.filter((id): id is number => Number.isInteger(id)) : [];
  } catch {
    return [];
  }
}

/** Whether this client's orders are checked item by item, as the settings say (where no Station is at hand). */
export const checksItems = (settings: { get(key: string): string | undefined }, clientId: number): boolean =>
  clientsOf(settings.get(ACCOUNT_SETTING_KEYS.itemCheckClients)).includes(clientId);

/** Why a batch leaves such an order waiting: its label prints only once its items are scanned at the bench. */
export const ITEMS_AT_SCAN = 'Articoli da controllare con la scansione: spedire dal banco';
