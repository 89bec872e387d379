// Prepared statements over shipments, parcels, labels and counters, made once per connection. Every read that a
// caller can reach is scoped by the caller's user through the clients table: another user's shipment is "not found".
import type { TradeDocument } from '../../shared/api/shipmentRequest';
import type { SyncState } from '../../shared/domain/states';
import type { Weighing } from '../../shared/domain/weighings';
import { packingRepo } from './packing';
import type { Db } from '../db/open';

export type ShipmentState = 'processing' | 'ok' | 'failed';

export interface ShipmentRow {
  id: number;
  user_id: number;
  client_id: number;
  ddt_num: number;
  ddt_alpha: string;
  corriere: number;
  servizio: number;
  colli: number;
  peso: number;
  volume: number;
  state: ShipmentState;
  error: string;
  confermato: 0 | 1;
  num_spedizione: string;
  barcode: string;
  tracking_link: string;
  label_formats: string;
  data: string;
  created_at: string;
  date_upd: string;
  confirmed_at: string | null;
  manifest_id: number | null;
  remote_id: number | null;
  sync_state: SyncState;
  sync_error: string;
  refreshed_at: number;
  /** When it was last amended (PATCH); empty when never. */
  amended_at: string;
}

export type { SyncState } from '../../shared/domain/states';

export interface ParcelRow {
  n_collo: number;
  peso: number;
  volume: number;
  larghezza: number;
  lunghezza: number;
  altezza: number;
  barcode: string;
}

export interface LabelRow {
  format: 'ZPL' | 'PDF' | 'JPG';
  n_collo: number;
  content: Buffer;
}

export type NewShipment = Omit<
  ShipmentRow,
  'id' | 'confermato' | 'confirmed_at' | 'manifest_id' | 'remote_id' | 'sync_error' | 'refreshed_at' | 'amended_at'
>;

const SCOPE = 'client_id IN (SELECT client_id FROM clients WHERE user_id = @userId)';

const INSERT_SHIPMENT =
  'INSERT INTO shipments (id, user_id, client_id, ddt_num, ddt_alpha, corriere, servizio, colli, peso, volume, ' +
  'state, error, num_spedizione, barcode, tracking_link, label_formats, data, created_at, date_upd, sync_state) ' +
  'VALUES (@id, @user_id, @client_id, @ddt_num, @ddt_alpha, @corriere, @servizio, @colli, @peso, @volume, @state, ' +
  '@error, @num_spedizione, @barcode, @tracking_link, @label_formats, @data, @created_at, @date_upd, @sync_state)';

