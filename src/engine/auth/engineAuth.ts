// The engine's users as its configuration names them, written with their keys (compared in memory, or stored as
// HMACs under the file's secret); the database is closed when they cannot be, so a refused start leaves no handle.
import type { EngineConfig } from '../config';
import type { EngineDeps } from '../contract';
import type { Db } from '../db/open';
import { loadAuthSecret } from './secret';
import { memoryKeyAuth, storedKeyAuth, type Auth } from './users';

export function authFor(db: Db, config: EngineConfig, deps: EngineDeps): Auth {
  try {
    return deps.keysInMemory
      ? memoryKeyAuth(db, config.users)
      : storedKeyAuth(db, config.users, loadAuthSecret(deps.file));
  } catch (error) {
    db.close();
    throw error;
  }
}
