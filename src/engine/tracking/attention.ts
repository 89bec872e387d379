// "Da gestire": the caller's departed parcels a person must act on now (a state that asks for one, or no new state for
// the bench's N days), each with what the operator needs to act, and the actions recorded. An action answers the
// parcel's latest state: it closes the item until a new state is seen; a delivered or returned parcel is never listed.
import {
  ATTENTION_ACTIONS,
  ATTENTION_NOTE_MAX,
  TODOS_OF,
  URGENCY,
  type AttentionAction,
  type AttentionItem,
  type AttentionReason,
} from '../../shared/domain/attention';
import { ACTION_KINDS, heldDaysLeftSince, type TrackingKind } from '../../shared/domain/tracking';
import type { Caller } from '../auth/users';
import type { EngineContext } from '../context';
import { formatDateTime, parseDateTime } from '../ports';

const DAY_MS = 24 * 60 * 60_000;

/** An item as the engine knows it: the courier by id (the station names it from its catalog). */
export type AttentionFound = Omit<AttentionItem, 'courierName'>;

export type ActOutcome = { ok: true } | { ok: false; code: 'not_found' | 'refused' | 'invalid'; message: string };

export interface AttentionPort {
  /** The caller's parcels needing a person now, the most urgent first; `quietDays`: the bench's "no movement" days. */
  attention(caller: Caller, quietDays: number): AttentionFound[];
  /** Records what the operator did about one of them; refused with the reason, nothing kept, if it needs nothing. */
  act(caller: Caller, shipmentId: number, kind: string, note: string, quietDays: number): ActOutcome;
}

interface Row {
  id: number;
  waybill: string;
  corriere: number;
  tracking_link: string;
  confirmed_at: string | null;
  rcpt_name: unknown;
  rcpt_city: unknown;
  rcpt_phone: unknown;
  rcpt_email: unknown;
  cod: number;
  state_id: number | null;
  code: number | null;
  words: string | null;
  kind: string | null;
  seen_at: number | null;
  held_since: number | null;
  acted_kind: string | null;
  acted_note: string | null;
  acted_at: number | null;
}

const ACTION_KIND_LIST = [...ACTION_KINDS].map((k) => `'${k}'`).join(', ');

// Driven by the followed, not final parcels (parcel_follow_due); the latest state by its id. A held parcel's days are
// counted from the first of its latest run of held states (the courier may change the words while it stays held).
const OPEN_SQL = `
  SELECT s.id, s.num_spedizione AS waybill, s.corriere, s.tracking_link, s.confirmed_at,
    json_extract(s.data, '$.rcpt_name') AS rcpt_name, json_extract(s.data, '$.rcpt_city') AS rcpt_city,
    json_extract(s.data, '$.rcpt_phone') AS rcpt_phone, json_extract(s.data, '$.rcpt_email') AS rcpt_email,
    CAST(COALESCE(json_extract(s.data, '$.contrassegno'), 0) AS REAL) AS cod,
    p.id AS state_id, p.code, p.words, p.kind, p.seen_at,
    CASE WHEN p.kind = 'held' THEN (SELECT min(h.seen_at) FROM parcel_states h WHERE h.shipment_id = s.id
      AND h.id > COALESCE((SELECT max(n.id) FROM parcel_states n WHERE n.shipment_id = s.id AND n.kind <> 'held'), 0))
    END AS held_since,
    a.kind AS acted_kind, a.note AS acted_note, a.acted_at
  FROM parcel_follow f JOIN shipments s ON s.id = f.shipment_id
  LEFT JOIN parcel_states p ON p.id = (SELECT max(x.id) FROM parcel_states x WHERE x.shipment_id = s.id)
  LEFT JOIN parcel_actions a ON a.id = (SELECT max(y.id) FROM parcel_actions y WHERE y.shipment_id = s.id)
  WHERE f.final = 0 AND s.user_id = @userId AND s.confermato = 1 AND (@id IS NULL OR s.id = @id)
    AND (p.kind IN (${ACTION_KIND_LIST}) OR p.seen_at <= @quietBefore
      OR (p.id IS NULL AND s.confirmed_at <= @quietBeforeText))
    AND (p.kind IS NULL OR p.kind NOT IN ('delivered', 'returned'))
    AND NOT EXISTS (SELECT 1 FROM parcel_actions d WHERE d.shipment_id = s.id AND d.state_id IS p.id)`;

const text = (value: unknown): string => (value === null || value === undefined ? '' : String(value));

