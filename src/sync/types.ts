// What the sync worker needs from the remote service: one call per spec endpoint it uses, each answering a
// classified outcome instead of throwing, so the worker's retry/park/pause rules read as a table.
import type { ConfirmResult } from '../shared/api/confirm';
import type { PatchBody } from '../shared/api/bodies';
import type { ShipmentRecord } from '../shared/api/shipmentRecord';
import type { TrackingRecordBody } from '../shared/api/tracking';
import type { TrackingState } from '../shared/domain/tracking';

export type RemoteOutcome<T> =
  /** 2xx with a body that parsed with the shared schema. */
  | { kind: 'ok'; status: number; body: T }
  /** A definitive refusal the remote explained (400, 404, 413): retrying the same request cannot help. */
  | { kind: 'rejected'; status: number; error: string }
  /** 403: the key is invalid (sync must pause and tell the operator), or the remote's rate limit was hit (back off). */
  | { kind: 'forbidden'; reason: 'invalid_key' | 'rate_limited'; error: string }
  /**
   * No usable answer: connection refused or reset, timeout, 5xx, unparseable body. `sent` is true when the request
   * may have reached the remote (so a create must be looked up by ddt_alpha before being sent again).
   */
  | { kind: 'unknown'; sent: boolean; error: string };

/** A parcel's latest state as GET tracking answered it, or why there is none this time. */
export type RemoteTracking =
  /**
   * The state (unknown codes kept with their words) and the record as read; `picked` when the answer was an array of
   * several shipments and this one was found in it by its id at the remote or by the courier's number.
   */
  | {
      kind: 'state';
      state: TrackingState;
      record: TrackingRecordBody;
      picked?: { by: 'id_gsped' | 'num_spedizione'; among: number };
    }
  /** 404: the remote no longer has the shipment (deleted there). */
  | { kind: 'not_found'; error: string }
  /** 403 that is the remote's rate limit: wait for the window. */
  | { kind: 'rate_limited'; error: string }
  /** 403 saying the key is invalid. */
  | { kind: 'refused_key'; error: string }
  /** Another definite refusal (400, 413): the request itself was wrong, asking again the same way cannot help. */
  | { kind: 'refused'; status: number; error: string }
  /** A 2xx that is not a state: HTML, not JSON, no status_code, an array without this shipment. */
  | { kind: 'unreadable'; reason: string }
  /** No answer, or 5xx: `offline` when the request never left this machine (nothing to say to anyone). */
  | { kind: 'unreachable'; offline: boolean; error: string };

/** The courier's answer as the bench keeps it. */
export interface PickupReplyAnswer {
  remoteId: number | null;
  status: number;
  numOrm: string;
  error: string;
  note: string;
}

export type RemotePickup =
  | { kind: 'answer'; answer: PickupReplyAnswer }
  /** 400 or 404: the request itself was refused (a field, an id the remote does not know); asking again cannot help. */
  | { kind: 'refused'; status: number; error: string }
  /** No answer worth keeping now: offline, 5xx, the rate limit, a refused key, a 2xx that is not an answer. */
  | { kind: 'later'; error: string };

export interface RemoteClient {
  createShipment(body: Record<string, unknown>): Promise<RemoteOutcome<ShipmentRecord>>;
  getShipment(id: number): Promise<RemoteOutcome<ShipmentRecord>>;
  getShipmentByDdtAlpha(ddtAlpha: string, clientId?: number): Promise<RemoteOutcome<ShipmentRecord>>;
  amendShipment(id: number, fields: Record<string, unknown>): Promise<RemoteOutcome<PatchBody>>;
  deleteShipment(id: number): Promise<RemoteOutcome<{ error: string }>>;
  confirmByIds(ids: readonly number[], createManifest: boolean): Promise<RemoteOutcome<ConfirmResult>>;
  /** GET tracking?id=remoteId; `numSpedizione` (the courier's number) finds the shipment in an array answer too. */
  tracking(remoteId: number, numSpedizione?: string): Promise<RemoteTracking>;
  /** POST pickup: the courier's answer (a 200 may say "not booked"), or why there is none. */
  bookPickup(body: Record<string, unknown>): Promise<RemotePickup>;
  /** GET pickup?id=remoteId: the pickup as it stands. */
  pickup(remoteId: number): Promise<RemotePickup>;
  /** The hub's shared order queue (Orders, OrderToShipment). */
  queue: QueueRemote;
  close(): Promise<void>;
}

export { REAL_LIMITS, type RateLimits } from '../shared/api/rateLimits';

// The hub's shared order queue (aggregator-facts.md, "Orders", "Order To Shipment"), read by remoteQueue.ts.

/** An order at the hub, as far as a bench needs it: who it is for, its state and which bench claimed it. */
export interface QueueOrder {
  id: number;
  client_id: number;
  order_ref: string;
  /** 'waiting', 'shipped', 'cancelled' (our hub), or the remote's own word, kept as said. */
  status: string;
  /** The shipment it became, when the hub says (0: none). */
  shipment_id: number;
  /** The bench (OrderToShipment's `platform`) that claimed it ('' none said). */
  platform: string;
  /** The order's own fields (name, address, zip, ..., rows), as the hub wrote them. */
  fields: Record<string, unknown>;
}

export interface QueuePage {
  orders: QueueOrder[];
  totPages: number;
}

/** What a claim came to. */
export type ClaimAnswer =
  /** Made: the hub's shipment (its id, when the answer names it) with the labels the answer carried. */
  | { kind: 'made'; shipmentId?: number; ddtAlpha?: string; labels: { zpl: string[]; pdf: string[]; jpg: string[] } }
  /** Refused: the hub's words, and the shipment and bench that took the order when it says so. */
  | { kind: 'refused'; error: string; shipmentId?: number; bench?: string }
  /** No usable answer (offline, 5xx, 403): the claim may or may not have been made. */
  | Exclude<RemoteOutcome<never>, { kind: 'ok' }>;

export interface QueueRemote {
  postOrder(body: Record<string, unknown>): Promise<RemoteOutcome<QueueOrder | undefined>>;
  /** PATCH Orders/{id}: changes the fields named (an order still waiting); the order as the hub now has it. */
  amendOrder(id: number, body: Record<string, unknown>): Promise<RemoteOutcome<QueueOrder | undefined>>;
  /** The client's orders with these references (each client's reference is unique), with their rows. */
  ordersByRef(clientId: number, refs: readonly string[]): Promise<RemoteOutcome<QueueOrder[]>>;
  /** One page of the waiting orders (of all the key's clients), oldest first, without their rows. */
  waiting(page: number, perPage: number): Promise<RemoteOutcome<QueuePage>>;
  claim(body: {
    client_id: number;
    order_ref: string;
    packages: number;
    weight: number;
    platform: string;
    labelType?: 'ZPL' | 'PDF';
  }): Promise<ClaimAnswer>;
}
