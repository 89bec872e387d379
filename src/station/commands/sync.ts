// The sync state the bench shows: the outbox worker's status, or a quiet one when there is no remote, and a blocked
// connection shown as paused with its reason.
import type { SyncStatusView } from '../../shared/ipc/views';
import { ok } from '../../shared/ipc/result';
import type { Station } from '../index';
import type { Handlers } from './context';

export function syncStatusOf(station: Station): SyncStatusView {
  const status = station.sync?.status() ?? {
    online: true,
    paused: false,
    rateLimitedUntil: 0,
    keyMaybeRevoked: false,
    pending: 0,
    parked: 0,
    refused: 0,
    oldestPendingAgeMs: 0,
    lastError: '',
    lastErrorCode: '' as const,
    lastErrorCause: '',
  };
  return {
    mode: station.mode,
    ...status,
    ...(station.syncBlocked
      ? { paused: true, lastError: station.syncBlocked, lastErrorCode: '' as const, lastErrorCause: '' }
      : {}),
  };
}

export const syncHandlers: Handlers<'sync.status'> = {
  'sync.status'({ station }) {
    return ok(syncStatusOf(station));
  },
};
