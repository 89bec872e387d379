// What the connection form accepts, and which database each connection uses.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  checkApiKey,
  checkRemoteUrl,
  databaseFileFor,
  parseClientIds,
} from '../../../../src/station/connection/connection';

describe('the connection form', () => {
  it('takes the remote address as the spec base_url, over https, or http only on this computer', () => {
    expect(checkRemoteUrl(' https://servizio.example.it/acme/ ')).toEqual({
      ok: true,
      value: 'https://servizio.example.it/acme',
    });
    expect(checkRemoteUrl('http://127.0.0.1:8080/acme')).toEqual({ ok: true, value: 'http://127.0.0.1:8080/acme' });
    expect(checkRemoteUrl('http://localhost:9000')).toEqual({ ok: true, value: 'http://localhost:9000' });
    expect(checkRemoteUrl('http://servizio.example.it/acme')).toMatchObject({
      ok: false,
      message: expect.stringContaining('https://'),
    });
    expect(checkRemoteUrl('ftp://servizio.example.it/acme')).toMatchObject({ ok: false });
    expect(checkRemoteUrl('servizio.example.it')).toMatchObject({
      ok: false,
      message: expect.stringContaining('non valido'),
    });
    expect(checkRemoteUrl('https://user:pw@servizio.example.it/acme')).toMatchObject({
      ok: false,
      message: expect.stringContaining('credenziali'),
    });
    expect(checkRemoteUrl('https://servizio.example.it/acme?x=1')).toMatchObject({ ok: false });
  });

  it('reads client ids as typed at a bench, and explains the one it cannot use', () => {
    expect(parseClientIds('1001, 1002;1003 1004')).toEqual({ ok: true, value: [1001, 1002, 1003, 1004] });
    expect(parseClientIds('  ')).toMatchObject({ ok: false, message: 'Indica almeno un codice cliente' });
    expect(parseClientIds('1001, 12345678')).toMatchObject({ ok: false, message: expect.stringContaining('12345678') });
    expect(parseClientIds('0')).toMatchObject({ ok: false });
    expect(parseClientIds('1001, 1001')).toMatchObject({ ok: false, message: 'Codice cliente ripetuto' });
  });

  it('accepts any key that can travel in the x-api-key header', () => {
    expect(checkApiKey('demo-api-key-0001')).toBeUndefined();
    expect(checkApiKey('due parole')).toContain('spazi');
    expect(checkApiKey('àccento')).toContain('caratteri');
    expect(checkApiKey('x'.repeat(201))).toContain('lunga');
  });

  it('gives each connection its own database, the same one for the same remote however it is typed', () => {
    const dir = join('/data', 'station');
    expect(databaseFileFor(dir, undefined)).toBe(join(dir, 'station.sqlite'));
    const acme = databaseFileFor(dir, 'https://Servizio.example.it/acme');
    expect(acme).toMatch(/remote-servizio\.example\.it_acme-[0-9a-f]{8}\.sqlite$/);
    expect(databaseFileFor(dir, 'https://servizio.example.it/acme/')).toBe(acme);
    expect(databaseFileFor(dir, 'https://servizio.example.it/beta')).not.toBe(acme);
    expect(databaseFileFor(dir, 'http://servizio.example.it/acme')).not.toBe(acme);
  });
});
