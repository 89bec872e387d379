// What every engine operation works with: one connection, its statements, the enabled couriers and price lists,
// the auth table and the clock. Built once by createEngine.
import type { Auth } from './auth/users';
import type { CourierRegistry } from './couriers/registry';
import type { Db } from './db/open';
import type { Clock } from './ports';
import type { PriceList } from './pricing/priceList';
import type { ShipmentRepo } from './shipments/repo';
import type { ManifestRepo } from './manifests/repo';

export interface EngineContext {
  db: Db;
  shipments: ShipmentRepo;
  manifests: ManifestRepo;
  couriers: CourierRegistry;
  priceLists: readonly PriceList[];
  auth: Auth;
  clock: Clock;
  zplDpi: 203 | 300;
}
