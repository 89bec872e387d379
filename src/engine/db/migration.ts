// What a numbered migration is; its own module so the migrations and the runner that lists them import it without
// importing each other.
import type Database from 'better-sqlite3';

export interface Migration {
  version: number;
  name: string;
  up(db: Database.Database): void;
  /**
   * The migration rebuilds a table other tables' rows refer to: it runs with foreign keys off (the pragma cannot change
   * inside its transaction), so the old table's drop does not cascade to them, and every key is checked before it ends.
   */
  rebuildsReferenced?: true;
}
