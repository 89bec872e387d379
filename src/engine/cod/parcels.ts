// Each confirmed COD parcel of a user with its money state, derived from what the bench saw of the parcel (its latest
// state, when it first saw it delivered) and the payments recorded for it; and the report's figures over them.
import {
  COD_TERM_DAYS,
  inFigure,
  type CodFigureName,
  type CodFigures,
  type CodFilter,
  type CodParcel,
  type CodState,
} from '../../shared/domain/cod';
import type { Caller } from '../auth/users';
import type { CourierRegistry } from '../couriers/registry';
import type { Db } from '../db/open';
import { formatDateTime } from '../ports';

const DAY_MS = 24 * 60 * 60_000;
export const TERM_MS = COD_TERM_DAYS * DAY_MS;

/** The parcel's latest states that mean the money will not come: refused at the door, going or gone back. */
const NOT_COMING = new Set(['refused', 'returning', 'returned']);

/** A parcel as the engine keeps it while it works: with its shipment's day, for the periods. */
export type CodParcelRow = CodParcel & { createdDay: string };

interface Row {
  id: number;
  waybill: string;
  ddt_alpha: string;
  corriere: number;
  created_at: string;
  cod: number;
  rcpt: string | null;
  kind: string | null;
  words: string | null;
  delivered_at: number | null;
  paid: number;
}

/** The COD amount as the shipment's `data` holds it (euros, a number or a numeric text). */
const COD = "CAST(COALESCE(json_extract(s.data, '$.contrassegno'), 0) AS REAL)";

export interface CodParcelsRepo {
  /** The caller's confirmed COD parcels (of one courier if given), oldest first, each with its state at `nowMs`. */
  of(caller: Caller, courier: number | undefined, nowMs: number): CodParcelRow[];
}

export function codParcelsRepo(db: Db, couriers: CourierRegistry): CodParcelsRepo {
  const all = db.prepare<{ userId: number; courier: number | null }, Row>(
    `SELECT s.id, s.num_spedizione AS waybill, s.ddt_alpha, s.corriere, s.created_at, ${COD} AS cod,
       json_extract(s.data, '$.rcpt_name') AS rcpt, last.kind, last.words,
       (SELECT min(p.seen_at) FROM parcel_states p WHERE p.shipment_id = s.id AND p.kind = 'delivered') AS delivered_at,
       (SELECT COALESCE(sum(i.amount_cents), 0) FROM cod_payment_items i WHERE i.shipment_id = s.id) AS paid
     FROM shipments s
     LEFT JOIN parcel_states last ON last.id = (SELECT max(p.id) FROM parcel_states p WHERE p.shipment_id = s.id)
     WHERE s.user_id = @userId AND s.confermato = 1 AND s.num_spedizione <> '' AND ${COD} > 0
       AND (@courier IS NULL OR s.corriere = @courier)
     ORDER BY s.id`,
  );
  const nameOf = (id: number) => couriers.get(id)?.name ?? `Corriere ${id}`;
  return {
    of(caller, courier, nowMs) {
      return all.all({ userId: caller.userId, courier: courier ?? null }).map((row) => {
        const amountCents = Math.round(row.cod * 100);
        return {
          shipmentId: row.id,
          waybill: row.waybill,
          ddtAlpha: row.ddt_alpha,
          courier: row.corriere,
          courierName: nameOf(row.corriere),
          recipient: row.rcpt ?? '',
          amountCents,
          paidCents: row.paid,
          state: stateOf(row, amountCents, nowMs),
          deliveredAt: row.delivered_at,
          dueAt: row.delivered_at === null ? null : row.delivered_at + TERM_MS,
          words: row.words ?? '',
          createdDay: row.created_at.slice(0, 10),
        };
      });
    },
  };
}

/**
 * Paid in full wins; then the parcel's latest state: refused or going back is money that will not come; delivered
 * (seen once) is with the courier, owed once its term ran out; anything else is still to collect. A partial payment
 * leaves the parcel collected or owed, for the rest.
 */
function stateOf(row: Row, amountCents: number, nowMs: number): CodState {
  if (row.paid >= amountCents) return 'paid';
  if (row.kind !== null && NOT_COMING.has(row.kind)) return 'will_not_come';
  if (row.delivered_at === null) return 'to_collect';
  return nowMs > row.delivered_at + TERM_MS ? 'owed' : 'collected';
}

/** The local day (`YYYY-MM-DD`) a parcel counts in a period: its delivery's, else its shipment's. */
function dayOf(parcel: CodParcelRow): string {
  if (parcel.deliveredAt !== null) return formatDateTime(new Date(parcel.deliveredAt)).slice(0, 10);
  return parcel.createdDay;
}

export function inPeriod(parcel: CodParcelRow, filter: CodFilter): boolean {
  const day = dayOf(parcel);
  return (filter.from === undefined || day >= filter.from) && (filter.to === undefined || day <= filter.to);
}

const FIGURES: readonly CodFigureName[] = ['toCollect', 'collected', 'owed', 'paid', 'missing', 'willNotCome'];

/** The money a parcel stands for in a figure it is in. */
function centsIn(parcel: CodParcel, figure: CodFigureName): number {
  if (figure === 'paid') return parcel.paidCents;
  if (figure === 'owed' || figure === 'missing') return parcel.amountCents - parcel.paidCents;
  return parcel.amountCents;
}

export function figuresOf(parcels: readonly CodParcel[]): CodFigures {
  const blank = () => ({ count: 0, cents: 0 });
  const figures: CodFigures = {
    toCollect: blank(),
    collected: blank(),
    owed: blank(),
    paid: blank(),
    missing: blank(),
    willNotCome: blank(),
  };
  for (const parcel of parcels) {
    for (const name of FIGURES) {
      if (!inFigure(parcel, name)) continue;
      // The paid figure counts the parcels paid in full; its money includes the paid parts of partial payments.
      if (name !== 'paid' || parcel.state === 'paid') figures[name].count += 1;
      figures[name].cents += centsIn(parcel, name);
    }
  }
  return figures;
}
