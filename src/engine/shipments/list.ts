// The bench's lists: departing (unconfirmed) or departed shipments, searched by any reference, recipient or
// barcode, filtered, paged; recent recipients for the entry form. Values always travel as statement parameters.
import type { SyncState } from '../../shared/domain/states';
import { PARCEL_GROUPS, type ParcelGroup } from '../../shared/domain/tracking';
import type { Caller } from '../auth/users';
import type { EngineContext } from '../context';
import { cachedStatement } from '../db/statementCache';

export interface ListFilter {
  view: 'departing' | 'departed';
  search?: string;
  clientId?: number;
  courier?: number;
  /** A reseller's invoiced client. */
  invoicedClientId?: number;
  /** ok: waybill made; error: status 0.6; waiting: to sync; attention: refused by the remote or its courier. */
  status?: 'ok' | 'error' | 'waiting' | 'attention';
  /** Departed shipments whose parcel's latest state is in the group (none seen yet counts as waiting). */
  parcel?: ParcelGroup;
  /** Returns only (true) or none of them (false); absent: both. */
  reso?: boolean;
  offset: number;
  limit: number;
}

export interface ListedShipment {
  id: number;
  client_id: number;
  ddt_num: number;
  ddt_alpha: string;
  corriere: number;
  servizio: number;
  rcpt_name: string;
  rcpt_city: string;
  rcpt_prov: string;
  rcpt_cap: string;
  rcpt_country_code: string;
  colli: number;
  peso: number;
  state: 'processing' | 'ok' | 'failed';
  error: string;
  num_spedizione: string;
  barcode: string;
  confermato: number;
  sync_state: SyncState;
  sync_error: string;
  created_at: string;
  manifest_id: number | null;
  /** A reseller's invoiced client (0: none) and its name. */
  invoiced_client_id: number;
  invoiced_client_name: string;
  /** When it was last amended; empty when never (its label shows the data it was made with). */
  amended_at: string;
  /** 1: a return shipment (flag_reso). */
  flag_reso: number;
}

const STATUS_SQL: Record<NonNullable<ListFilter['status']>, string> = {
  ok: "s.state = 'ok' AND s.sync_state IN ('none', 'synced')",
  error: "s.state = 'failed'",
  waiting: "s.sync_state = 'pending'",
  // What waits for a person on a connected bench: a row the remote would not take, or its courier's refusal (0.6).
  attention: "(s.sync_state = 'attention' OR (s.state = 'failed' AND s.remote_id IS NOT NULL))",
};

const SELECT = `s.id, s.client_id, s.ddt_num, s.ddt_alpha, s.corriere, s.servizio,
  json_extract(s.data, '$.rcpt_name') AS rcpt_name, json_extract(s.data, '$.rcpt_city') AS rcpt_city,
  json_extract(s.data, '$.rcpt_prov') AS rcpt_prov, CAST(json_extract(s.data, '$.rcpt_cap') AS TEXT) AS rcpt_cap,
  json_extract(s.data, '$.rcpt_country_code') AS rcpt_country_code, s.colli, s.peso, s.state, s.error, s.num_spedizione,
  s.barcode, s.confermato, s.sync_state, s.sync_error, s.created_at, s.manifest_id, s.amended_at,
  coalesce(json_extract(s.data, '$.flag_reso'), 0) AS flag_reso,
  coalesce(json_extract(s.data, '$.invoiced_client_id'), 0) AS invoiced_client_id,
  coalesce((SELECT i.name FROM invoiced_clients i WHERE i.user_id = @userId
    AND i.id = json_extract(s.data, '$.invoiced_client_id')), '') AS invoiced_client_name`;

/**
 * A search also finds a reseller's shipments by the invoiced client's name or id. The `> 0` repeats the condition of
 * the partial index on the invoiced client (migration 36; a shipment with none stores 0): SQLite reads a partial index
 * only for a query that says its condition, and without it every search scanned the shipments.
 */
export const INVOICED_IDS = `SELECT x.id FROM shipments x JOIN invoiced_clients i
  ON i.user_id = @userId AND i.id = json_extract(x.data, '$.invoiced_client_id')
  WHERE json_extract(x.data, '$.invoiced_client_id') > 0
    AND (i.name LIKE @invoicedLike ESCAPE '\\' OR CAST(i.id AS TEXT) = @exact)`;
