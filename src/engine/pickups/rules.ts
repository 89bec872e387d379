// When a demo courier refuses a pickup, as data (the answer's status and Italian reason, never an exception): the
// courier or service unknown or not booking pickups, more than the service carries (status 0.6, the request's data);
// a day past, a Sunday, a public holiday, a closing time before the ready time, too short a window, a ready time
// already past today (status 10, a date or time the courier refuses). The bench's times are its local time.
import { PICKUP_MSG, type PickupRequest } from '../../shared/api/pickups';
import { PICKUP_STATUS } from '../../shared/domain/pickups';
import type { CourierDefinition } from '../couriers/types';
import { isItalianHoliday } from './holidays';

/** The shortest window between the goods being ready and the closing time a courier's driver can be sent in. */
export const PICKUP_MIN_WINDOW_HOURS = 2;

export interface PickupRefusal {
  status: number;
  error: string;
}

const pad = (n: number) => String(n).padStart(2, '0');
const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
/** `DD/MM/YYYY`, as the Italian texts write a day. */
const italianDay = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;

/** Why the courier would not book this pickup now, or undefined when it books it. */
export function pickupRefusal(
  request: PickupRequest,
  courier: CourierDefinition | undefined,
  now: Date,
): PickupRefusal | undefined {
  const data = (error: string) => ({ status: PICKUP_STATUS.refused, error });
  const time = (error: string) => ({ status: PICKUP_STATUS.refusedTime, error });
  if (!courier) return data(PICKUP_MSG.courierUnknown(request.corriere));
  const service = courier.services.find((s) => s.id === request.servizio);
  if (!service) return data(PICKUP_MSG.serviceUnknown(request.servizio));
  if (!courier.capabilities.pickupBooking) return data(PICKUP_MSG.noBooking(courier.name));
  if (request.colli > service.maxParcels) return data(PICKUP_MSG.tooMany('colli', service.maxParcels));
  if (request.peso > service.maxWeightKg) return data(PICKUP_MSG.tooMany('peso', service.maxWeightKg));

  const today = `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
  const day = request.date_req_ritiro;
  if (day < today) return time(PICKUP_MSG.dayPast(italianDay(day)));
  if (new Date(`${day}T12:00:00Z`).getUTCDay() === 0) return time(PICKUP_MSG.sunday(italianDay(day)));
  if (isItalianHoliday(day)) return time(PICKUP_MSG.holiday(italianDay(day)));
  const ready = request.opening_time.slice(0, 5);
  const closing = request.closing_time.slice(0, 5);
  if (minutesOf(closing) <= minutesOf(ready)) return time(PICKUP_MSG.closingBeforeReady(ready, closing));
  if (minutesOf(closing) - minutesOf(ready) < PICKUP_MIN_WINDOW_HOURS * 60)
    return time(PICKUP_MSG.windowShort(PICKUP_MIN_WINDOW_HOURS));
  const nowTime = `${pad(now.getHours())}:${pad(now.getMinutes())}`;
  if (day === today && minutesOf(ready) < minutesOf(nowTime)) return time(PICKUP_MSG.readyPast(ready, nowTime));
  return undefined;
}
