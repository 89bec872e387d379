// Labels owed to the bench's printer that the station's memory must not be trusted with: a shipment's labels made
// (here, or by the remote) but never queued on any printer (a kill -9 between their commit and the queue), and labels
// a person asked to print once they exist (kept until queued). The station reads both at start.
import type { Caller } from '../auth/users';
import type { EngineContext } from '../context';
import { formatDateTime } from '../ports';

export interface LabelPrintsPort {
  /**
   * The caller's good shipments created at or after `sinceMs` whose labels exist and of which no label was ever
   * queued on any printer (not printed, not cancelled, nothing), oldest first.
   */
  neverQueued(caller: Caller, sinceMs: number): number[];
  /** Keeps the ask to print a shipment's labels once they exist; false when the shipment is not the caller's. */
  ask(caller: Caller, shipmentId: number): boolean;
  /** The shipments whose print was asked and not yet queued, oldest ask first. */
  asked(caller: Caller): number[];
  isAsked(caller: Caller, shipmentId: number): boolean;
  /** The ask is met: its labels are queued. */
  done(caller: Caller, shipmentId: number): void;
}

const SCOPE = 's.client_id IN (SELECT client_id FROM clients WHERE user_id = @userId)';

export const LABEL_PRINT_READS = {
  /**
   * Created in the window and good, with labels stored, and no label job of any printer naming it (the batch's
   * combined ZPL job names none: the station leaves a batch's shipments to the batch). Read at every start: the
   * window is found through shipments_by_client_created, not by walking every shipment the bench ever made.
   */
  neverQueued: `SELECT s.id FROM shipments s WHERE s.created_at >= @since AND s.state = 'ok' AND ${SCOPE}
      AND EXISTS (SELECT 1 FROM labels l WHERE l.shipment_id = s.id)
      AND NOT EXISTS (SELECT 1 FROM print_jobs j WHERE j.shipment_id = s.id AND j.kind = 'label')
    ORDER BY s.id`,
};

export function labelPrintsPort(ctx: EngineContext): LabelPrintsPort {
  const s = {
    neverQueued: ctx.db.prepare<{ userId: number; since: string }, { id: number }>(LABEL_PRINT_READS.neverQueued),
    ask: ctx.db.prepare<{ id: number; at: number }>(
      'INSERT OR IGNORE INTO label_prints_asked (shipment_id, asked_at) VALUES (@id, @at)',
    ),
    asked: ctx.db.prepare<{ userId: number }, { id: number }>(
      `SELECT a.shipment_id AS id FROM label_prints_asked a JOIN shipments s ON s.id = a.shipment_id WHERE ${SCOPE}
       ORDER BY a.asked_at, a.shipment_id`,
    ),
    isAsked: ctx.db.prepare<{ userId: number; id: number }, { n: number }>(
      `SELECT 1 AS n FROM label_prints_asked a JOIN shipments s ON s.id = a.shipment_id
       WHERE a.shipment_id = @id AND ${SCOPE}`,
    ),
    done: ctx.db.prepare<{ userId: number; id: number }>(
      `DELETE FROM label_prints_asked WHERE shipment_id = @id
         AND shipment_id IN (SELECT s.id FROM shipments s WHERE s.id = @id AND ${SCOPE})`,
    ),
  };
  return {
    neverQueued(caller, sinceMs) {
      // created_at keeps whole seconds: one made in the second of `sinceMs` may be from before it, so it is left.
      const since = formatDateTime(new Date(Math.ceil(sinceMs / 1000) * 1000));
      return s.neverQueued.all({ userId: caller.userId, since }).map((row) => row.id);
    },
    ask(caller, shipmentId) {
      if (!ctx.shipments.byId(caller.userId, shipmentId)) return false;
      s.ask.run({ id: shipmentId, at: ctx.clock.now().getTime() });
      return true;
    },
    asked: (caller) => s.asked.all({ userId: caller.userId }).map((row) => row.id),
    isAsked: (caller, shipmentId) => s.isAsked.get({ userId: caller.userId, id: shipmentId }) !== undefined,
    done: (caller, shipmentId) => void s.done.run({ userId: caller.userId, id: shipmentId }),
  };
}
