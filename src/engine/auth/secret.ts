// The installation's secret for keyed key hashes: 32 random bytes, made once and kept beside the database in a file
// only this user can read. Beside it, not in it: a copied database without this file lets nobody test keys offline.
import { randomBytes } from 'node:crypto';
import { chmodSync, readFileSync, writeFileSync } from 'node:fs';

export interface AuthSecret {
  secret: Buffer;
  /** Made just now: hashes already in the database were made with another secret (or none) and cannot be checked. */
  created: boolean;
}

/** Where the secret of the database `file` lives. */
const secretFileOf = (file: string): string => `${file}.secret`;

const HEX = /^[0-9a-f]{64}$/;

export function loadAuthSecret(file: string): AuthSecret {
  if (file === ':memory:') return { secret: randomBytes(32), created: true };
  const path = secretFileOf(file);
  const secret = randomBytes(32);
  try {
    // Exclusive create: two processes starting on one new database end up with the same secret, the first one's.
    writeFileSync(path, `${secret.toString('hex')}\n`, { mode: 0o600, flag: 'wx' });
    return { secret, created: true };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  // A secret copied or restored with a looser mode is tightened like the database it belongs to.
  chmodSync(path, 0o600);
  const text = readFileSync(path, 'utf8').trim();
  if (!HEX.test(text)) {
    throw new Error(`${path} is damaged: remove it and start again (a new one is made, configured keys are re-keyed)`);
  }
  return { secret: Buffer.from(text, 'hex'), created: false };
}
