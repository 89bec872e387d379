// GET tracking as the real aggregator answers it: a shipment named by its id, its `ddt_num` or its `ddt_alpha` (one
// is required), the latest state of each of the caller's shipments it names (several when the reference is not
// unique). A built-in courier's parcel lives its demo life from the confirmation (demoLife.ts) on the engine's clock;
// one not confirmed yet is waiting for the driver. A shipment the courier refused has no parcel to follow.
import { trackingState, type TrackingState } from '../../shared/domain/tracking';
import type { Caller } from '../auth/users';
import type { EngineContext } from '../context';
import { formatDateTime, parseDateTime } from '../ports';
import type { ShipmentRow } from '../shipments/repo';
import { demoLife } from './demoLife';

/** The reference as the request gives it: the first of `id`, `ddt_num`, `ddt_alpha` present. */
export interface TrackingReference {
  id?: number;
  ddt_num?: number;
  ddt_alpha?: string;
}

/** One shipment's latest state, with the aggregator's field names. */
export interface TrackingRecord {
  status_code: number;
  status: string;
  /** When it was delivered ("YYYY-MM-DD HH:MM:SS"), '' until then. */
  delivery_date: string;
  fid_partenza: string;
  num_serie: string;
  num_spedizione: string;
  corriere_id: number;
  corriere: string;
  ddt_num: number;
  ddt_alpha: string;
  client_id: number;
  tracking_link: string;
  id_gsped: number;
}

export type TrackingOutcome =
  { kind: 'no_reference' } | { kind: 'not_found' } | { kind: 'found'; records: TrackingRecord[] };

function rowsOf(ctx: EngineContext, caller: Caller, ref: TrackingReference): ShipmentRow[] {
  if (ref.id !== undefined) {
    const row = ctx.shipments.byId(caller.userId, ref.id);
    return row ? [row] : [];
  }
  if (ref.ddt_num !== undefined) return ctx.shipments.byDdtNum(caller.userId, ref.ddt_num);
  if (ref.ddt_alpha !== undefined) return ctx.shipments.byDdtAlpha(caller.userId, ref.ddt_alpha);
  return [];
}

/** The parcel's latest state now, and when it was delivered. */
function latestOf(row: ShipmentRow, nowMs: number): { state: TrackingState; deliveredMs?: number } {
  const confirmedMs = row.confirmed_at ? parseDateTime(row.confirmed_at) : Number.NaN;
  if (row.confermato !== 1 || Number.isNaN(confirmedMs)) return { state: trackingState(0) };
  const life = demoLife(row.num_spedizione, confirmedMs, nowMs);
  const last = life.at(-1);
  if (!last) return { state: trackingState(1) };
  return last.state.kind === 'delivered' ? { state: last.state, deliveredMs: last.atMs } : { state: last.state };
}

export function trackShipments(ctx: EngineContext, caller: Caller, ref: TrackingReference): TrackingOutcome {
  if (ref.id === undefined && ref.ddt_num === undefined && (ref.ddt_alpha ?? '') === '')
    return { kind: 'no_reference' };
  const rows = rowsOf(ctx, caller, ref).filter((row) => row.num_spedizione !== '');
  if (rows.length === 0) return { kind: 'not_found' };
  const nowMs = ctx.clock.now().getTime();
  const records = rows.map((row): TrackingRecord => {
    const { state, deliveredMs } = latestOf(row, nowMs);
    return {
      status_code: state.code,
      status: state.words,
      delivery_date: deliveredMs === undefined ? '' : formatDateTime(new Date(deliveredMs)),
      fid_partenza: '',
      num_serie: '',
      num_spedizione: row.num_spedizione,
      corriere_id: row.corriere,
      corriere: ctx.couriers.get(row.corriere)?.name ?? '',
      ddt_num: row.ddt_num,
      ddt_alpha: row.ddt_alpha,
      client_id: row.client_id,
      tracking_link: row.tracking_link,
      id_gsped: row.id,
    };
  });
  return { kind: 'found', records };
}
