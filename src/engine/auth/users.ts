// API key → user → client ids. The configured users are written to the database at start so shipments and manifests
// keep pointing at a stable user id across restarts. A key itself is never stored: either its HMAC-SHA256 with the
// installation's secret (the service), or nothing at all and the key is compared in memory (a station, whose key is
// the remote's or its own local API key).
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { Db } from '../db/open';
import type { AuthSecret } from './secret';

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

export interface Auth {
  authenticate(apiKey: string | undefined): Caller | undefined;
  owns(caller: Caller, clientId: number): boolean;
  /** Keys compared in memory only: the caller's key becomes `apiKey` (the station's local API key was renewed). */
  replaceKey?(caller: Caller, apiKey: string): void;
}

/** How a user row is found again: the keyed hash of its key, or a fixed name when the key stays in memory. */
type Identity = (user: UserConfig, index: number) => string;

/** The keyed hash stored for a key: without the secret nobody can check a guess against it. */
function keyedHash(secret: Buffer, apiKey: string): string {
  return createHmac('sha256', secret).update(apiKey, 'utf8').digest('hex');
}

/** Row marks (migration 0005 and a lost secret) that hold no hash of anything: see `adopt`. */
const UNKEYED = 'unkeyed:';
const IN_MEMORY = 'in-memory:';

/**
 * Writes the configured users (config is the truth: client ids not listed any more are released) and returns their
 * ids. A user whose row is not found by its identity adopts an unkeyed row that owned one of its client ids, so
 * shipments and manifests made before keys were re-keyed stay that user's.
 */
function writeUsers(db: Db, users: readonly UserConfig[], identity: Identity): number[] {
  const byIdentity = db.prepare<[string], { id: number }>('SELECT id FROM users WHERE key_hash = ?');
  const unkeyedOwner = db.prepare<[number, string], { id: number }>(
    "SELECT u.id FROM users u JOIN clients c ON c.user_id = u.id WHERE c.client_id = ? AND u.key_hash LIKE ? || '%'",
  );
  const adopt = db.prepare<[string, number]>('UPDATE users SET key_hash = ? WHERE id = ?');
  const upsertUser = db.prepare<[string, string], { id: number }>(
    'INSERT INTO users (key_hash, label) VALUES (?, ?) ON CONFLICT(key_hash) DO UPDATE SET label = excluded.label ' +
      'RETURNING id',
  );
  const clearClients = db.prepare('DELETE FROM clients');
  const insertClient = db.prepare<[number, number]>('INSERT INTO clients (client_id, user_id) VALUES (?, ?)');
  // Immediate: it reads then writes, and a service's writer thread may write the file meanwhile (a deferred one would
  // get SQLITE_BUSY at once instead of waiting for the lock).
  return db
    .transaction(() => {
      const ids = users.map((user, i) => {
        const name = identity(user, i);
        if (!byIdentity.get(name)) {
          const owner = user.client_ids.map((clientId) => unkeyedOwner.get(clientId, UNKEYED)).find(Boolean);
          if (owner) adopt.run(name, owner.id);
        }
        return (upsertUser.get(name, user.label ?? '') as { id: number }).id;
      });
      clearClients.run();
      users.forEach((user, i) => user.client_ids.forEach((clientId) => insertClient.run(clientId, ids[i] ?? 0)));
      return ids;
    })
    .immediate();
}

const owns = (caller: Caller, clientId: number) => caller.clientIds.includes(clientId);

/**
 * The service's users: each row holds the HMAC of its key. A new secret (first start, or the old one lost) cannot
 * check the hashes already there, so those rows become unkeyed and are adopted again from the config's client ids.
 */
export function storedKeyAuth(db: Db, users: readonly UserConfig[], secret: AuthSecret): Auth {
  if (secret.created) {
    db.prepare(
      `UPDATE users SET key_hash = '${UNKEYED}' || id
      WHERE key_hash NOT LIKE '${UNKEYED}%' AND key_hash NOT LIKE '${IN_MEMORY}%'`,
    ).run();
  }
  const ids = writeUsers(db, users, (user) => keyedHash(secret.secret, user.api_key));
  const callers = new Map<number, Caller>(
    users.map((user, i) => {
      const userId = ids[i] ?? 0;
      return [userId, { userId, clientIds: [...user.client_ids] }];
    }),
  );
  const lookup = db.prepare<[string], { id: number; key_hash: string }>(
    'SELECT id, key_hash FROM users WHERE key_hash = ?',
  );
  return {
    authenticate(apiKey) {
      if (!apiKey) return undefined;
      const hash = keyedHash(secret.secret, apiKey);
      const row = lookup.get(hash);
      // The index lookup cannot leak anything useful (a guess's HMAC is unknown to whoever guesses); the final
      // comparison is constant-time anyway, so no path through here depends on how much of a key was right.
      if (!row || !timingSafeEqual(Buffer.from(row.key_hash, 'hex'), Buffer.from(hash, 'hex'))) return undefined;
      return callers.get(row.id);
    },
    owns,
  };
}

const digest = (key: string) => createHash('sha256').update(key, 'utf8').digest();

/**
 * A station's users: rows hold only a fixed name (`in-memory:<label>`), and keys are compared in memory, every one
 * of them and in constant time, so neither the database nor the timing tells anything about the key.
 */
export function memoryKeyAuth(db: Db, users: readonly UserConfig[]): Auth {
  const ids = writeUsers(db, users, (user, i) => `${IN_MEMORY}${user.label || i}`);
  const entries = users.map((user, i) => {
    const caller: Caller = { userId: ids[i] ?? 0, clientIds: [...user.client_ids] };
    return { key: digest(user.api_key), caller };
  });
  return {
    authenticate(apiKey) {
      if (!apiKey) return undefined;
      const given = digest(apiKey);
      let found: Caller | undefined;
      for (const entry of entries) if (timingSafeEqual(entry.key, given)) found = entry.caller;
      return found;
    },
    owns,
    replaceKey(caller, apiKey) {
      const entry = entries.find((e) => e.caller.userId === caller.userId);
      if (!entry) throw new Error('unknown caller');
      entry.key = digest(apiKey);
    },
  };
}
