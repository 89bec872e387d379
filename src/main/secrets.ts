// API keys at rest, encrypted with the operating system's key store through Electron's safeStorage. Electron-free: main
// passes in `safeStorage`; tests pass a fake. A secret never appears in a message, a log line or an error.
import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/** The part of Electron's safeStorage used here. */
export interface SafeStorageLike {
  isEncryptionAvailable(): boolean;
  encryptString(plainText: string): Buffer;
  decryptString(encrypted: Buffer): string;
  /** Linux only: 'basic_text' means no key store, i.e. a hard-coded password (Electron docs). */
  getSelectedStorageBackend?(): string;
}

export type SecretResult<T> = { ok: true; value: T } | { ok: false; message: string };

export interface SecretStore {
  /** Whether secrets can be kept here, and in words why not. */
  status(): { available: boolean; message: string };
  save(name: string, secret: string): SecretResult<void>;
  /** `value: undefined` when nothing is stored under `name`. */
  load(name: string): SecretResult<string | undefined>;
  remove(name: string): SecretResult<void>;
}

const UNAVAILABLE =
  'Cifratura non disponibile su questo computer: la chiave API non viene salvata (andrà reinserita a ogni avvio). ' +
  '/ Encryption is not available on this computer: the API key is not stored.';
const WEAK_LINUX =
  'Nessun portachiavi di sistema (gnome-keyring o KWallet) attivo: la chiave API non viene salvata in chiaro. ' +
  '/ No system keyring is running: the API key is not stored in plain text.';

const NAME = /^[A-Za-z0-9_.-]{1,64}$/;

/** Secrets kept as base64 ciphertext in one JSON file (mode 0600), written atomically. */
export function createSecretStore(safeStorage: SafeStorageLike, file: string): SecretStore {
  const status = (): { available: boolean; message: string } => {
    let available: boolean;
    try {
      available = safeStorage.isEncryptionAvailable();
    } catch {
      available = false;
    }
    if (!available) return { available: false, message: UNAVAILABLE };
    let backend: string | undefined;
    try {
      backend = safeStorage.getSelectedStorageBackend?.();
    } catch {
      backend = undefined;
    }
    if (backend === 'basic_text') return { available: false, message: WEAK_LINUX };
    return { available: true, message: 'Chiave API cifrata con il portachiavi del sistema.' };
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
      mkdirSync(dirname(file), { recursive: true });
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
      let encrypted: Buffer;
      try {
        encrypted = safeStorage.encryptString(secret);
      } catch {
        // The underlying error is dropped on purpose: it could quote what it was given.
        return { ok: false, message: 'Cifratura della chiave API non riuscita.' };
      }
      const all = readAll();
      if (!all.ok) return all;
      return writeAll({ ...all.value, [name]: encrypted.toString('base64') });
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
        return { ok: true, value: safeStorage.decryptString(Buffer.from(stored, 'base64')) };
      } catch {
        return { ok: false, message: 'La chiave API salvata non si può decifrare su questo utente o computer: reinseriscila.' };
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
