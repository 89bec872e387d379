// Couriers' pickups. `pickups`: what a courier booked at this engine as the service (POST pickup), refusals kept too,
// so GET pickup answers either; one booked per user, courier and day. `bench_pickups`: what the bench asked for at
// its end of day and where it stands (waiting to be sent, booked with the remote's id and the latest status read,
// refused), one asked for or booked per user, courier and day; a refused one stays beside the retry.
import type { Migration } from '../migration';

export const migration0029: Migration = {
  version: 29,
  name: 'pickups',
  up(db) {
    db.exec(`
      CREATE TABLE pickups (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        user_id INTEGER NOT NULL REFERENCES users(id),
        client_id INTEGER NOT NULL,
        corriere INTEGER NOT NULL,
        servizio INTEGER NOT NULL,
        colli INTEGER NOT NULL,
        peso REAL NOT NULL,
        day TEXT NOT NULL,
        opening_time TEXT NOT NULL,
        closing_time TEXT NOT NULL,
        note_sender TEXT NOT NULL DEFAULT '',
        status REAL NOT NULL,
        num_orm TEXT NOT NULL DEFAULT '',
        error TEXT NOT NULL DEFAULT '',
        booked_at INTEGER NOT NULL
      );
      CREATE UNIQUE INDEX pickups_one_a_day ON pickups (user_id, corriere, day) WHERE num_orm <> '';
      CREATE TABLE bench_pickups (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        user_id INTEGER NOT NULL REFERENCES users(id),
        client_id INTEGER NOT NULL,
        corriere INTEGER NOT NULL,
        servizio INTEGER NOT NULL,
        colli INTEGER NOT NULL,
        peso REAL NOT NULL,
        day TEXT NOT NULL,
        opening_time TEXT NOT NULL,
        closing_time TEXT NOT NULL,
        state TEXT NOT NULL CHECK (state IN ('waiting', 'booked', 'refused')),
        remote_id INTEGER,
        status REAL,
        num_orm TEXT NOT NULL DEFAULT '',
        error TEXT NOT NULL DEFAULT '',
        note TEXT NOT NULL DEFAULT '',
        last_error TEXT NOT NULL DEFAULT '',
        next_at INTEGER,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
      );
      CREATE UNIQUE INDEX bench_pickups_one_a_day ON bench_pickups (user_id, corriere, day) WHERE state <> 'refused';
      CREATE INDEX bench_pickups_due ON bench_pickups (next_at) WHERE next_at IS NOT NULL`);
  },
};
