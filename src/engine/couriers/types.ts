// The courier contract (STYLE.md example 8): declared metadata (resources/couriers/*.json, validated by data.ts)
// plus a driver of pure functions for what differs in behaviour. A refusal is data (the spec's status 0.6 with an
// Italian reason), never an exception.
import type { FieldIssues } from '../../shared/api/fieldIssues';
import type { ExclusionCode, ExclusionParams } from '../../shared/api/exclusionReasons';
import type { CreateShipmentRequest } from '../../shared/api/shipmentRequest';
import type { LabelFormat } from '../labels/types';
import type { CodType } from '../../shared/domain/cashOnDelivery';
import type { CourierField } from '../../shared/domain/courierCatalog';

export type ShipmentInput = Omit<CreateShipmentRequest, 'daticolli' | 'labelType' | 'trade_documents'> &
  Partial<Pick<CreateShipmentRequest, 'daticolli' | 'labelType' | 'trade_documents'>>;

export interface CourierService {
  id: number;
  name: string;
  /** ISO country codes this service delivers to. */
  destinations: readonly string[];
  /** When set, Italian destinations are limited to these provinces (e.g. a same-day city service). */
  provinces?: readonly string[];
  maxParcels: number;
  maxWeightKg: number;
  maxParcelWeightKg: number;
  /** A return service: return shipments (flag_reso 1) only; absent for every other service. */
  forReturns?: boolean;
}

export interface CourierCapabilities {
  /** Cash on delivery: where, up to how much, with which collection types (tipo_incasso). */
  cashOnDelivery: { countries: readonly string[]; max: number; paymentTypes: readonly CodType[] } | null;
  insurance: { max: number } | null;
  saturday: boolean;
  floorDelivery: boolean;
  phoneNotice: boolean;
  exchange: boolean;
  holdAtDepot: boolean;
  /** Delivery to a pickup point / access point instead of the address. */
  pickupPoints: boolean;
  /** Parcel numbers come from a range the courier pre-assigned to the sender (no network needed). */
  parcelNumberRange: { from: number; to: number } | null;
  /** Return shipments (flag_reso). */
  returns: boolean;
  /** Recipient pays the carriage (chi_paga 1, "porto assegnato"). */
  recipientPays: boolean;
  /** Documents shipments (documenti 1) without customs value. */
  documents: boolean;
  /** Accepted addebito_dogana values: 0 recipient pays duties (DAP), 1 sender (DDP), 2 third party. */
  customsDuties: readonly number[];
  /** Books pickups: a shipment with a pickup window gets the pickup's number (numero_ritiro). */
  pickupBooking: boolean;
  /** The postal customs declaration it takes beside the invoice, drawn with the same lines; null: none. */
  customsForm: 'CN23' | null;
}

export interface Waybill {
  numSpedizione: string;
  /** Shipment-level barcode. */
  barcode: string;
  /** One per parcel, in parcel order; printed on each label and stored in daticolli. */
  parcelBarcodes: string[];
  trackingLink: string;
  /** Courier-specific record fields the waybill sets (e.g. carrier6_tracking_code). */
  fields: Record<string, string | number>;
}

/** A refusal says why (the API's words, unchanged) and, when it concerns one, which request field. */
export type CourierCheck =
  | { ok: true }
  /**
   * `reason`: the API's Italian words; `code` and `params`: the same reason as data, which the screens translate.
   * `issues`: what to show at each field concerned, by code (the screens translate it); else the reason at `field`.
   */
  | { ok: false; reason: string; code: ExclusionCode; params?: ExclusionParams; field?: string; issues?: FieldIssues };

/** What the engine hands a driver when it asks for a waybill: the courier's next sequence number and, for couriers
 * with a pre-assigned range, the parcel numbers reserved for this shipment. */
export interface WaybillContext {
  sequence: number;
  /** The service the shipment travels with (chosen by price when the request said 0 + 0). */
  service: CourierService;
  parcelNumbers?: { from: number; to: number };
}

/** Behaviour that differs between couriers; pure functions of the shipment and the courier's declared data. */
export interface CourierDriver {
  /** Courier-specific checks beyond the common ones (check.ts). */
  validate?(shipment: ShipmentInput, service: CourierService, courier: CourierDefinition): CourierCheck;
  waybill(context: WaybillContext, shipment: ShipmentInput, courier: CourierDefinition): Waybill;
  /** Depot/routing code printed large on the label. */
  routing(shipment: ShipmentInput): string;
  /** Courier-specific lines printed on the label, from the stored shipment (request and waybill fields). */
  labelLines?(shipment: Record<string, unknown>): { label: string; value: string }[];
}

export interface CourierDefinition extends CourierDriver {
  id: number;
  code: string;
  name: string;
  services: readonly CourierService[];
  labelFormats: readonly LabelFormat[];
  /** Courier-specific request fields the courier reads (the form offers these when it is chosen). */
  requestFields: readonly CourierField[];
  /** Fields PATCH may change: never fields printed on the label, weights, parcels or the courier. */
  amendableFields: readonly string[];
  capabilities: CourierCapabilities;
  /** Longest value the courier's systems accept, per request field. */
  fieldLimits: Readonly<Record<string, number>>;
  /** Tracking link pattern; `{num}` is replaced by the waybill number. */
  trackingUrl: string;
  /** Driver-specific settings (declared in the courier's data file). */
  options: Readonly<Record<string, unknown>>;
}
