// Migration 29 (pickups) on a file written by version 28: both tables are new and empty; the service keeps one booked
// pickup per user, courier and day (refusals beside it), the bench one asked for or booked (refused ones beside it).
import { afterAll, describe, expect, it } from 'vitest';
import { currentVersion, migrate } from '../../../../../src/engine/db/migrate';
import { databaseAt } from '../../../../helpers/migrations';
import { removeTempDirs } from '../../../../helpers/tmp';

afterAll(removeTempDirs);

describe('migration 0029-pickups', () => {
  it('adds the pickups booked here and the bench pickups, one a day per user and courier unless refused', () => {
    const db = databaseAt(28);
    try {
      db.prepare("INSERT INTO users (id, key_hash) VALUES (1, 'a'), (2, 'b')").run();
      migrate(db, 29);
      expect(currentVersion(db)).toBe(29);
      const booked = db.prepare(
        `INSERT INTO pickups (user_id, client_id, corriere, servizio, colli, peso, day, opening_time, closing_time,
           status, num_orm, booked_at) VALUES (?, 1001, 70, 1, 2, 3, '2026-11-30', '14:00:00', '18:00:00', ?, ?, 1)`,
      );
      booked.run(1, 10, '');
      booked.run(1, 10, '');
      booked.run(1, 1, 'R1');
      booked.run(2, 1, 'R2');
      expect(() => booked.run(1, 1, 'R3')).toThrow(/UNIQUE/);
      const asked = db.prepare(
        `INSERT INTO bench_pickups (user_id, client_id, corriere, servizio, colli, peso, day, opening_time,
           closing_time, state, created_at, updated_at) VALUES (1, 1001, 70, 1, 2, 3, '2026-11-30', '14:00:00',
           '18:00:00', ?, 1, 1)`,
      );
      asked.run('refused');
      asked.run('refused');
      asked.run('waiting');
      expect(() => asked.run('booked')).toThrow(/UNIQUE/);
      expect(() => asked.run('lost')).toThrow(/CHECK/);
    } finally {
      db.close();
    }
  });
});
