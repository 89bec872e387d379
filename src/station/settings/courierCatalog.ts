// The courier catalog of the connection the station is on. Each connection has its own database (runtime.ts), so the
// catalog kept in the engine's settings is that connection's and stays with it; a standalone station offers its demo
// couriers instead, and a connected one never does.
import {
  newCatalog,
  parseCatalog,
  TEST_COURIERS,
  type CatalogCourier,
  type CourierCatalog,
} from '../../shared/domain/courierCatalog';
import {
  courierNaming,
  namedCouriers,
  type CourierNames,
  type NamedCourier,
  type SeenCourier,
} from '../../shared/domain/seenCouriers';
import type { Station } from '../index';
import { ACCOUNT_SETTING_KEYS } from './keys';
import { storedSetting } from './stored';

/** The saved catalog; a connection that never saved one starts with only "Più economico". */
export function savedCatalog(station: Station): CourierCatalog {
  return storedSetting(station, ACCOUNT_SETTING_KEYS.courierCatalog, (text) => {
    if (text === undefined) return newCatalog();
    let raw: unknown;
    try {
      raw = JSON.parse(text);
    } catch {
      return newCatalog();
    }
    const parsed = parseCatalog(raw);
    return parsed.ok ? parsed.value : newCatalog();
  });
}

export function saveCatalog(station: Station, catalog: CourierCatalog): void {
  station.engine.settings.set(ACCOUNT_SETTING_KEYS.courierCatalog, JSON.stringify(catalog));
}

/** What the courier picker offers on this station. */
export function offeredCouriers(station: Station): { couriers: CatalogCourier[]; cheapest: boolean } {
  if (station.mode !== 'connected') return { couriers: station.engine.couriers(), cheapest: true };
  const catalog = savedCatalog(station);
  return { couriers: catalog.couriers, cheapest: catalog.cheapest };
}

/** The aggregator's test couriers the catalog does not list yet. */
export function suggestedCouriers(catalog: CourierCatalog): CatalogCourier[] {
  const listed = new Set(catalog.couriers.map((c) => c.id));
  return TEST_COURIERS.filter((c) => !listed.has(c.id));
}

/** The couriers and services this connection's remote named in its answers (none standalone). */
export function seenCouriers(station: Station): SeenCourier[] {
  return station.engine.sync?.seenCouriers() ?? [];
}

/** Names as every screen shows them: the catalog's (demo couriers standalone), else the remote's, else ''. */
export function stationNaming(station: Station): (corriere: number, servizio: number) => CourierNames {
  return courierNaming(offeredCouriers(station).couriers, seenCouriers(station));
}

/** Every courier a screen may name (list filters, the confirm summary): the catalog's and those the remote named. */
export function stationNamedCouriers(station: Station): NamedCourier[] {
  return namedCouriers(offeredCouriers(station).couriers, seenCouriers(station));
}
