// Small station settings kept in the database (language, auto-print, the station's ddt_alpha prefix, ...): one
// key → text table, read and written through prepared statements made once per connection.
import type { Db } from '../db/open';

export function createSettingsRepo(db: Db) {
  const s = {
    get: db.prepare<[string], { value: string }>('SELECT value FROM settings WHERE key = ?'),
    set: db.prepare<{ key: string; value: string }>(
      'INSERT INTO settings (key, value) VALUES (@key, @value) ON CONFLICT(key) DO UPDATE SET value = excluded.value',
    ),
  };
  return {
    get: (key: string): string | undefined => s.get.get(key)?.value,
    set: (key: string, value: string): void => {
      s.set.run({ key, value });
    },
  };
}

export type SettingsRepo = ReturnType<typeof createSettingsRepo>;
