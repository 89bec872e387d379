// The one thing a standalone and a connected engine do differently: what happens to a shipment once it is stored.
// A standalone engine gives it to a local courier (waybill and labels made here, localCourier.ts); a connected one
// writes an outbox row and lets the remote make them (outbox/connected.ts). createEngine picks one; nothing else in
// the engine asks which mode it is in.
import type { ExclusionReason } from '../../shared/api/exclusionReasons';
import type { ConfirmRefusal } from '../../shared/api/confirm';
import type { FieldIssues } from '../../shared/api/fieldIssues';
import type { CreateShipmentRequest } from '../../shared/api/shipmentRequest';
import type { ShipmentRecord } from '../../shared/api/shipmentRecord';
import type { Weighing } from '../../shared/domain/weighings';
import type { PackingProof } from '../../shared/domain/packingProof';
import type { Caller } from '../auth/users';
import type { ShipmentRow } from './repo';
import type { RecordFiles } from './recordFiles';

export type CreateOutcome =
  | { kind: 'invalid'; error: string }
  /**
   * `files`, where the labels were just drawn here: the same record with its PDF and JPG as the bytes drawn, for a
   * host that writes the answer from them (`record` is then built only when read).
   */
  | { kind: 'created'; record: ShipmentRecord; files?: RecordFiles }
  /** Stored with its waybill, but its labels could not be stored (storage failure): finished later, same waybill. */
  | { kind: 'unfinished'; error: string; record: ShipmentRecord };

/**
 * What a shipment made at the bench carries besides the request, written in the transaction that stores it: the
 * order it ships (its state is read from this shipment from then on), the scale readings of its parcels and, where
 * its items were checked by scan, the packing proof.
 */
export interface BenchExtras {
  orderId?: number;
  /**
   * Run inside the creating transaction once the shipment's row exists (an order queue's claim): throwing rolls the
   * whole shipment back, so the shipment exists exactly when what this wrote does.
   */
  inTransaction?: (shipmentId: number) => void;
  weighings?: readonly Weighing[];
  packing?: PackingProof;
}

/**
 * Why a courier would refuse a request, before anything is stored: the API's words (`reason`), the request field
 * they concern and the words to show beside it (for the cheapest choice, the refusal that field's fix would lift).
 */
/**
 * How a shipment stored earlier came to rest: its labels made (here, or by the remote), refused by the remote's courier
 * (0.6), or held for a person (the remote refused the request itself).
 */
export type ShipmentSettlement = 'labels' | 'refused' | 'attention';

export interface CourierRefusal {
  reason: string;
  /** The same reason as data, which the screens say in the operator's language (absent: only the words). */
  exclusion?: ExclusionReason;
  field: string;
  fieldReason: string;
  /** By code, what to show at each field concerned (the screens translate it); else fieldReason at field. */
  issues?: FieldIssues;
}

export interface ShipmentFlow {
  /** Stores a checked request (owned client, courier and service both given or both 0) and starts what comes next. */
  create(caller: Caller, input: CreateShipmentRequest, extras?: BenchExtras): Promise<CreateOutcome>;
  /**
   * Why the request would be refused by its courier (status 0.6), asked before storing it; undefined when it would
   * not, or when this engine cannot tell (a connected one: the remote's couriers decide).
   */
  refusal(input: CreateShipmentRequest): CourierRefusal | undefined;
  /** Inside an amend's transaction, after the stored fields changed. */
  amended(row: ShipmentRow, fields: Record<string, unknown>): void;
  /** Inside a delete's transaction, before the row goes. */
  deleting(row: ShipmentRow): void;
  /** Why the shipment cannot be confirmed in this mode yet (beyond the spec's own rules), if it cannot. */
  confirmRefusal(row: ShipmentRow): ConfirmRefusal | undefined;
  /** Inside a confirmation's transaction, for each shipment it confirmed. */
  confirmed(row: ShipmentRow): void;
  /** After a committed change that the flow was told about (amend, delete, confirm, resubmit). */
  changed(): void;
  /** Finishes what a crash or a storage failure left half done; returns how many shipments it finished. */
  resume(): Promise<number>;
}
