// Every event the station pushes to the renderer, in one list: the status bar and the lists refresh from these.
import { z } from 'zod';
import { ATTENTION_EVENTS } from './attentionCommands';
import { ORDER_EVENTS } from './orderCommands';
import { BATCH_EVENTS } from './batchCommands';
import { SCALE_EVENTS } from './scaleCommands';
import { PICKUP_EVENTS } from './pickupCommands';
import { CustomsPapersSchema } from '../domain/customsPapers';
import { PrintJobStateSchema } from '../domain/states';
import { PrinterStatusViewSchema, SyncStatusViewSchema } from './views';
import { StationModeSchema } from '../domain/stationMode';

export const EVENTS = {
  'sync.changed': SyncStatusViewSchema,
  'printers.changed': z.object({ printerId: z.string(), status: PrinterStatusViewSchema }),
  'jobs.changed': z.object({
    jobId: z.number().int(),
    state: PrintJobStateSchema,
    reason: z.string(),
    shipmentId: z.number().int().optional(),
  }),
  'batch.progress': z.object({
    batchId: z.string(),
    total: z.number().int(),
    printed: z.number().int(),
    failed: z.number().int(),
    waiting: z.number().int(),
  }),
  'shipments.changed': z.object({ ids: z.array(z.number().int()) }),
  /** A shipment's customs papers went to the A4 printer, printed, or did not (and why). */
  'papers.changed': z.object({ shipmentId: z.number().int(), papers: CustomsPapersSchema }),
  /** The station restarted on another connection: everything on screen must be read again. */
  'station.changed': z.object({ mode: StationModeSchema }),
  ...ORDER_EVENTS,
  ...BATCH_EVENTS,
  ...SCALE_EVENTS,
  ...ATTENTION_EVENTS,
  ...PICKUP_EVENTS,
} as const;

export type EventName = keyof typeof EVENTS;
export type EventPayload<N extends EventName> = z.infer<(typeof EVENTS)[N]>;
export interface StationEvent<N extends EventName = EventName> {
  name: N;
  payload: EventPayload<N>;
}