const INVOICED_MATCH = `s.id IN (${INVOICED_IDS})`;

export function listShipments(
  ctx: EngineContext,
  caller: Caller,
  filter: ListFilter,
): { total: number; rows: ListedShipment[] } {
  const where = [
    's.client_id IN (SELECT client_id FROM clients WHERE user_id = @userId)',
    's.confermato = @confermato',
  ];
  const params: Record<string, string | number> = {
    userId: caller.userId,
    confermato: filter.view === 'departed' ? 1 : 0,
    limit: Math.min(filter.limit, 500),
    offset: filter.offset,
  };
  if (filter.clientId !== undefined) {
    where.push('s.client_id = @clientId');
    params.clientId = filter.clientId;
  }
  if (filter.courier !== undefined) {
    where.push('s.corriere = @courier');
    params.courier = filter.courier;
  }
  if (filter.invoicedClientId !== undefined) {
    // The partial index's own condition beside the value (always above 0 here), so SQLite reads that index.
    where.push("json_extract(s.data, '$.invoiced_client_id') = @invoicedClientId");
    where.push("json_extract(s.data, '$.invoiced_client_id') > 0");
    params.invoicedClientId = filter.invoicedClientId;
  }
  if (filter.status) where.push(STATUS_SQL[filter.status]);
  if (filter.reso !== undefined) {
    where.push("coalesce(json_extract(s.data, '$.flag_reso'), 0) = @reso");
    params.reso = filter.reso ? 1 : 0;
  }
  if (filter.parcel) {
    // The latest state seen, by the states' own index (shipment, id).
    where.push(`coalesce((SELECT p.kind FROM parcel_states p WHERE p.shipment_id = s.id ORDER BY p.id DESC LIMIT 1),
      'waiting') IN (SELECT value FROM json_each(@parcelKinds))`);
    params.parcelKinds = JSON.stringify(PARCEL_GROUPS[filter.parcel]);
  }
  const search = filter.search?.trim() ?? '';
  if (search !== '') {
    // A scanned barcode or reference matches exactly (indexed); typed text matches anywhere: through the trigram
    // index for 3+ characters, by a scan for shorter text (few keystrokes, and the debounce covers it).
    params.exact = search;
    params.invoicedLike = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const exact =
      `s.ddt_alpha = @exact OR s.num_spedizione = @exact OR s.barcode = @exact OR CAST(s.ddt_num AS ` +
      `TEXT) = @exact
      OR s.id IN (SELECT p.shipment_id FROM parcels p WHERE p.barcode = @exact AND p.barcode != '')`;
    if ([...search].length >= 3) {
      // The index text holds every reference, the waybill and the barcode, so it covers their exact matches too;
      // parcel barcodes have their own index.
      params.fts = `"${search.replace(/"/g, '""')}"`;
      // One IN over the union (ALL: no sorting) of the matching ids: SQLite looks those rows up by id. Three INs
      // joined by OR made it test every departing shipment against each: 15 ms for one match among 50,000, 0.6 ms
      // this way. `barcode != ''` lets the parcels' partial index serve the exact barcode.
      where.push(`s.id IN (SELECT rowid FROM shipment_search WHERE shipment_search MATCH @fts
        UNION ALL SELECT p.shipment_id FROM parcels p WHERE p.barcode = @exact AND p.barcode != ''
        UNION ALL ${INVOICED_IDS})`);
    } else {
      params.like = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      where.push(
        `(${exact} OR s.ddt_alpha LIKE @like ESCAPE '\\' OR json_extract(s.data, '$.rcpt_name') LIKE @like ESCAPE ` +
          `'\\' OR ${INVOICED_MATCH})`,
      );
    }
  }
  const clause = where.join(' AND ');
  // The statement text varies only with which filters are on; every value is a parameter.
  const total =
    cachedStatement<Record<string, string | number>, { n: number }>(
      ctx.db,
      `SELECT count(*) AS n FROM shipments s WHERE ${clause}`,
    ).get(params)?.n ?? 0;
  const order = filter.view === 'departed' ? 's.confirmed_at DESC, s.id DESC' : 's.id DESC';
  const rows = cachedStatement<Record<string, string | number>, ListedShipment>(
    ctx.db,
    `SELECT ${SELECT} FROM shipments s WHERE ${clause} ORDER BY ${order} LIMIT @limit OFFSET @offset`,
  ).all(params);
  return { total, rows };
}

