// What a numbered migration is; its own module so the migrations and the runner that lists them import it without
// importing each other.
import type Database from 'better-sqlite3';

export interface Migration {
  version: number;
  name: string;
  up(db: Database.Database): void;
}
