// What every engine operation works with: one connection, its statements, the enabled couriers and price lists,
// the auth table and the clock. Built once by createEngine.
import type { Auth } from './auth/users';
import type { CourierRegistry } from './couriers/registry';
import type { Db } from './db/open';
import type { Clock } from './ports';
import type { PriceList } from './pricing/priceList';
import type { ShipmentRepo } from './shipments/repo';
import type { ManifestRepo } from './manifests/repo';
import type { OutboxRepo } from './outbox/repo';
import type { SyncRepo } from './outbox/syncRepo';

export interface EngineContext {
  db: Db;
  shipments: ShipmentRepo;
  manifests: ManifestRepo;
  couriers: CourierRegistry;
  priceLists: readonly PriceList[];
  auth: Auth;
  clock: Clock;
  zplDpi: 203 | 300;
  outbox: OutboxRepo;
  syncRepo: SyncRepo;
  /**
   * Set when the engine is a connected station's: shipments are queued for the remote instead of getting a local
   * waybill, and every change writes an outbox row. `prefix` starts the ddt_alpha of shipments made here.
   */
  sync?: { prefix: string; notify(): void };
  /** Told after the transaction that made a shipment's labels available (local rendering or the remote's answer). */
  labelsReady(shipmentId: number): void;
  /** Told when a shipment was left "processing" by a storage failure: it is tried again later (resumeRetry.ts). */
  storageFailed(): void;
}
