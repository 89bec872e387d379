// The tracking benchmark's 10,000 departed shipments, made in a second instead of hours under the remote's POST
// limits: a few templates go the real way (created at the station, synced, confirmed, synced), then each copy is
// written straight into both SQLite files as the engines would hold it after the same path. A copy is its template's
// rows (shipment, parcels, labels) with its own courier number, barcode, link and reference (the template's waybill and
// ddt_alpha replaced in every text column), its own id at the remote and that id as the station's remote_id; both
// engines keep running (WAL: this is one more writer, each file in one transaction). The demo couriers give each
// waybill its own life (demoLife.ts), so the copies' states vary as a day's real parcels do.
import Database from 'better-sqlite3';

export interface Copy {
  stationId: number;
  remoteId: number;
}

type Row = Record<string, unknown>;

/** The insert of a row of `table` with the columns `row` has. */
function inserter(db: Database.Database, table: string, row: Row) {
  const columns = Object.keys(row);
  const statement = db.prepare(
    `INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map((c) => `@${c}`).join(', ')})`,
  );
  return (values: Row) => Number(statement.run(values).lastInsertRowid);
}

/** A template's row as a copy's: every text column with the template's waybill and reference replaced. */
function copied(row: Row, swaps: readonly [string, string][]): Row {
  const out: Row = {};
  for (const [column, value] of Object.entries(row)) {
    if (typeof value !== 'string') {
      out[column] = value;
      continue;
    }
    let text = value;
    for (const [from, to] of swaps) if (from !== '') text = text.split(from).join(to);
    out[column] = text;
  }
  return out;
}

interface Side {
  db: Database.Database;
  shipment(id: number): Row;
  insertShipment(row: Row): number;
  copyChildren(from: number, to: number, swaps: readonly [string, string][]): void;
}

function side(file: string, templateId: number): Side {
  const db = new Database(file);
  db.pragma('busy_timeout = 10000');
  const byId = db.prepare<[number], Row>('SELECT * FROM shipments WHERE id = ?');
  const template = byId.get(templateId);
  if (!template) throw new Error(`no shipment ${templateId} in ${file}`);
  const { id: _id, ...columns } = template;
  const insertShipment = inserter(db, 'shipments', columns);
  const parcels = db.prepare<[number], Row>('SELECT * FROM parcels WHERE shipment_id = ?');
  const copyLabels = db.prepare<[number, number]>(
    'INSERT INTO labels (shipment_id, format, n_collo, content) SELECT ?, format, n_collo, content FROM labels ' +
      'WHERE shipment_id = ?',
  );
  const firstParcel = parcels.get(templateId);
  const insertParcel = firstParcel ? inserter(db, 'parcels', firstParcel) : undefined;
  return {
    db,
    shipment(id) {
      const row = byId.get(id);
      if (!row) throw new Error(`no shipment ${id} in ${file}`);
      return row;
    },
    insertShipment: (row) => {
      const { id: _unused, ...rest } = row;
      return insertShipment(rest);
    },
    copyChildren(from, to, swaps) {
      for (const parcel of parcels.all(from)) insertParcel?.({ ...copied(parcel, swaps), shipment_id: to });
      copyLabels.run(to, from);
    },
  };
}

/** `count` copies of the templates (station ids), round robin, in the station's and the remote's files. */
export function cloneShipments(options: {
  stationFile: string;
  remoteFile: string;
  templates: readonly number[];
  count: number;
}): Copy[] {
  const [first] = options.templates;
  if (first === undefined) throw new Error('no template shipments');
  const station = side(options.stationFile, first);
  const templates = options.templates.map((id) => {
    const row = station.shipment(id);
    if (typeof row.remote_id !== 'number') throw new Error(`template ${id} has no remote id`);
    return { stationId: id, remoteId: row.remote_id, row };
  });
  const remote = side(options.remoteFile, templates[0]?.remoteId ?? 0);
  const copies: Copy[] = [];
  try {
    const plan = Array.from({ length: options.count }, (_, n) => {
      const template = templates[n % templates.length];
      if (!template) throw new Error('no template');
      const waybill = String(template.row.num_spedizione);
      // The same length and shape as the template's number, its last digits the copy's own.
      const own = `${waybill.slice(0, Math.max(0, waybill.length - 6))}${String(900_000 + n).slice(-6)}`;
      const swaps: [string, string][] = [
        [waybill, own],
        [String(template.row.ddt_alpha), `GIRO-C${n}`],
      ];
      return { template, swaps };
    });
    const remoteIds = remote.db.transaction(() =>
      plan.map(({ template, swaps }) => {
        const id = remote.insertShipment(copied(remote.shipment(template.remoteId), swaps));
        remote.copyChildren(template.remoteId, id, swaps);
        return id;
      }),
    )();
    station.db.transaction(() => {
      plan.forEach(({ template, swaps }, n) => {
        const remoteId = remoteIds[n] ?? 0;
        const id = station.insertShipment({ ...copied(template.row, swaps), remote_id: remoteId });
        station.copyChildren(template.stationId, id, swaps);
        copies.push({ stationId: id, remoteId });
      });
    })();
  } finally {
    station.db.close();
    remote.db.close();
  }
  return copies;
}
