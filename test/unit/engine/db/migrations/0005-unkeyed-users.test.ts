// Migration 5 (unkeyed users) on a file written by version 4, whose users rows hold unsalted SHA-256 hashes of their
// keys: every hash is gone, from the rows and from the file's bytes, while user ids and client ids stay as they were.
import Database from 'better-sqlite3';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { currentVersion, migrate } from '../../../../../src/engine/db/migrate';
import { removeTempDirs, tempDir } from '../../../../helpers/tmp';

afterAll(removeTempDirs);

const sha256 = (key: string) => createHash('sha256').update(key, 'utf8').digest('hex');
const KEYS = ['alice-key-0123456789-abcdef', 'bob-key-0123456789-abcdefgh'];

describe('migration 0005-unkeyed-users', () => {
  it('removes every SHA-256 key hash, keeping users, their ids and their client ids', () => {
    const file = join(tempDir(), 'm5.sqlite');
    const db = new Database(file);
    try {
      db.pragma('journal_mode = WAL');
      migrate(db, 4);
      db.prepare("INSERT INTO users (id, key_hash, label) VALUES (7, ?, 'alice'), (9, ?, 'bob')").run(
        sha256(KEYS[0] ?? ''),
        sha256(KEYS[1] ?? ''),
      );
      db.prepare('INSERT INTO clients (client_id, user_id) VALUES (1001, 7), (2001, 9)').run();

      migrate(db, 5);
      expect(currentVersion(db)).toBe(5);
      expect(db.prepare('SELECT id, key_hash, label FROM users ORDER BY id').all()).toEqual([
        { id: 7, key_hash: 'unkeyed:7', label: 'alice' },
        { id: 9, key_hash: 'unkeyed:9', label: 'bob' },
      ]);
      expect(db.prepare('SELECT client_id, user_id FROM clients ORDER BY client_id').all()).toEqual([
        { client_id: 1001, user_id: 7 },
        { client_id: 2001, user_id: 9 },
      ]);
    } finally {
      db.close();
    }
    // Not even in free pages: a copy of the file must give nothing to test a guess against.
    const bytes = readFileSync(file).toString('latin1');
    for (const key of KEYS) expect(bytes).not.toContain(sha256(key));
  });
});
