// Users and their client ids, shipments with parcels and stored labels, manifests, and named counters
// (generated ddt_num per client, waybill numbers per courier).
import type { Migration } from '../migration';

export const migration0001: Migration = {
  version: 1,
  name: 'initial-schema',
  up(db) {
    db.exec(`
      CREATE TABLE users (
        id INTEGER PRIMARY KEY,
        key_hash TEXT NOT NULL UNIQUE,
        label TEXT NOT NULL DEFAULT ''
      );
      CREATE TABLE clients (
        client_id INTEGER PRIMARY KEY,
        user_id INTEGER NOT NULL REFERENCES users(id)
      );
      CREATE TABLE manifests (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        user_id INTEGER NOT NULL REFERENCES users(id),
        created_at TEXT NOT NULL,
        client_ids TEXT NOT NULL,
        pdf BLOB
      );
      CREATE TABLE shipments (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        user_id INTEGER NOT NULL REFERENCES users(id),
        client_id INTEGER NOT NULL,
        ddt_num INTEGER NOT NULL,
        ddt_alpha TEXT NOT NULL,
        corriere INTEGER NOT NULL,
        servizio INTEGER NOT NULL,
        colli INTEGER NOT NULL,
        peso REAL NOT NULL,
        volume REAL NOT NULL,
        state TEXT NOT NULL CHECK (state IN ('processing', 'ok', 'failed')),
        error TEXT NOT NULL DEFAULT '',
        confermato INTEGER NOT NULL DEFAULT 0 CHECK (confermato IN (0, 1)),
        num_spedizione TEXT NOT NULL DEFAULT '',
        barcode TEXT NOT NULL DEFAULT '',
        tracking_link TEXT NOT NULL DEFAULT '',
        label_formats TEXT NOT NULL,
        data TEXT NOT NULL,
        created_at TEXT NOT NULL,
        date_upd TEXT NOT NULL,
        confirmed_at TEXT,
        manifest_id INTEGER REFERENCES manifests(id)
      );
      CREATE INDEX shipments_by_client_ddt_num ON shipments(client_id, ddt_num);
      CREATE INDEX shipments_by_client_ddt_alpha ON shipments(client_id, ddt_alpha);
      CREATE INDEX shipments_by_client_departing ON shipments(client_id, confermato, id);
      CREATE INDEX shipments_by_state ON shipments(state) WHERE state = 'processing';
      CREATE TABLE parcels (
        shipment_id INTEGER NOT NULL REFERENCES shipments(id) ON DELETE CASCADE,
        n_collo INTEGER NOT NULL,
        peso REAL NOT NULL,
        volume REAL NOT NULL,
        larghezza REAL NOT NULL,
        lunghezza REAL NOT NULL,
        altezza REAL NOT NULL,
        barcode TEXT NOT NULL DEFAULT '',
        PRIMARY KEY (shipment_id, n_collo)
      );
      CREATE TABLE labels (
        shipment_id INTEGER NOT NULL REFERENCES shipments(id) ON DELETE CASCADE,
        format TEXT NOT NULL CHECK (format IN ('ZPL', 'PDF', 'JPG')),
        n_collo INTEGER NOT NULL,
        content BLOB NOT NULL,
        PRIMARY KEY (shipment_id, format, n_collo)
      );
      CREATE TABLE counters (
        name TEXT PRIMARY KEY,
        value INTEGER NOT NULL
      );
    `);
  },
};
