// How a station works: standalone (its own couriers make waybills and labels) or connected (a remote service with the
// same API makes them). One schema for the views, commands, events and the station's own options.
import { z } from 'zod';

export const StationModeSchema = z.enum(['standalone', 'connected']);
export type StationMode = z.infer<typeof StationModeSchema>;
