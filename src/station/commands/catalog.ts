// The courier catalog screen: the demo couriers, read-only, when standalone; the account's catalog, editable, when
// connected.
import { fail, failFields, ok } from '../../shared/ipc/result';
import { newCatalog, parseCatalog } from '../../shared/domain/courierCatalog';
import { saveCatalog, savedCatalog, seenCouriers, suggestedCouriers } from '../settings/courierCatalog';
import type { Handlers } from './context';

export const catalogHandlers: Handlers<'catalog.get' | 'catalog.save'> = {
  'catalog.get'({ station }) {
    if (station.mode !== 'connected') {
      const demo = { ...newCatalog(), couriers: station.engine.couriers() };
      return ok({ editable: false, catalog: demo, suggestions: [], seen: [] });
    }
    const catalog = savedCatalog(station);
    return ok({ editable: true, catalog, suggestions: suggestedCouriers(catalog), seen: seenCouriers(station) });
  },
  'catalog.save'({ station }, { catalog }) {
    if (station.mode !== 'connected')
      return fail('refused', 'Postazione autonoma: usa i corrieri dimostrativi, il catalogo è di un account collegato');
    const parsed = parseCatalog(catalog);
    if (!parsed.ok) return failFields(parsed.fields);
    saveCatalog(station, parsed.value);
    return ok({ catalog: parsed.value });
  },
};
