// A local courier's waybill for a shipment about to be stored: its parcel numbers, its sequence number and the pickup
// it books, taken inside the creating transaction before the shipment's row is written, so the row is written once,
// waybill included (each update of its searched columns would write its search text again).
import type { CreateShipmentRequest } from '../../shared/api/shipmentRequest';
import type { CourierDefinition, CourierService, Waybill } from '../couriers/types';
import { bookPickup } from './pickup';
import type { ShipmentRepo } from './repo';

type CounterRepo = Pick<ShipmentRepo, 'counterValue' | 'nextCounter' | 'setCounter'>;

/** A waybill made, with the stored data it completes; or why none could be (the shipment is stored as failed). */
export type WaybillMade = { waybill: Waybill; fields: Record<string, string | number> } | { refused: string };

/**
 * Couriers that pre-assign the sender a range of parcel numbers: takes the next `colli` numbers of the range, or
 * says why not (the range is used up: the sender must ask the courier for a new one). Runs inside the creating
 * transaction, so two shipments never get the same numbers and a refused shipment takes none.
 */
function reserveParcelNumbers(
  repo: CounterRepo,
  courier: CourierDefinition,
  colli: number,
): { from: number; to: number } | undefined | string {
  const range = courier.capabilities.parcelNumberRange;
  if (!range) return undefined;
  const name = `parcel-range:${courier.id}:${range.from}-${range.to}`;
  const from = Math.max(repo.counterValue(name), range.from - 1) + 1;
  const to = from + colli - 1;
  if (to > range.to) {
    const left = Math.max(0, range.to - from + 1);
    return (
      `Intervallo di segnacolli ${range.from}-${range.to} di ${courier.name} esaurito ` +
      `(disponibili ${left}, servono ${colli}): richiedere un nuovo intervallo al corriere`
    );
  }
  repo.setCounter(name, to);
  return { from, to };
}

/** Inside the creating transaction: the chosen courier's waybill for `input`, and the pickup it booked. */
export function makeWaybill(
  repo: CounterRepo,
  userId: number,
  chosen: { courier: CourierDefinition; service: CourierService },
  input: CreateShipmentRequest,
): WaybillMade {
  const { courier, service } = chosen;
  const parcelNumbers = reserveParcelNumbers(repo, courier, input.colli);
  if (typeof parcelNumbers === 'string') return { refused: parcelNumbers };
  const sequence = repo.nextCounter(`waybill:${courier.id}`);
  const waybill = courier.waybill({ sequence, service, parcelNumbers }, input, courier);
  const pickup = bookPickup(repo, userId, courier, input);
  return { waybill, fields: { ...waybill.fields, ...(pickup ? { numero_ritiro: pickup } : {}) } };
}
