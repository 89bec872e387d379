// "Da gestire"'s commands: the parcels needing a person now, and the operator's action on one of them (refused with
// the engine's Italian reason, nothing kept, when the parcel is unknown, another user's, or needs nothing now).
import { fail, ok } from '../../shared/ipc/result';
import type { AttentionItem } from '../../shared/domain/attention';
import type { Station } from '../index';
import { stationNaming } from '../settings/courierCatalog';
import { quietDaysOf } from '../tracking/attention';
import type { Handlers } from './context';

/** The parcels needing a person, their couriers named as every screen names them. */
function attentionItems(station: Station): AttentionItem[] {
  const naming = stationNaming(station);
  return station.engine.parcels
    .attention(station.caller, quietDaysOf(station.engine.settings))
    .map((item) => ({ ...item, courierName: naming(item.courierId, 0).courierName }));
}

export const attentionHandlers: Handlers<'parcels.attention' | 'parcels.act'> = {
  'parcels.attention'({ station }) {
    const items = attentionItems(station);
    return ok({ items, count: items.length, quietDays: quietDaysOf(station.engine.settings) });
  },
  'parcels.act'({ station }, { shipmentId, kind, note }) {
    const quietDays = quietDaysOf(station.engine.settings);
    const acted = station.engine.parcels.act(station.caller, shipmentId, kind, note, quietDays);
    if (!acted.ok) return fail(acted.code, acted.message);
    station.attentionChanged();
    return ok({ count: station.engine.parcels.attention(station.caller, quietDays).length });
  },
};
