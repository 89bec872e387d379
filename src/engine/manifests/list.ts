// The manifest history: each manifest with the number of shipments, parcels and weight it covers.
import type { Caller } from '../auth/users';
import type { EngineContext } from '../context';
import { cachedStatement } from '../db/statementCache';

export interface ManifestListed {
  id: number;
  created_at: string;
  client_ids: string;
  shipments: number;
  colli: number;
  peso: number;
}

export function listManifests(ctx: EngineContext, caller: Caller, limit = 500): ManifestListed[] {
  return cachedStatement<{ userId: number; limit: number }, ManifestListed>(
    ctx.db,
    `SELECT m.id, m.created_at, m.client_ids,
      count(s.id) AS shipments, coalesce(sum(s.colli), 0) AS colli, coalesce(sum(s.peso), 0) AS peso
    FROM manifests m LEFT JOIN shipments s ON s.manifest_id = m.id
    WHERE m.user_id = @userId GROUP BY m.id ORDER BY m.id DESC LIMIT @limit`,
  ).all({ userId: caller.userId, limit });
}
