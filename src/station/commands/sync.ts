// The sync state the bench shows: the outbox worker's status, or a quiet one when there is no remote, and a blocked
// connection shown as paused with its reason.
import { ok } from '../../shared/ipc/result';
import type { Handlers } from './context';

export const syncHandlers: Handlers<'sync.status'> = {
  'sync.status'({ station }) {
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
    return ok({
      mode: station.mode,
      ...status,
      ...(station.syncBlocked
        ? { paused: true, lastError: station.syncBlocked, lastErrorCode: '' as const, lastErrorCause: '' }
        : {}),
    });
  },
};
