// A shipment as it is stored, whatever made it: its parcels, the label formats it gets, and its spec record read back
// from the row, the parcels and the labels. Both modes (a local courier, or the outbox) store shipments through here.
import { measuredVolume, type CreateShipmentRequest, type ParcelInput } from '../../shared/api/shipmentRequest';
import type { ShipmentRecord } from '../../shared/api/shipmentRecord';
import type { CourierDefinition } from '../couriers/types';
import type { LabelFormat } from '../labels/types';
import type { OrderRepo } from '../orders/repo';
import type { BenchExtras } from './flow';
import { buildRecord } from './record';
import type { ParcelRow, ShipmentRepo, ShipmentRow } from './repo';

/** What the bench is told when the order it scanned ships already (another bench, a second scan). */
export const ORDER_NOT_WAITING = 'Ordine già spedito o non più in attesa';

/** Thrown inside the creating transaction, so the shipment is not stored: its order ships already. */
export class OrderNotWaiting extends Error {
  constructor() {
    super(ORDER_NOT_WAITING);
  }
}

/**
 * Inside the transaction that stores the shipment, once its row exists: links the order it ships (so the order's
 * state is this shipment's from the same commit on) and keeps the scale readings of its parcels and its packing proof.
 */
export function storeBenchExtras(
  store: { shipments: ShipmentRepo; orders: OrderRepo },
  userId: number,
  shipmentId: number,
  extras: BenchExtras | undefined,
): void {
  if (extras?.orderId !== undefined && !store.orders.link(userId, extras.orderId, shipmentId))
    throw new OrderNotWaiting();
  extras?.inTransaction?.(shipmentId);
  for (const weighing of extras?.weighings ?? []) store.shipments.insertWeighing(shipmentId, weighing);
  if (extras?.packing) store.shipments.insertPackingProof(shipmentId, extras.packing);
}

/**
 * Per-parcel data: as sent in daticolli; a parcel with its three sizes and no volume has length × width × height (cm
 * → m³); otherwise weight and volume are split evenly (the last parcel takes the rest).
 */
export function parcelsOf(input: CreateShipmentRequest): Omit<ParcelRow, 'barcode'>[] {
  const round = (n: number) => Math.round(n * 1000) / 1000;
  const measured = (p: ParcelInput | undefined) => (p ? measuredVolume(p) : undefined);
  return Array.from({ length: input.colli }, (_, i) => {
    const given = input.daticolli?.[i];
    const last = i === input.colli - 1;
    const even = (total: number) =>
      last ? round(total - round(total / input.colli) * (input.colli - 1)) : round(total / input.colli);
    return {
      n_collo: i + 1,
      peso: given?.peso ?? even(input.peso),
      volume: given?.volume ?? measured(given) ?? even(input.volume),
      larghezza: given?.larghezza ?? 0,
      lunghezza: given?.lunghezza ?? 0,
      altezza: given?.altezza ?? 0,
    };
  });
}

/** labelType ZPL → ZPL; PDF → the PDF family (PDF and JPG); omitted → all three, less what the courier cannot make. */
export function labelFormatsFor(input: CreateShipmentRequest, courier?: CourierDefinition): LabelFormat[] {
  const wanted: LabelFormat[] =
    input.labelType === 'ZPL' ? ['ZPL'] : input.labelType === 'PDF' ? ['PDF', 'JPG'] : ['ZPL', 'PDF', 'JPG'];
  return courier ? wanted.filter((f) => courier.labelFormats.includes(f)) : wanted;
}

/** The spec's record of a stored shipment (the row read again unless given). */
export function readRecord(store: { shipments: ShipmentRepo }, id: number, row?: ShipmentRow): ShipmentRecord {
  const found = row ?? store.shipments.byIdUnscoped(id);
  if (!found) throw new Error(`shipment ${id} vanished`);
  return buildRecord(found, store.shipments.parcels(id), store.shipments.labels(id), store.shipments.documents(id));
}

/** Whether the shipment's waybill and labels are made here (a local courier), not by a remote it was sent to. */
export function madeHere(row: ShipmentRow): boolean {
  return row.sync_state === 'none';
}
