// What the sync worker needs from the remote service: one call per spec endpoint it uses, each answering a
// classified outcome instead of throwing, so the worker's retry/park/pause rules read as a table.
import type { ConfirmResult } from '../shared/api/confirm';
import type { PatchBody } from '../shared/api/bodies';
import type { ShipmentRecord } from '../shared/api/shipmentRecord';

export type RemoteOutcome<T> =
  /** 2xx with a body that parsed with the shared schema. */
  | { kind: 'ok'; status: number; body: T }
  /** A definitive refusal the remote explained (400, 404, 413): retrying the same request cannot help. */
  | { kind: 'rejected'; status: number; error: string }
  /** 403: the key is invalid (sync must pause and tell the operator), or the remote's rate limit was hit (back off). */
  | { kind: 'forbidden'; reason: 'invalid_key' | 'rate_limited'; error: string }
  /**
   * No usable answer: connection refused or reset, timeout, 5xx, unparseable body. `sent` is true when the request
   * may have reached the remote (so a create must be looked up by ddt_alpha before being sent again).
   */
  | { kind: 'unknown'; sent: boolean; error: string };

export interface RemoteClient {
  createShipment(body: Record<string, unknown>): Promise<RemoteOutcome<ShipmentRecord>>;
  getShipment(id: number): Promise<RemoteOutcome<ShipmentRecord>>;
  getShipmentByDdtAlpha(ddtAlpha: string, clientId?: number): Promise<RemoteOutcome<ShipmentRecord>>;
  amendShipment(id: number, fields: Record<string, unknown>): Promise<RemoteOutcome<PatchBody>>;
  deleteShipment(id: number): Promise<RemoteOutcome<{ error: string }>>;
  confirmByIds(ids: readonly number[], createManifest: boolean): Promise<RemoteOutcome<ConfirmResult>>;
  close(): Promise<void>;
}

export { REAL_LIMITS, type RateLimits } from '../shared/api/rateLimits';
