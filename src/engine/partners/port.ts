// The partner events a standalone engine owes, as the partner worker (src/partners) and the bench see them: the port's
// types and its adapter over the partner repository and endpoint book.
import type { PartnerEndpoint } from '../../shared/domain/partnerEndpoint';
import type { Caller } from '../auth/users';
import type { EngineContext } from '../context';
import type { PartnerEndpointView, PartnerSave } from './book';
import type { PartnerAttemptRow } from './repo';
import type { PartnerLogEntry } from '../../shared/domain/partnerEndpoint';

/** One tracking event as the partner worker sends it. */
export interface PartnerDelivery {
  id: number;
  eventId: string;
  type: string;
  clientId: number;
  shipmentId: number;
  /** The exact bytes to send (and sign). */
  body: string;
  attempts: number;
  createdAt: number;
}

/** One event as the bench's delivery log shows it (its schema is shared, written once). */
export type { PartnerLogEntry };

/** The partner events owed, for the partner worker and the bench (present on a standalone engine). */
export interface PartnerPort {
  due(nowMs: number, limit: number): PartnerDelivery[];
  nextDueAt(): number | undefined;
  /** The client's endpoint as it is now (a new URL or secret applies to waiting events); undefined: none any more. */
  endpoint(clientId: number): PartnerEndpoint | undefined;
  /** Logs one attempt (what the receiver answered, or why there was no answer). */
  attempted(id: number, attempt: Omit<PartnerAttemptRow, 'id' | 'event_row'>): void;
  delivered(id: number): void;
  retryLater(id: number, atMs: number, error: string): void;
  /** Given up (too old, no endpoint): the events behind it for the same shipment wait with it for "send again". */
  failed(id: number, error: string): void;
  onQueued(listener: () => void): () => void;
  /** The caller's delivery log, newest first: one client's, or all its clients'. */
  log(caller: Caller, options?: { clientId?: number; limit?: number; beforeId?: number }): PartnerLogEntry[];
  /** Sends a given-up event again (with those of its shipment behind it); false when it is not the caller's. */
  resend(caller: Caller, id: number): boolean;
  counts(): { pending: number; delivered: number; failed: number };
  endpoints(caller: Caller): { clientId: number; endpoint: PartnerEndpointView | null }[];
  saveEndpoint(
    caller: Caller,
    clientId: number,
    raw: { url?: unknown; secret?: unknown } | null,
  ): PartnerSave | { ok: false; notOwned: true };
}

export function partnerPort(ctx: EngineContext, onQueued: (listener: () => void) => () => void): PartnerPort {
  const now = () => ctx.clock.now().getTime();
  const mine = (caller: Caller, id: number) => {
    const row = ctx.partners.byId(id);
    return row && row.user_id === caller.userId && ctx.auth.owns(caller, row.client_id) ? row : undefined;
  };
  return {
    due: (nowMs, limit) =>
      ctx.partners.due(nowMs, limit).map((r) => ({
        id: r.id,
        eventId: r.event_id,
        type: r.type,
        clientId: r.client_id,
        shipmentId: r.shipment_id,
        body: r.body,
        attempts: r.attempts,
        createdAt: r.created_at,
      })),
    nextDueAt: () => ctx.partners.nextDueAt(),
    endpoint(clientId) {
      const found = ctx.partnerBook.get(clientId);
      return found && { url: found.url, secret: found.secret };
    },
    attempted: (id, attempt) => ctx.partners.attempted({ ...attempt, event_row: id }),
    delivered: (id) => void ctx.partners.delivered(id, now()),
    retryLater: (id, atMs, error) => void ctx.partners.retry(id, atMs, error),
    failed: (id, error) => ctx.partners.failed(id, error),
    onQueued,
    log(caller, options = {}) {
      const clients = options.clientId === undefined ? caller.clientIds : [options.clientId];
      const owned = clients.filter((clientId) => ctx.auth.owns(caller, clientId));
      return ctx.partners
        .ofClients(owned, Math.min(options.limit ?? 100, 500), options.beforeId)
        .filter((r) => r.user_id === caller.userId)
        .map((r) => ({
          id: r.id,
          eventId: r.event_id,
          type: r.type,
          clientId: r.client_id,
          shipmentId: r.shipment_id,
          orderId: r.order_id,
          state: r.state,
          error: r.last_error,
          createdAt: r.created_at,
          deliveredAt: r.delivered_at,
          attempts: ctx.partners
            .attemptsOf(r.id)
            .map((a) => ({ at: a.at, status: a.status, durationMs: a.duration_ms, answer: a.answer })),
        }));
    },
    resend(caller, id) {
      if (!mine(caller, id)) return false;
      const done = ctx.partners.resend(id);
      if (done) ctx.queued(['partner']);
      return done;
    },
    counts() {
      const c = ctx.partners.counts();
      return { pending: c.pending ?? 0, delivered: c.delivered ?? 0, failed: c.failed ?? 0 };
    },
    endpoints: (caller) =>
      caller.clientIds.map((clientId) => ({ clientId, endpoint: ctx.partnerBook.view(clientId) ?? null })),
    saveEndpoint: (caller, clientId, raw) =>
      ctx.auth.owns(caller, clientId) ? ctx.partnerBook.save(clientId, raw) : { ok: false, notOwned: true },
  };
}
