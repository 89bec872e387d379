// API key → user → client ids. Keys are stored only as SHA-256 hashes; the configured users are written to the
// database at start so shipments keep pointing at a stable user id across restarts and key changes.
import { createHash } from 'node:crypto';
import type { Db } from '../db/open';

export interface UserConfig {
  api_key: string;
  client_ids: number[];
  label?: string;
}

/** Who is calling: every engine query is scoped to these client ids. */
export interface Caller {
  userId: number;
  clientIds: readonly number[];
}

export function hashApiKey(apiKey: string): string {
  return createHash('sha256').update(apiKey, 'utf8').digest('hex');
}

export interface Auth {
  authenticate(apiKey: string | undefined): Caller | undefined;
  owns(caller: Caller, clientId: number): boolean;
}

/** Writes the configured users (config is the truth: client ids not listed any more are released). */
export function syncUsers(db: Db, users: readonly UserConfig[]): Auth {
  const upsertUser = db.prepare<[string, string]>(
    'INSERT INTO users (key_hash, label) VALUES (?, ?) ON CONFLICT(key_hash) DO UPDATE SET label = excluded.label RETURNING id',
  );
  const clearClients = db.prepare('DELETE FROM clients');
  const insertClient = db.prepare<[number, number]>('INSERT INTO clients (client_id, user_id) VALUES (?, ?)');
  const callers = new Map<string, Caller>();
  db.transaction(() => {
    clearClients.run();
    for (const user of users) {
      const hash = hashApiKey(user.api_key);
      const row = upsertUser.get(hash, user.label ?? '') as { id: number };
      for (const clientId of user.client_ids) insertClient.run(clientId, row.id);
      callers.set(hash, { userId: row.id, clientIds: [...user.client_ids] });
    }
  })();
  return {
    authenticate(apiKey) {
      if (!apiKey) return undefined;
      return callers.get(hashApiKey(apiKey));
    },
    owns(caller, clientId) {
      return caller.clientIds.includes(clientId);
    },
  };
}
