// The pickup a courier books for a shipment that gives a pickup window (date_req_ritiro), where the courier books
// pickups: one pickup per account, courier and day (the driver comes once for all of that day's parcels), numbered
// from the courier's own sequence. The record's numero_ritiro; empty where no pickup was booked. POST pickup
// (pickups/service.ts) takes its number from the same place, so both name the same pickup.
import type { CourierDefinition, ShipmentInput } from '../couriers/types';
import type { ShipmentRepo } from './repo';

type CounterRepo = Pick<ShipmentRepo, 'counterValue' | 'nextCounter' | 'setCounter'>;

/** The number of the account's pickup with the courier on a day (`YYYY-MM-DD`): taken once, then the same. */
export function pickupNumber(repo: CounterRepo, userId: number, courierId: number, day: string): string {
  const booked = `pickup:${userId}:${courierId}:${day}`;
  let number = repo.counterValue(booked);
  if (number === 0) {
    number = repo.nextCounter(`pickups:${courierId}`);
    repo.setCounter(booked, number);
  }
  return `R${courierId}${day.replaceAll('-', '')}${String(number).padStart(4, '0')}`;
}

export function bookPickup(
  repo: CounterRepo,
  userId: number,
  courier: CourierDefinition,
  input: Pick<ShipmentInput, 'date_req_ritiro'>,
): string | undefined {
  const when = input.date_req_ritiro;
  if (!courier.capabilities.pickupBooking || !when || when.startsWith('0000')) return undefined;
  return pickupNumber(repo, userId, courier.id, when.slice(0, 10));
}
