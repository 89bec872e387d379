// Reseller users and their invoiced clients (the spec's invoiced_client_id: "reseller instances only: the reseller's
// client to which the shipment is assigned"). The configuration is the truth: its lists are written at every start. A
// user with no list is not a reseller, and may not send invoiced_client_id at all.
import type { Db } from '../db/open';

export interface InvoicedClient {
  id: number;
  name: string;
}

export function createInvoicedClients(db: Db) {
  const s = {
    clear: db.prepare('DELETE FROM invoiced_clients'),
    insert: db.prepare<[number, number, string]>('INSERT INTO invoiced_clients (user_id, id, name) VALUES (?, ?, ?)'),
    of: db.prepare<[number], InvoicedClient>(
      'SELECT id, name FROM invoiced_clients WHERE user_id = ? ORDER BY name, id',
    ),
    one: db.prepare<[number, number], InvoicedClient>(
      'SELECT id, name FROM invoiced_clients WHERE user_id = ? AND id = ?',
    ),
  };
  const replace = db.transaction((lists: readonly { userId: number; clients: readonly InvoicedClient[] }[]) => {
    s.clear.run();
    for (const { userId, clients } of lists) for (const c of clients) s.insert.run(userId, c.id, c.name);
  });
  return {
    /** Replaces every user's list (the configured ones), holding the write lock from the start (two engines). */
    write: (lists: readonly { userId: number; clients: readonly InvoicedClient[] }[]) => replace.immediate(lists),
    of: (userId: number) => s.of.all(userId),
    find: (userId: number, id: number) => s.one.get(userId, id),
  };
}
export type InvoicedClientsRepo = ReturnType<typeof createInvoicedClients>;
