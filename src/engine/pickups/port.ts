// The engine's pickups: the service's side (POST and GET pickup, the demo couriers booking or refusing) and the
// bench's (what it asked for and where each stands), over one connection.
import type { EngineContext } from '../context';
import { benchPickupsPort, type BenchPickupsPort } from './bench';
import { pickupService, type PickupService } from './service';

export type { BenchPickup, BenchPickupsPort, DayParcels, PickupAnswered, PickupAsk } from './bench';
export type { PickupBookOutcome } from './service';

export interface PickupsPort extends PickupService {
  bench: BenchPickupsPort;
}

export function pickupsPort(ctx: EngineContext): PickupsPort {
  return { ...pickupService(ctx), bench: benchPickupsPort(ctx.db) };
}
