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
/**
 * Why a printer is in its state, for the screens to say in the operator's language (the Italian message stays for the
 * log and for what no code names, such as a print queue's own words): its flags (Zebra ~HS, ESC/POS), or that it could
 * not be reached, did not answer, or never tells (jobs go to it unchecked).
 */
export const PrinterReasonSchema = z.enum([
  'headOpen',
  'paperOut',
  'ribbonOut',
  'paused',
  'bufferFull',
  'unreachable',
  'noAnswer',
  'undeclared',
  /** The settings check found no printer answering ~HS at the address (closed, silent or no such host alike). */
  'noPrinter',
]);
export type PrinterReason = z.infer<typeof PrinterReasonSchema>;

export const PrintJobStateSchema = z.enum(['pending', 'sending', 'printed', 'held', 'failed', 'cancelled']);
export type PrintJobState = z.infer<typeof PrintJobStateSchema>;

/**
 * What a shipment's `status` code (a float) means, as the real aggregator documents it (aggregator-facts.md):
 * 0 created; 0.5 still being processed (no labels yet: ask again later, never a failure); 0.6 refused by the courier
 * (reason in `error`); -1, 0.2 and 0.3 states before labels (requested, deferred departure, to be authorised); 1.0 and
 * up later states of a good shipment (sent, received, collected, ...), shown as its progress, never as an error.
 */
export type RemoteStatusMeaning = 'created' | 'processing' | 'refused' | 'before_labels' | 'progress';

export const REMOTE_STATUS = { created: 0, processing: 0.5, refused: 0.6 } as const;

export function remoteStatusMeaning(status: number): RemoteStatusMeaning {
  // Compared to the tenth: a float from another system may come back as 0.60000001 or as the string "0.6".
  const code = Math.round(Number(status) * 10) / 10;
  if (code === REMOTE_STATUS.created) return 'created';
  if (code === REMOTE_STATUS.refused) return 'refused';
  if (code >= 1) return 'progress';
  if (code === -1 || code === 0.2 || code === 0.3) return 'before_labels';
  // 0.5, and any other code below 1.0 the documentation does not name: the remote is still at it.
  return 'processing';
}

/** A good shipment: created, or in a later state of its life at the courier. */
export const isGoodRemoteStatus = (status: number): boolean => {
  const meaning = remoteStatusMeaning(status);
  return meaning === 'created' || meaning === 'progress';
};