export interface Recipient {
  rcpt_name: string;
  rcpt_contact: string;
  rcpt_addr: string;
  rcpt_addr2: string;
  rcpt_cap: string;
  rcpt_city: string;
  rcpt_prov: string;
  rcpt_country_code: string;
  rcpt_phone: string;
  rcpt_email: string;
}

type RecipientRow = Record<keyof Recipient, string | number | null>;

const text = (value: string | number | null) => (value === null ? '' : String(value));

/** A recipient as the form takes it: every field text, SQL's NULL (a field never given) an empty one. */
const recipientOf = (row: RecipientRow): Recipient => ({
  rcpt_name: text(row.rcpt_name),
  rcpt_contact: text(row.rcpt_contact),
  rcpt_addr: text(row.rcpt_addr),
  rcpt_addr2: text(row.rcpt_addr2),
  rcpt_cap: text(row.rcpt_cap),
  rcpt_city: text(row.rcpt_city),
  rcpt_prov: text(row.rcpt_prov),
  rcpt_country_code: text(row.rcpt_country_code),
  rcpt_phone: text(row.rcpt_phone),
  rcpt_email: text(row.rcpt_email),
});

/**
 * The latest distinct recipients (by name and address) of the caller's shipments, optionally matching a search. A
 * shipment whose courier refused it (state 'failed') or the remote did (sync 'attention') may have a wrong address:
 * the bench never offers it again; once corrected and accepted, it is offered as corrected.
 */
export function recentRecipients(ctx: EngineContext, caller: Caller, search: string, limit = 10): Recipient[] {
  const rows = cachedStatement<{ userId: number; like: string }, RecipientRow>(
    ctx.db,
    `SELECT
      json_extract(data, '$.rcpt_name') AS rcpt_name, json_extract(data, '$.rcpt_contact') AS rcpt_contact,
      json_extract(data, '$.rcpt_addr') AS rcpt_addr, json_extract(data, '$.rcpt_addr2') AS rcpt_addr2,
      json_extract(data, '$.rcpt_cap') AS rcpt_cap,
      json_extract(data, '$.rcpt_city') AS rcpt_city, json_extract(data, '$.rcpt_prov') AS rcpt_prov,
      json_extract(data, '$.rcpt_country_code') AS rcpt_country_code, json_extract(data, '$.rcpt_phone') AS rcpt_phone,
      json_extract(data, '$.rcpt_email') AS rcpt_email
    FROM (SELECT data FROM shipments WHERE client_id IN (SELECT client_id FROM clients WHERE user_id = @userId)
      AND state <> 'failed' AND sync_state <> 'attention' AND coalesce(json_extract(data, '$.flag_reso'), 0) = 0
    ORDER BY id DESC LIMIT 500)
    WHERE json_extract(data, '$.rcpt_name') LIKE @like`,
  ).all({ userId: caller.userId, like: `%${search.trim()}%` });
  const seen = new Set<string>();
  const out: Recipient[] = [];
  for (const row of rows) {
    const recipient = recipientOf(row);
    const { rcpt_name: name, rcpt_addr: addr, rcpt_addr2: addr2, rcpt_cap: cap } = recipient;
    const key = [name, addr, addr2, cap].join('|').toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(recipient);
    if (out.length >= limit) break;
  }
  return out;
}

/**
 * Whether the caller has any shipment at all, departing or departed: one row looked up by the clients' index, where
 * counting a list reads every row (7.4 against 2.5 ms for the station page's request at 50,000 shipments).
 */
export function hasShipments(ctx: EngineContext, caller: Caller): boolean {
  return (
    cachedStatement<{ userId: number }, { found: number }>(
      ctx.db,
      `SELECT EXISTS (SELECT 1 FROM shipments s
        WHERE s.client_id IN (SELECT client_id FROM clients WHERE user_id = @userId)) AS found`,
    ).get({ userId: caller.userId })?.found === 1
  );
}

/** One shipment as the lists show it. */
export function listedShipment(ctx: EngineContext, caller: Caller, id: number): ListedShipment | undefined {
  return cachedStatement<{ id: number; userId: number }, ListedShipment>(
    ctx.db,
    `SELECT ${SELECT} FROM shipments s
      WHERE s.id = @id AND s.client_id IN (SELECT client_id FROM clients WHERE user_id = @userId)`,
  ).get({ id, userId: caller.userId });
}