export function createShipmentRepo(db: Db) {
  const s = {
    insert: db.prepare<NewShipment & { id: number | null }>(INSERT_SHIPMENT),
    /** The same insert, the row written given back (its defaults too): no read of what was just written. */
    written: db.prepare<NewShipment & { id: number | null }, ShipmentRow>(`${INSERT_SHIPMENT} RETURNING *`),
    /** The id the next insert without one takes: AUTOINCREMENT's rule (above the highest ever given, and the max). */
    nextId: db.prepare<[], { id: number }>(
      "SELECT max(coalesce((SELECT seq FROM sqlite_sequence WHERE name = 'shipments'), 0), " +
        'coalesce((SELECT max(id) FROM shipments), 0)) + 1 AS id',
    ),
    setState: db.prepare<{ id: number; state: ShipmentState; error: string; date_upd: string }>(
      'UPDATE shipments SET state = @state, error = @error, date_upd = @date_upd WHERE id = @id',
    ),
    setData: db.prepare<{ id: number; data: string; date_upd: string }>(
      'UPDATE shipments SET data = @data, date_upd = @date_upd WHERE id = @id',
    ),
    setAmended: db.prepare<{ id: number; data: string; now: string }>(
      'UPDATE shipments SET data = @data, date_upd = @now, amended_at = @now WHERE id = @id',
    ),
    insertParcel: db.prepare<
      ParcelRow & { shipment_id: number }
    >(`INSERT INTO parcels (shipment_id, n_collo, peso, volume, larghezza, lunghezza, altezza, barcode)
      VALUES (@shipment_id, @n_collo, @peso, @volume, @larghezza, @lunghezza, @altezza, @barcode)`),
    insertDocument: db.prepare<{ shipment_id: number; n: number; nome: string; contenuto: string }>(
      'INSERT INTO trade_documents (shipment_id, n, nome, contenuto) VALUES (@shipment_id, @n, @nome, @contenuto)',
    ),
    appendDocument: db.prepare<{ shipment_id: number; nome: string; contenuto: string }>(
      'INSERT INTO trade_documents (shipment_id, n, nome, contenuto) SELECT @shipment_id, coalesce(max(n) + 1, 0), ' +
        '@nome, @contenuto FROM trade_documents WHERE shipment_id = @shipment_id',
    ),
    documents: db.prepare<[number], TradeDocument>(
      'SELECT nome, contenuto FROM trade_documents WHERE shipment_id = ? ORDER BY n',
    ),
    insertLabel: db.prepare<{ shipment_id: number; format: string; n_collo: number; content: Buffer }>(
      'INSERT OR REPLACE INTO labels (shipment_id, format, n_collo, content) VALUES (@shipment_id, @format, ' +
        '@n_collo, @content)',
    ),
    byId: db.prepare<{ id: number; userId: number }, ShipmentRow>(
      `SELECT * FROM shipments WHERE id = @id AND ${SCOPE}`,
    ),
    byIdUnscoped: db.prepare<[number], ShipmentRow>('SELECT * FROM shipments WHERE id = ?'),
    byDdtAlpha: db.prepare<{ ddtAlpha: string; userId: number }, ShipmentRow>(
      `SELECT * FROM shipments WHERE ddt_alpha = @ddtAlpha AND ${SCOPE} ORDER BY id LIMIT 2`,
    ),
    byDdtAlphaClient: db.prepare<{ ddtAlpha: string; clientId: number; userId: number }, ShipmentRow>(
      `SELECT * FROM shipments WHERE ddt_alpha = @ddtAlpha AND client_id = @clientId AND ${SCOPE} ORDER BY id LIMIT 2`,
    ),
    byDdtNum: db.prepare<{ ddtNum: number; userId: number }, ShipmentRow>(
      `SELECT * FROM shipments WHERE ddt_num = @ddtNum AND ${SCOPE} ORDER BY id LIMIT 2`,
    ),
    byDdtNumClient: db.prepare<{ ddtNum: number; clientId: number; userId: number }, ShipmentRow>(
      `SELECT * FROM shipments WHERE ddt_num = @ddtNum AND client_id = @clientId AND ${SCOPE} ORDER BY id LIMIT 2`,
    ),
    departing: db.prepare<{ userId: number }, ShipmentRow>(`SELECT * FROM shipments WHERE confermato = 0 AND ${SCOPE}`),
    departingOfClient: db.prepare<{ clientId: number; userId: number }, ShipmentRow>(
      `SELECT * FROM shipments WHERE client_id = @clientId AND confermato = 0 AND ${SCOPE} ORDER BY id`,
    ),
    createdOn: db.prepare<{ day: string; userId: number }, { id: number }>(
      `SELECT id FROM shipments WHERE created_at >= @day AND created_at < @day || ' 99' AND ${SCOPE} ORDER BY id`,
    ),
    processing: db.prepare<[], ShipmentRow>("SELECT * FROM shipments WHERE state = 'processing' ORDER BY id"),
    parcels: db.prepare<[number], ParcelRow>(
      'SELECT n_collo, peso, volume, larghezza, lunghezza, altezza, barcode FROM parcels WHERE shipment_id = ? ' +
        'ORDER BY n_collo',
    ),
    labels: db.prepare<[number], LabelRow>(
      'SELECT format, n_collo, content FROM labels WHERE shipment_id = ? ORDER BY format, n_collo',
    ),
    insertWeighing: db.prepare<{ shipment_id: number; parcel: number; kg: number; at: number; raw: string }>(
      'INSERT INTO weighings (shipment_id, parcel, kg, at, raw) VALUES (@shipment_id, @parcel, @kg, @at, @raw)',
    ),
    weighings: db.prepare<[number], Weighing>(
      'SELECT parcel, kg, at, raw FROM weighings WHERE shipment_id = ? ORDER BY parcel, rowid',
    ),
    delete: db.prepare<[number]>('DELETE FROM shipments WHERE id = ?'),
    confirm: db.prepare<{ id: number; now: string }>(
      'UPDATE shipments SET confermato = 1, confirmed_at = @now, date_upd = @now WHERE id = @id AND confermato = 0',
    ),
    setManifest: db.prepare<{ id: number; manifestId: number }>(
      'UPDATE shipments SET manifest_id = @manifestId WHERE id = @id',
    ),
    counter: db.prepare<
      { name: string; floor: number },
      { value: number }
    >(`INSERT INTO counters (name, value) VALUES (@name, @floor + 1)
      ON CONFLICT(name) DO UPDATE SET value = max(value, @floor) + 1 RETURNING value`),
    counterValue: db.prepare<[string], { value: number }>('SELECT value FROM counters WHERE name = ?'),
    setCounter: db.prepare<{ name: string; value: number }>(
      'INSERT INTO counters (name, value) VALUES (@name, @value) ON CONFLICT(name) DO UPDATE SET value = ' +
        'excluded.value',
    ),
    maxDdtNum: db.prepare<[number], { max: number | null }>(
      'SELECT max(ddt_num) AS max FROM shipments WHERE client_id = ?',
    ),
  };

  return {
    insert: (row: NewShipment) => Number(s.insert.run({ id: null, ...row }).lastInsertRowid),
    /**
     * A row written whole (a local courier's waybill made before it) and read back by RETURNING; `id` the one
     * nextId() said, or null for the next. Each later update of the searched columns rewrites the search text.
     */
    insertWritten: (row: NewShipment, id: number | null = null) => s.written.get({ ...row, id }) as ShipmentRow,
    nextId: () => (s.nextId.get() as { id: number }).id,
    setState: (id: number, state: ShipmentState, error: string, now: string) =>
      s.setState.run({ id, state, error, date_upd: now }),
    setData: (id: number, data: string, now: string) => s.setData.run({ id, data, date_upd: now }),
    /** The amended data, and the time of the amendment kept apart from date_upd (the label was not made again). */
    setAmended: (id: number, data: string, now: string) => s.setAmended.run({ id, data, now }),
    insertParcel: (shipmentId: number, parcel: ParcelRow) => s.insertParcel.run({ shipment_id: shipmentId, ...parcel }),
    /** The documents a client attached (trade_documents), in the order sent. */
    insertDocuments: (shipmentId: number, documents: readonly TradeDocument[]) =>
      documents.forEach((d, n) => s.insertDocument.run({ shipment_id: shipmentId, n, ...d })),
    documents: (id: number) => s.documents.all(id),
    /** One more document after those the client attached (the invoice the station draws). */
    appendDocument: (shipmentId: number, d: TradeDocument) => s.appendDocument.run({ shipment_id: shipmentId, ...d }),
    insertLabel: (shipmentId: number, format: string, nCollo: number, content: Buffer) =>
      s.insertLabel.run({ shipment_id: shipmentId, format, n_collo: nCollo, content }),
    byId: (userId: number, id: number) => s.byId.get({ id, userId }),
    byIdUnscoped: (id: number) => s.byIdUnscoped.get(id),
    byDdtAlpha: (userId: number, ddtAlpha: string, clientId?: number) =>
      clientId === undefined
        ? s.byDdtAlpha.all({ ddtAlpha, userId })
        : s.byDdtAlphaClient.all({ ddtAlpha, clientId, userId }),
    byDdtNum: (userId: number, ddtNum: number, clientId?: number) =>
      clientId === undefined ? s.byDdtNum.all({ ddtNum, userId }) : s.byDdtNumClient.all({ ddtNum, clientId, userId }),
    departing: (userId: number) => s.departing.all({ userId }).sort((a, b) => a.id - b.id),
    departingOfClient: (userId: number, clientId: number) => s.departingOfClient.all({ clientId, userId }),
    createdOn: (userId: number, day: string) => s.createdOn.all({ day, userId }).map((r) => r.id),
    processing: () => s.processing.all(),
    parcels: (id: number) => s.parcels.all(id),
    labels: (id: number) => s.labels.all(id),
    insertWeighing: (shipmentId: number, w: Weighing) => s.insertWeighing.run({ shipment_id: shipmentId, ...w }),
    /** The scale readings its parcels were weighed with (unscoped: read through a scoped lookup of the shipment). */
    weighings: (id: number) => s.weighings.all(id),
    ...packingRepo(db),
    delete: (id: number) => s.delete.run(id),
    confirm: (id: number, now: string) => s.confirm.run({ id, now }).changes === 1,
    setManifest: (id: number, manifestId: number) => s.setManifest.run({ id, manifestId }),
    /** Next value of a named counter, never below `floor` + 1 (so user-given numbers are never handed out again). */
    nextCounter: (name: string, floor = 0) => (s.counter.get({ name, floor }) as { value: number }).value,
    counterValue: (name: string) => s.counterValue.get(name)?.value ?? 0,
    setCounter: (name: string, value: number) => s.setCounter.run({ name, value }),
    maxDdtNum: (clientId: number) => s.maxDdtNum.get(clientId)?.max ?? 0,
  };
}

export type ShipmentRepo = ReturnType<typeof createShipmentRepo>;
