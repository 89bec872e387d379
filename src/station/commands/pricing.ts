// The account's price lists at the bench: listed, imported from a file (replacing lists for the same courier, service
// and invoiced client), cleared; a standalone station prices with its demo couriers and has none.
import { fail, ok } from '../../shared/ipc/result';
import { readPriceListFile } from '../../engine/index';
import { savedPriceLists, savePriceLists, summaryOf } from '../settings/priceLists';
import type { Handlers } from './context';

const STANDALONE_LISTS =
  'Postazione autonoma: i prezzi sono quelli dei corrieri dimostrativi, i listini sono di un account';

export const pricingHandlers: Handlers<'pricing.lists' | 'pricing.import' | 'pricing.clear'> = {
  'pricing.lists'({ station }) {
    return ok({ editable: station.mode === 'connected', lists: summaryOf(savedPriceLists(station)) });
  },
  'pricing.import'({ station }, { text }) {
    if (station.mode !== 'connected') return fail('refused', STANDALONE_LISTS);
    const read = readPriceListFile(text);
    const current = savedPriceLists(station);
    if (!read.ok)
      return ok({ editable: true, lists: summaryOf(current), errors: read.errors, errorCount: read.errorCount });
    const replaced = current.filter(
      (l) =>
        !read.lists.some(
          (n) =>
            n.corriere === l.corriere && n.servizio === l.servizio && n.invoiced_client_id === l.invoiced_client_id,
        ),
    );
    const lists = [...replaced, ...read.lists].sort((a, b) => a.corriere - b.corriere || a.servizio - b.servizio);
    savePriceLists(station, lists);
    return ok({ editable: true, lists: summaryOf(lists), errors: [], errorCount: 0 });
  },
  'pricing.clear'({ station }) {
    if (station.mode !== 'connected') return fail('refused', STANDALONE_LISTS);
    savePriceLists(station, []);
    return ok({ editable: true, lists: [] });
  },
};
