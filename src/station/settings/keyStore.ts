// Where the station keeps the remote's API key between starts: one small JSON file (mode 0600, written atomically)
// whose values a codec turns into bytes and back. The desktop app's codec is Electron's safeStorage (src/main/secrets);
// the browser station has no OS key store and keeps the key in plain text in that file, and says so.
import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { PartnerSecrets } from '../../engine/index';

export type SecretResult<T> = { ok: true; value: T } | { ok: false; message: string };

export interface KeyStoreStatus {
  /** Whether a key saved now is there at the next start. */
  available: boolean;
  /** Whether it is encrypted by the operating system's key store (false: plain text in a 0600 file, or not kept). */
  encrypted: boolean;
  message: string;
}

export interface KeyStore {
  status(): KeyStoreStatus;
  save(name: string, secret: string): SecretResult<void>;
  /** `value: undefined` when nothing is stored under `name`. */
  load(name: string): SecretResult<string | undefined>;
  remove(name: string): SecretResult<void>;
}

/** How a secret becomes what is written to the file, and back. Errors it throws are never shown (they may quote it). */
export interface SecretCodec {
  status(): KeyStoreStatus;
  encode(secret: string): Buffer;
  decode(stored: Buffer): string;
}

const NAME = /^[A-Za-z0-9_.-]{1,64}$/;

/** The key file's name in a folder (the data folder for the browser and headless stations). */
export const SECRETS_FILE = 'secrets.json';

export const PLAIN_FILE_MESSAGE =
  'Chiave API salvata in chiaro in un file leggibile solo dal tuo utente (nessun portachiavi nella postazione via ' +
  'browser). ' +
  '/ API key stored in plain text in a file only your user can read.';

/** The browser station's codec: the file's permissions are the only protection, and the screen says so. */
export function plainCodec(): SecretCodec {
  return {
    status: () => ({ available: true, encrypted: false, message: PLAIN_FILE_MESSAGE }),
    encode: (secret) => Buffer.from(secret, 'utf8'),
    decode: (stored) => stored.toString('utf8'),
  };
}

export function createKeyStore(file: string, codec: SecretCodec): KeyStore {
  const status = (): KeyStoreStatus => {
    try {
      return codec.status();
    } catch {
      return { available: false, encrypted: false, message: 'Archivio delle chiavi non disponibile.' };
    }
  };

  const readAll = (): SecretResult<Record<string, string>> => {
    if (!existsSync(file)) return { ok: true, value: {} };
    try {
      const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'));
      if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new Error('not an object');
      const entries = Object.entries(parsed).filter((e): e is [string, string] => typeof e[1] === 'string');
      return { ok: true, value: Object.fromEntries(entries) };
    } catch {
      return { ok: false, message: `Archivio delle chiavi illeggibile (${file}): reinserisci la chiave API.` };
    }
  };

  const writeAll = (all: Record<string, string>): SecretResult<void> => {
    try {
      mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
      const temp = `${file}.tmp`;
      writeFileSync(temp, `${JSON.stringify(all, null, 2)}\n`, { mode: 0o600 });
      chmodSync(temp, 0o600);
      renameSync(temp, file);
      return { ok: true, value: undefined };
    } catch {
      return { ok: false, message: `Impossibile scrivere l'archivio delle chiavi (${file}).` };
    }
  };

  const checkName = (name: string): SecretResult<void> =>
    NAME.test(name) ? { ok: true, value: undefined } : { ok: false, message: 'Nome della chiave non valido.' };

  return {
    status,
    save(name, secret) {
      const named = checkName(name);
      if (!named.ok) return named;
      const state = status();
      if (!state.available) return { ok: false, message: state.message };
      let encoded: Buffer;
      try {
        encoded = codec.encode(secret);
      } catch {
        // The underlying error is dropped on purpose: it could quote what it was given.
        return { ok: false, message: 'Cifratura della chiave API non riuscita.' };
      }
      const all = readAll();
      if (!all.ok) return all;
      return writeAll({ ...all.value, [name]: encoded.toString('base64') });
    },
    load(name) {
      const named = checkName(name);
      if (!named.ok) return named;
      const all = readAll();
      if (!all.ok) return all;
      const stored = Object.hasOwn(all.value, name) ? all.value[name] : undefined;
      if (stored === undefined) return { ok: true, value: undefined };
      const state = status();
      if (!state.available) return { ok: false, message: state.message };
      try {
        return { ok: true, value: codec.decode(Buffer.from(stored, 'base64')) };
      } catch {
        return {
          ok: false,
          message: 'La chiave API salvata non si può decifrare su questo utente o computer: reinseriscila.',
        };
      }
    },
    remove(name) {
      const named = checkName(name);
      if (!named.ok) return named;
      const all = readAll();
      if (!all.ok) return all;
      if (!Object.hasOwn(all.value, name)) return { ok: true, value: undefined };
      const { [name]: _removed, ...rest } = all.value;
      return writeAll(rest);
    },
  };
}

/** The bench's key store as the engine's store of partner secrets (`partner.<client id>`). */
export function partnerSecretsIn(keyStore: KeyStore): PartnerSecrets {
  const name = (clientId: number) => `partner.${clientId}`;
  return {
    get(clientId) {
      const loaded = keyStore.load(name(clientId));
      return loaded.ok ? loaded.value : undefined;
    },
    set(clientId, secret) {
      const done = secret === null ? keyStore.remove(name(clientId)) : keyStore.save(name(clientId), secret);
      return done.ok ? { ok: true } : { ok: false, message: done.message };
    },
  };
}
