// The courier contract (STYLE.md example 8): declared metadata plus pure functions. A refusal is data (the spec's
// status 0.6 with an Italian reason), never an exception.
import type { CreateShipmentRequest } from '../../shared/api/shipmentRequest';
import type { LabelFormat } from '../labels/types';

export type ShipmentInput = CreateShipmentRequest;

export interface CourierService {
  id: number;
  name: string;
  /** ISO country codes this service delivers to. */
  destinations: readonly string[];
  maxParcels: number;
  maxWeightKg: number;
}

export interface CourierCapabilities {
  cashOnDelivery: boolean;
  /** Countries where cash on delivery is offered (when cashOnDelivery). */
  cashOnDeliveryCountries: readonly string[];
  insurance: boolean;
  saturday: boolean;
  floorDelivery: boolean;
  phoneNotice: boolean;
  exchange: boolean;
  holdAtDepot: boolean;
}

export interface Waybill {
  numSpedizione: string;
  /** Shipment-level barcode. */
  barcode: string;
  /** One per parcel, in parcel order; printed on each label and stored in daticolli. */
  parcelBarcodes: string[];
  trackingLink: string;
}

export type CourierCheck = { ok: true } | { ok: false; reason: string };

export interface CourierDefinition {
  id: number;
  code: string;
  name: string;
  services: readonly CourierService[];
  labelFormats: readonly LabelFormat[];
  /** Fields PATCH may change: never fields printed on the label, weights, parcels or the courier. */
  amendableFields: readonly string[];
  capabilities: CourierCapabilities;
  /** Longest value the courier's systems accept, per request field. */
  fieldLimits: Readonly<Record<string, number>>;
  /** Courier-specific checks beyond the common ones (destination, weight, limits, postal code, flags). */
  validate?(shipment: ShipmentInput, service: CourierService): CourierCheck;
  /** Builds the waybill from the courier's next sequence number. Pure. */
  waybill(sequence: number, shipment: ShipmentInput): Waybill;
  /** Depot/routing code printed large on the label. */
  routing(shipment: ShipmentInput): string;
}
