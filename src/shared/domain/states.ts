// The state vocabularies every layer speaks, each defined once: a shipment's sync state, a printer's state and a
// print job's state (the engine stores them, the station sends them, the renderer shows them).
import { z } from 'zod';

/**
 * none: standalone; pending: waiting for the remote; synced; attention: the remote refused (parked); gone: deleted on
 * the remote by someone else (kept, shown so, never resurrected).
 */
export const SyncStateSchema = z.enum(['none', 'pending', 'synced', 'attention', 'gone']);
export type SyncState = z.infer<typeof SyncStateSchema>;

/** ready: can print; problem: reachable but must not print now; unreachable; unknown: it cannot tell (not broken). */
export const PrinterStateSchema = z.enum(['ready', 'problem', 'unreachable', 'unknown']);
export type PrinterState = z.infer<typeof PrinterStateSchema>;

export const PrintJobStateSchema = z.enum(['pending', 'sending', 'printed', 'held', 'failed', 'cancelled']);
export type PrintJobState = z.infer<typeof PrintJobStateSchema>;
