// A standalone station's own key for its local API: made at its first start (crypto random), kept in the data folder
// in a file only this user can read, shown in Settings so a shop system can be given it, and replaced on request.
// Never the public demo key: a web page could send that one to 127.0.0.1.
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const LOCAL_API_KEY_FILE = 'local-api.key';

/** What is accepted from the file: a key someone wrote there by hand is kept if it is as long as ours would be. */
const USABLE = /^[A-Za-z0-9_.~-]{32,200}$/;

const newKey = () => randomBytes(32).toString('base64url');

function write(dataDir: string, key: string): void {
  const file = join(dataDir, LOCAL_API_KEY_FILE);
  const temp = `${file}.tmp`;
  writeFileSync(temp, `${key}\n`, { mode: 0o600 });
  renameSync(temp, file);
}

/** The key in the data folder; made (and kept) when there is none or what is there is not a usable key. */
export function localApiKey(dataDir: string): string {
  const file = join(dataDir, LOCAL_API_KEY_FILE);
  const existing = existsSync(file) ? readFileSync(file, 'utf8').trim() : '';
  if (USABLE.test(existing)) return existing;
  const key = newKey();
  write(dataDir, key);
  return key;
}

/** A new key replaces the old one in the data folder; the caller starts using it at once. */
export function renewLocalApiKey(dataDir: string): string {
  const key = newKey();
  write(dataDir, key);
  return key;
}