/** The item of an open row, or none when it does not need a person yet (never heard of, confirmed too recently). */
function itemOf(row: Row, nowMs: number, quietDays: number): AttentionFound | undefined {
  const needing = row.kind !== null && ACTION_KINDS.has(row.kind as TrackingKind);
  const quietSince = row.seen_at ?? (row.confirmed_at ? parseDateTime(row.confirmed_at) : Number.NaN);
  if (!needing && !(quietSince <= nowMs - quietDays * DAY_MS)) return undefined;
  const reason: AttentionReason = needing ? (row.kind as AttentionReason) : 'no_movement';
  const state =
    row.code === null || row.seen_at === null
      ? null
      : { code: row.code, words: row.words ?? '', kind: row.kind as TrackingKind, since: row.seen_at };
  return {
    shipmentId: row.id,
    waybill: row.waybill,
    courierId: row.corriere,
    trackingLink: row.tracking_link,
    recipient: {
      name: text(row.rcpt_name),
      city: text(row.rcpt_city),
      phone: text(row.rcpt_phone),
      email: text(row.rcpt_email),
    },
    cod: row.cod > 0 ? row.cod : 0,
    codLost: reason === 'refused' && row.cod > 0,
    reason,
    state,
    quietSince,
    heldDaysLeft: reason === 'held' && row.held_since !== null ? heldDaysLeftSince(row.held_since, nowMs) : null,
    todo: [...TODOS_OF[reason]],
    lastAction:
      row.acted_kind === null
        ? null
        : { kind: row.acted_kind as AttentionAction, note: row.acted_note ?? '', at: row.acted_at ?? 0 },
  };
}

/** Most urgent first: a held parcel by its days left, then refused or address not found, attempted, no movement. */
function byUrgency(a: AttentionFound, b: AttentionFound): number {
  return (
    URGENCY[a.reason] - URGENCY[b.reason] ||
    (a.heldDaysLeft ?? 0) - (b.heldDaysLeft ?? 0) ||
    a.quietSince - b.quietSince ||
    a.shipmentId - b.shipmentId
  );
}

export function attentionPort(ctx: EngineContext): AttentionPort {
  const { db } = ctx;
  const open = db.prepare<{ userId: number; id: number | null; quietBefore: number; quietBeforeText: string }, Row>(
    OPEN_SQL,
  );
  const insert = db.prepare<{
    shipmentId: number;
    stateId: number | null;
    kind: string;
    note: string;
    at: number;
    userId: number;
  }>(
    `INSERT INTO parcel_actions (shipment_id, state_id, kind, note, acted_at, user_id)
     VALUES (@shipmentId, @stateId, @kind, @note, @at, @userId)`,
  );
  const items = (caller: Caller, id: number | null, quietDays: number): { rows: Row[]; found: AttentionFound[] } => {
    const nowMs = ctx.clock.now().getTime();
    const quietBefore = nowMs - quietDays * DAY_MS;
    // The confirmation is kept as the station's local "YYYY-MM-DD HH:MM:SS": compared as text, it orders as time.
    const quietBeforeText = formatDateTime(new Date(quietBefore));
    const rows = open.all({ userId: caller.userId, id, quietBefore, quietBeforeText });
    return { rows, found: rows.flatMap((row) => itemOf(row, nowMs, quietDays) ?? []) };
  };
  const act = db.transaction((caller: Caller, shipmentId: number, kind: string, note: string, quietDays: number) => {
    if (!(ATTENTION_ACTIONS as readonly string[]).includes(kind)) return fail('invalid', `Azione sconosciuta: ${kind}`);
    const kept = note.trim();
    if (kept.length > ATTENTION_NOTE_MAX) return fail('invalid', `La nota supera i ${ATTENTION_NOTE_MAX} caratteri`);
    if (!ctx.shipments.byId(caller.userId, shipmentId)) return fail('not_found', 'Spedizione non trovata');
    const { rows, found } = items(caller, shipmentId, quietDays);
    const [item] = found;
    if (!item) return fail('refused', 'La spedizione non ha nulla da gestire ora');
    const stateId = rows.find((row) => row.id === item.shipmentId)?.state_id ?? null;
    const at = ctx.clock.now().getTime();
    insert.run({ shipmentId, stateId, kind, note: kept, at, userId: caller.userId });
    return { ok: true } as const;
  });
  return {
    attention: (caller, quietDays) => items(caller, null, quietDays).found.sort(byUrgency),
    act: (caller, shipmentId, kind, note, quietDays) => act.immediate(caller, shipmentId, kind, note, quietDays),
  };
}

function fail(code: 'not_found' | 'refused' | 'invalid', message: string): ActOutcome {
  return { ok: false, code, message };
}
