// The documents a client attaches to an international shipment (`trade_documents`: a commercial invoice, a proforma),
// base64 as sent. A table of their own, not the shipment's `data`: the lists and the search read `data` for every
// row, and a few hundred kilobytes of invoice in it would be read with each of them.
import type { Migration } from '../migration';

export const migration0014: Migration = {
  version: 14,
  name: 'trade-documents',
  up(db) {
    db.exec(`
      CREATE TABLE trade_documents (
        shipment_id INTEGER NOT NULL REFERENCES shipments(id) ON DELETE CASCADE,
        n INTEGER NOT NULL,
        nome TEXT NOT NULL,
        contenuto TEXT NOT NULL,
        PRIMARY KEY (shipment_id, n)
      )`);
  },
};
