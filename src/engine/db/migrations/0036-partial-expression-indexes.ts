// The two indexes over values read out of a shipment's data (its invoiced client, its invoice number) keep only the
// shipments that have one: most have neither (0, ''), and every create paid for both anyway, two JSON reads and two
// index pages written (2 of a ZPL create's 23 WAL frames). The reads that use them say the same condition, which SQLite
// needs before it reads a partial index (list.ts, invoiceHolders.ts).
import type { Migration } from '../migration';

export const migration0036: Migration = {
  version: 36,
  name: 'partial-expression-indexes',
  up(db) {
    db.exec(`
      DROP INDEX shipments_by_invoiced_client;
      CREATE INDEX shipments_by_invoiced_client ON shipments(json_extract(data, '$.invoiced_client_id'))
        WHERE json_extract(data, '$.invoiced_client_id') > 0;
      DROP INDEX shipments_by_client_invoice;
      CREATE INDEX shipments_by_client_invoice ON shipments(client_id, json_extract(data, '$.invoice_number'))
        WHERE json_extract(data, '$.invoice_number') <> '';
    `);
  },
};
