// The pickup a courier books for a shipment that gives a pickup window (date_req_ritiro), where the courier books
// pickups: one pickup per account, courier and day (the driver comes once for all of that day's parcels), numbered
// from the courier's own sequence. The record's numero_ritiro; empty where no pickup was booked.
import type { CourierDefinition, ShipmentInput } from '../couriers/types';
import type { ShipmentRepo } from './repo';

export function bookPickup(
  repo: Pick<ShipmentRepo, 'counterValue' | 'nextCounter' | 'setCounter'>,
  userId: number,
  courier: CourierDefinition,
  input: Pick<ShipmentInput, 'date_req_ritiro'>,
): string | undefined {
  const when = input.date_req_ritiro;
  if (!courier.capabilities.pickupBooking || !when || when.startsWith('0000')) return undefined;
  const day = when.slice(0, 10);
  const booked = `pickup:${userId}:${courier.id}:${day}`;
  let number = repo.counterValue(booked);
  if (number === 0) {
    number = repo.nextCounter(`pickups:${courier.id}`);
    repo.setCounter(booked, number);
  }
  return `R${courier.id}${day.replaceAll('-', '')}${String(number).padStart(4, '0')}`;
}
