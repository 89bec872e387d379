// What every engine operation works with: one connection, its statements, the enabled couriers and price lists,
// the auth table, the clock and the mode's flow. Built once by createEngine.
import type { OwedKind } from './owed/kinds';
import type { Resources } from './resources';
import type { LabelPool } from './labels/pool';
import type { Auth } from './auth/users';
import type { CourierRegistry } from './couriers/registry';
import type { Db } from './db/open';
import type { Clock } from './ports';
import type { PriceList } from './pricing/priceList';
import type { ShipmentFlow, ShipmentSettlement } from './shipments/flow';
import type { ShipmentRepo } from './shipments/repo';
import type { ManifestRepo } from './manifests/repo';
import type { SettingsRepo } from './settings/repo';
import type { SenderBook } from './shipments/senders';
import type { MailRepo } from './mail/repo';
import type { PartnerRepo } from './partners/repo';
import type { PartnerBook } from './partners/book';
import type { InvoicedClientsRepo } from './auth/invoicedClients';
import type { OrderRepo } from './orders/repo';
import type { ShopRepo } from './shops/repo';
import type { ParcelNoticeRepo } from './tracking/notices';
import type { HubRepo } from './shops/hubRepo';

export interface EngineContext {
  db: Db;
  shipments: ShipmentRepo;
  manifests: ManifestRepo;
  /** Orders waiting; a shipment made from one links it in the transaction that stores the shipment. */
  orders: OrderRepo;
  settings: SettingsRepo;
  /** The shipped files (fonts, courier files, price lists) and what is derived from them, for this engine. */
  resources: Resources;
  /** Where PDF and JPG labels are drawn off this thread; absent: drawn here (labels/pool.ts). */
  labelPool?: LabelPool;
  couriers: CourierRegistry;
  priceLists: readonly PriceList[];
  auth: Auth;
  /** Each reseller user's invoiced clients (empty for a user that is not a reseller). */
  invoiced: InvoicedClientsRepo;
  /** Each client id's sender profile: blank sender fields of a new shipment are taken from it. */
  senders: SenderBook;
  clock: Clock;
  /** E-mails owed (dropshipping waybills), sent by the mail worker. */
  mail: MailRepo;
  /** The From address when a mail server is configured; undefined: no e-mail can be sent (dropshipping refused). */
  mailFrom: string | undefined;
  /** The From address of the recipients' e-mails on a parcel's states, in both modes when a mail server is set. */
  noticeMailFrom: string | undefined;
  /** Gives the station's invoice numbers to outside-EU parcels without one (EngineDeps.invoiceNumbering). */
  invoiceNumbering: boolean;
  /** This bench shares the shop's numbering with other benches (EngineDeps.invoiceSeriesRequired). */
  invoiceSeriesRequired(): boolean;
  /** Tracking events owed to partner systems (partner orders), sent by the partner worker (src/partners). */
  partners: PartnerRepo;
  /** Each client id's partner endpoint, if it has one. */
  partnerBook: PartnerBook;
  /** Connected shops, their orders and the fulfilments owed to them, sent by the shop worker (src/shops). */
  shops: ShopRepo;
  /** What the shop and the recipient are owed of departed parcels' states (tracking/notices.ts). */
  parcelNotices: ParcelNoticeRepo;
  /** This bench's shop orders shipped at another bench of a shared queue: told to their shop, parcels followed. */
  hubShipments: HubRepo;
  /** Connected to a remote (it makes the waybills and tells partners itself), or standalone. */
  connected: boolean;
  /** Told after the transaction that queued notices (owed/index.ts): each kind's worker is woken. */
  queued(kinds: readonly OwedKind[]): void;
  zplDpi: 203 | 300;
  /** What happens to a stored shipment next: a local courier run, or an outbox row for the remote (flow.ts). */
  flow: ShipmentFlow;
  /**
   * Told after the transaction that settled a shipment: its labels available (local rendering or the remote's
   * answer), the remote's refusal (0.6) or a row parked for a person. Not for a local refusal: the save answers it.
   */
  settled(shipmentId: number, outcome: ShipmentSettlement): void;
  /** Told when a shipment was left "processing" by a storage failure: it is tried again later (resumeRetry.ts). */
  storageFailed(): void;
}
