// Prepared statements over manifests: created in the confirming transaction, PDF stored once rendered.
import type { Db } from '../db/open';
import type { ShipmentRow } from '../shipments/repo';

export interface ManifestRowDb {
  id: number;
  user_id: number;
  created_at: string;
  client_ids: string;
  pdf: Buffer | null;
}

export function createManifestRepo(db: Db) {
  const s = {
    insert: db.prepare<{ user_id: number; created_at: string; client_ids: string }>(
      'INSERT INTO manifests (user_id, created_at, client_ids) VALUES (@user_id, @created_at, @client_ids)',
    ),
    setPdf: db.prepare<{ id: number; pdf: Buffer }>('UPDATE manifests SET pdf = @pdf WHERE id = @id'),
    byId: db.prepare<{ id: number; userId: number }, ManifestRowDb>(
      'SELECT * FROM manifests WHERE id = @id AND user_id = @userId',
    ),
    byIdUnscoped: db.prepare<[number], ManifestRowDb>('SELECT * FROM manifests WHERE id = ?'),
    shipments: db.prepare<[number], ShipmentRow>('SELECT * FROM shipments WHERE manifest_id = ? ORDER BY corriere, id'),
  };
  return {
    insert: (userId: number, createdAt: string, clientIds: number[]) =>
      Number(
        s.insert.run({ user_id: userId, created_at: createdAt, client_ids: JSON.stringify(clientIds) }).lastInsertRowid,
      ),
    setPdf: (id: number, pdf: Buffer) => s.setPdf.run({ id, pdf }),
    byId: (userId: number, id: number) => s.byId.get({ id, userId }),
    byIdUnscoped: (id: number) => s.byIdUnscoped.get(id),
    shipments: (id: number) => s.shipments.all(id),
  };
}

export type ManifestRepo = ReturnType<typeof createManifestRepo>;
