// GET ShipmentsList: one page of the caller's shipments, filtered, counted and paged in SQL by prepared statements
// (one per order, made once per connection). Each record is the one GET Shipment answers without its labels
// and trade documents: a page of 200 with them would be megabytes; GET Shipment reads them (docs/decisions.md).
import type { ShipmentRecord } from '../../shared/api/shipmentRecord';
import { SHIPMENT_STATUS } from '../../shared/api/shipmentRecord';
import type { ListOrderBy, ShipmentsListQuery } from '../../shared/api/shipmentsList';
import type { Caller } from '../auth/users';
import type { EngineContext } from '../context';
import type { Db } from '../db/open';
import { buildRecord } from './record';
import type { ShipmentRow } from './repo';

export interface ShipmentsListPage {
  page: number;
  totPages: number;
  totEntries: number;
  records: ShipmentRecord[];
}

const COLUMN: Record<ListOrderBy, string> = {
  id: 'id',
  corriere: 'corriere',
  client_id: 'client_id',
  date_created: 'created_at',
  // A reseller's invoiced client where the request named one, else the client it was made for.
  invoiced_client_id: "COALESCE(json_extract(data, '$.invoiced_client_id'), client_id)",
};

const WHERE = `client_id IN (SELECT client_id FROM clients WHERE user_id = @userId)
  AND created_at >= @from AND created_at <= @to
  AND (@corrieri IS NULL OR corriere IN (SELECT value FROM json_each(@corrieri)))
  AND (@servizi IS NULL OR servizio IN (SELECT value FROM json_each(@servizi)))
  AND (@clienti IS NULL OR client_id IN (SELECT value FROM json_each(@clienti)))
  AND (@cod IS NULL OR (CAST(COALESCE(json_extract(data, '$.contrassegno'), 0) AS REAL) > 0) = @cod)
  AND (@confermato IS NULL OR confermato = @confermato)
  AND (@failed IS NULL OR (state = 'failed') = @failed)
  AND (@reso IS NULL OR COALESCE(json_extract(data, '$.flag_reso'), 0) = @reso)
  AND @nothing = 0`;

interface Params {
  userId: number;
  from: string;
  to: string;
  corrieri: string | null;
  servizi: string | null;
  clienti: string | null;
  cod: number | null;
  confermato: number | null;
  failed: number | null;
  reso: number | null;
  nothing: number;
}

type Statements = ReturnType<typeof prepare>;
const prepared = new WeakMap<Db, Statements>();

function prepare(db: Db) {
  const pages = new Map<string, ReturnType<typeof pageStatement>>();
  function pageStatement(orderBy: ListOrderBy, order: 'ASC' | 'DESC') {
    return db.prepare<Params & { limit: number; offset: number }, ShipmentRow>(
      `SELECT * FROM shipments WHERE ${WHERE} ORDER BY ${COLUMN[orderBy]} ${order}, id ${order} ` +
        'LIMIT @limit OFFSET @offset',
    );
  }
  return {
    count: db.prepare<Params, { n: number }>(`SELECT COUNT(*) AS n FROM shipments WHERE ${WHERE}`),
    page(orderBy: ListOrderBy, order: 'ASC' | 'DESC') {
      const key = `${orderBy} ${order}`;
      const found = pages.get(key) ?? pageStatement(orderBy, order);
      pages.set(key, found);
      return found;
    },
  };
}

function statementsOf(db: Db): Statements {
  const found = prepared.get(db) ?? prepare(db);
  prepared.set(db, found);
  return found;
}

/** Which record status the filter asks for (failed or not); undefined for any, 'none' for a status no record has. */
function failedFilter(status: number | undefined): number | null | 'none' {
  if (status === undefined) return null;
  if (status === SHIPMENT_STATUS.failed) return 1;
  return status === SHIPMENT_STATUS.ok ? 0 : 'none';
}

function paramsOf(caller: Caller, query: ShipmentsListQuery): Params {
  const failed = failedFilter(query.status);
  const list = (values: number[] | undefined) => (values === undefined ? null : JSON.stringify(values));
  // Pickups are not listed as shipments here: asking for them finds nothing (tipo 1 is shipments). A return is a
  // shipment created with flag_reso 1 (docs/decisions.md, "A return’s reference").
  const nothing = failed === 'none' || query.tipo === 0;
  return {
    userId: caller.userId,
    from: query.from,
    to: query.to,
    corrieri: list(query.corriere),
    servizi: list(query.servizio),
    clienti: list(query.cliente),
    cod: query.contrassegno ?? null,
    confermato: query.confermato ?? null,
    failed: failed === 'none' ? null : failed,
    reso: query.reso ?? null,
    nothing: nothing ? 1 : 0,
  };
}

export function shipmentsList(ctx: EngineContext, caller: Caller, query: ShipmentsListQuery): ShipmentsListPage {
  const statements = statementsOf(ctx.db);
  const params = paramsOf(caller, query);
  const totEntries = statements.count.get(params)?.n ?? 0;
  const rows = statements
    .page(query.orderBy, query.order)
    .all({ ...params, limit: query.perPage, offset: (query.page - 1) * query.perPage });
  const records = rows.map((row) => buildRecord(row, ctx.shipments.parcels(row.id), [], []));
  return { page: query.page, totPages: Math.ceil(totEntries / query.perPage), totEntries, records };
}
