// API keys at rest in the desktop app, encrypted with the operating system's key store through Electron's safeStorage.
// Electron-free: main passes in `safeStorage`; tests pass a fake. The file handling is the station's key store.
import { createKeyStore, type KeyStore, type KeyStoreStatus, type SecretCodec } from '../station/settings/keyStore';

export type { SecretResult } from '../station/settings/keyStore';

/** The part of Electron's safeStorage used here. */
export interface SafeStorageLike {
  isEncryptionAvailable(): boolean;
  encryptString(plainText: string): Buffer;
  decryptString(encrypted: Buffer): string;
  /** Linux only: 'basic_text' means no key store, i.e. a hard-coded password (Electron docs). */
  getSelectedStorageBackend?(): string;
}

const UNAVAILABLE =
  'Cifratura non disponibile su questo computer: la chiave API non viene salvata (andrà reinserita a ogni avvio). ' +
  '/ Encryption is not available on this computer: the API key is not stored.';
const WEAK_LINUX =
  'Nessun portachiavi di sistema (gnome-keyring o KWallet) attivo: la chiave API non viene salvata in chiaro ' +
  '(andrà reinserita a ogni avvio). / No system keyring is running: the API key is not stored in plain text.';

function safeStorageCodec(safeStorage: SafeStorageLike): SecretCodec {
  return {
    status(): KeyStoreStatus {
      let available: boolean;
      try {
        available = safeStorage.isEncryptionAvailable();
      } catch {
        available = false;
      }
      if (!available) return { available: false, encrypted: false, message: UNAVAILABLE };
      let backend: string | undefined;
      try {
        backend = safeStorage.getSelectedStorageBackend?.();
      } catch {
        backend = undefined;
      }
      if (backend === 'basic_text') return { available: false, encrypted: false, message: WEAK_LINUX };
      return { available: true, encrypted: true, message: 'Chiave API cifrata con il portachiavi del sistema.' };
    },
    encode: (secret) => safeStorage.encryptString(secret),
    decode: (stored) => safeStorage.decryptString(stored),
  };
}

/** Secrets kept as base64 ciphertext in one JSON file (mode 0600), written atomically. */
export function createSecretStore(safeStorage: SafeStorageLike, file: string): KeyStore {
  return createKeyStore(file, safeStorageCodec(safeStorage));
}
