// API keys are stored only encrypted by the system key store, and never show up in a message.
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createSecretStore, type SafeStorageLike } from '../../../src/main/secrets';
import { removeTempDirs, tempDir } from '../../helpers/tmp';

vi.mock('electron', () => {
  throw new Error('a test must never load the real electron module');
});

afterEach(removeTempDirs);

const KEY = 'sk-live-4f9a8c7e6d5b';

/** Like safeStorage: a reversible transformation whose output never contains the plain text. */
function fakeSafeStorage(options: { available?: boolean; backend?: string; failing?: boolean } = {}): SafeStorageLike {
  const xor = (bytes: Buffer): Buffer => Buffer.from(bytes.map((b) => b ^ 0x5a));
  return {
    isEncryptionAvailable: () => options.available ?? true,
    getSelectedStorageBackend: () => options.backend ?? 'gnome_libsecret',
    encryptString: (plain) => {
      if (options.failing) throw new Error(`cannot encrypt ${plain}`);
      return Buffer.concat([Buffer.from('v10'), xor(Buffer.from(plain, 'utf8'))]);
    },
    decryptString: (encrypted) => {
      if (options.failing || encrypted.subarray(0, 3).toString() !== 'v10')
        throw new Error(`cannot decrypt ${encrypted.toString('hex')}`);
      return xor(encrypted.subarray(3)).toString('utf8');
    },
  };
}

describe('the secret store', () => {
  it('keeps an API key encrypted on disk and gives it back', () => {
    const file = join(tempDir(), 'secrets.json');
    const store = createSecretStore(fakeSafeStorage(), file);

    expect(store.status().available).toBe(true);
    expect(store.save('apiKey', KEY)).toEqual({ ok: true, value: undefined });
    expect(readFileSync(file, 'utf8')).not.toContain(KEY);
    if (process.platform !== 'win32') expect(statSync(file).mode & 0o777).toBe(0o600);

    expect(createSecretStore(fakeSafeStorage(), file).load('apiKey')).toEqual({ ok: true, value: KEY });
    expect(store.load('other')).toEqual({ ok: true, value: undefined });
    expect(store.load('constructor')).toEqual({ ok: true, value: undefined });
  });

  it('forgets a key on request', () => {
    const store = createSecretStore(fakeSafeStorage(), join(tempDir(), 'secrets.json'));
    store.save('apiKey', KEY);

    expect(store.remove('apiKey').ok).toBe(true);
    expect(store.load('apiKey')).toEqual({ ok: true, value: undefined });
  });

  it('refuses to store a key when encryption is not available, and says so plainly', () => {
    const file = join(tempDir(), 'secrets.json');
    const store = createSecretStore(fakeSafeStorage({ available: false }), file);

    const saved = store.save('apiKey', KEY);

    expect(store.status()).toMatchObject({
      available: false,
      message: expect.stringContaining('Cifratura non disponibile'),
    });
    expect(saved).toEqual({ ok: false, message: store.status().message });
    expect(() => readFileSync(file)).toThrow();
  });

  it("does not settle for Linux's hard-coded password when no keyring runs", () => {
    const store = createSecretStore(fakeSafeStorage({ backend: 'basic_text' }), join(tempDir(), 'secrets.json'));

    expect(store.status()).toMatchObject({ available: false, message: expect.stringContaining('portachiavi') });
    expect(store.save('apiKey', KEY).ok).toBe(false);
  });

  it('never puts the key or its ciphertext in a message', () => {
    const file = join(tempDir(), 'secrets.json');
    createSecretStore(fakeSafeStorage(), file).save('apiKey', KEY);
    const stored = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
    const broken = createSecretStore(fakeSafeStorage({ failing: true }), file);

    const answers = [broken.save('apiKey', KEY), broken.load('apiKey')];

    for (const answer of answers) {
      expect(answer.ok).toBe(false);
      const text = JSON.stringify(answer);
      expect(text).not.toContain(KEY);
      expect(text).not.toContain(stored.apiKey);
      expect(text).not.toContain(Buffer.from(stored.apiKey ?? '', 'base64').toString('hex'));
    }
  });

  it('reports an unreadable store instead of throwing', () => {
    const file = join(tempDir(), 'secrets.json');
    writeFileSync(file, '{ not json');

    const loaded = createSecretStore(fakeSafeStorage(), file).load('apiKey');

    expect(loaded).toMatchObject({ ok: false, message: expect.stringContaining('illeggibile') });
  });
});
