// Reseller instances: each reseller user's invoiced clients (id and name, written from the configuration at
// every start), and an index on the shipments' invoiced client for the lists' filter and the manifest's groups. The
// id itself stays where every request field is kept (the shipment's data), so nothing is copied or backfilled.
import type { Migration } from '../migration';

export const migration0010: Migration = {
  version: 10,
  name: 'invoiced-clients',
  up(db) {
    db.exec(`
      CREATE TABLE invoiced_clients (
        user_id INTEGER NOT NULL REFERENCES users(id),
        id INTEGER NOT NULL,
        name TEXT NOT NULL,
        PRIMARY KEY (user_id, id)
      );
      CREATE INDEX shipments_by_invoiced_client ON shipments(json_extract(data, '$.invoiced_client_id'));
    `);
  },
};
