// Search as you type over tens of thousands of shipments: a trigram full-text index (substring matches for terms of
// 3+ characters) over references, waybill, barcode, recipient and city, kept by triggers so every write path —
// create, amend, sync — keeps it right; and an index for scanned parcel barcodes.
/* eslint-disable max-len -- a released migration: its SQL stays as it was released (ARCHITECTURE.md §4). */
import type { Migration } from '../migration';

const TEXT = (
  row: 'NEW' | 'OLD',
) => `${row}.ddt_alpha || ' ' || ${row}.ddt_num || ' ' || ${row}.num_spedizione || ' ' || ${row}.barcode || ' ' ||
  coalesce(json_extract(${row}.data, '$.rcpt_name'), '') || ' ' || coalesce(json_extract(${row}.data, '$.rcpt_city'), '')`;

export const migration0004: Migration = {
  version: 4,
  name: 'shipment-search',
  up(db) {
    db.exec(`
      CREATE VIRTUAL TABLE shipment_search USING fts5(text, tokenize = 'trigram', content = '', contentless_delete = 1);
      CREATE TRIGGER shipment_search_insert AFTER INSERT ON shipments BEGIN
        INSERT INTO shipment_search (rowid, text) VALUES (NEW.id, ${TEXT('NEW')});
      END;
      CREATE TRIGGER shipment_search_update AFTER UPDATE OF ddt_alpha, ddt_num, num_spedizione, barcode, data ON shipments BEGIN
        DELETE FROM shipment_search WHERE rowid = OLD.id;
        INSERT INTO shipment_search (rowid, text) VALUES (NEW.id, ${TEXT('NEW')});
      END;
      CREATE TRIGGER shipment_search_delete AFTER DELETE ON shipments BEGIN
        DELETE FROM shipment_search WHERE rowid = OLD.id;
      END;
      INSERT INTO shipment_search (rowid, text) SELECT id, ${TEXT('NEW').replaceAll('NEW.', '')} FROM shipments;
      CREATE INDEX parcels_by_barcode ON parcels(barcode) WHERE barcode != '';
    `);
  },
};
