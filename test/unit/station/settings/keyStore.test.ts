// The browser station keeps the API key in a file only its user can read, and says that it is not encrypted.
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createKeyStore, PLAIN_FILE_MESSAGE, plainCodec } from '../../../../src/station/settings/keyStore';
import { removeTempDirs, tempDir } from '../../../helpers/tmp';

afterEach(removeTempDirs);

describe('the browser station key store', () => {
  it('keeps the key in a 0600 file, gives it back, and tells the screen it is not encrypted', () => {
    const file = join(tempDir(), 'nested', 'secrets.json');
    const store = createKeyStore(file, plainCodec());

    expect(store.status()).toEqual({ available: true, encrypted: false, message: PLAIN_FILE_MESSAGE });
    expect(store.save('remote.api_key', 'chiave-di-prova-123')).toEqual({ ok: true, value: undefined });
    if (process.platform !== 'win32') expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(createKeyStore(file, plainCodec()).load('remote.api_key')).toEqual({
      ok: true,
      value: 'chiave-di-prova-123',
    });
    expect(store.remove('remote.api_key').ok).toBe(true);
    expect(store.load('remote.api_key')).toEqual({ ok: true, value: undefined });
  });

  it('answers a damaged file with a message, not an exception', () => {
    const file = join(tempDir(), 'secrets.json');
    const store = createKeyStore(file, plainCodec());
    store.save('remote.api_key', 'x');
    writeFileSync(file, '{ non json');
    expect(store.load('remote.api_key')).toMatchObject({ ok: false, message: expect.stringContaining('illeggibile') });
    expect(readFileSync(file, 'utf8')).toBe('{ non json');
  });
});
