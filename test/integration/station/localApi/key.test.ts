// The station's local API against web pages and copied files: it answers only loopback Host names (a DNS-rebinding
// page is refused before anything happens), a standalone station has a key of its own (never the public demo key)
// that survives a restart and can be renewed, and no database of the station holds anything to test a key against.
import Database from 'better-sqlite3';
import { createHash } from 'node:crypto';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { migrate } from '../../../../src/engine/db/migrate';
import { databaseFileFor } from '../../../../src/station/connection/connection';
import { createStation, type Station } from '../../../../src/station/index';
import { apiClient } from '../../../helpers/api';
import { rawRequest } from '../../../helpers/rawHttp';
import { removeTempDirs, tempDir } from '../../../helpers/tmp';
import { DEMO_KEY, validShipment } from '../../../fixtures/shipments';

const stations: Station[] = [];
afterEach(async () => {
  for (const s of stations.splice(0)) await s.close();
  removeTempDirs();
});

async function started(...args: Parameters<typeof createStation>): Promise<Station> {
  const station = await createStation(...args);
  stations.push(station);
  return station;
}

const sha256 = (key: string) => createHash('sha256').update(key, 'utf8').digest('hex');

/** Every byte of the station's SQLite files, as text to search. */
function databaseBytes(dataDir: string): string {
  return readdirSync(dataDir)
    .filter((name) => /\.sqlite(-wal)?$/.test(name))
    .map((name) => readFileSync(join(dataDir, name)).toString('latin1'))
    .join('');
}

describe('the local API and the Host header', () => {
  it('refuses a request naming another host, even with the right key, and creates nothing', async () => {
    const station = await started({ dataDir: tempDir(), localPort: 0 });
    const url = station.localApiUrl ?? '';
    const key = station.localApiKey ?? '';
    const rebound = await rawRequest(`${url}/Shipment`, {
      method: 'POST',
      headers: { host: 'attacker.example', 'x-api-key': key },
      body: validShipment(),
    });
    expect(rebound).toEqual({
      status: 421,
      body: { error: 'Host non ammesso: rispondo solo a 127.0.0.1 e localhost' },
    });
    const withPort = await rawRequest(`${url}/Shipment?id=1`, {
      headers: { host: `attacker.example:${new URL(url).port}`, 'x-api-key': key },
    });
    expect(withPort.status).toBe(421);
    expect(station.engine.listShipments(station.caller, { view: 'departing', limit: 10, offset: 0 }).total).toBe(0);

    const localhost = await rawRequest(`${url}/Shipment`, {
      method: 'POST',
      headers: { host: `localhost:${new URL(url).port}`, 'x-api-key': key },
      body: validShipment(),
    });
    expect(localhost.status).toBe(200);
  });
});

describe("a standalone station's local API key", () => {
  it('is its own random key, kept in a 0600 file; the public demo key is refused', async () => {
    const dataDir = tempDir();
    const station = await started({ dataDir, localPort: 0 });
    const key = station.localApiKey ?? '';
    expect(key.length).toBeGreaterThanOrEqual(32);
    expect(key).not.toBe(DEMO_KEY);
    const file = join(dataDir, 'local-api.key');
    expect(readFileSync(file, 'utf8').trim()).toBe(key);
    expect(statSync(file).mode & 0o777).toBe(0o600);

    expect(
      (await apiClient(station.localApiUrl ?? '', DEMO_KEY).request('POST', '/Shipment', validShipment())).status,
    ).toBe(403);
    expect((await apiClient(station.localApiUrl ?? '', key).request('POST', '/Shipment', validShipment())).status).toBe(
      200,
    );
  });

  it('survives a restart, and a renewed key replaces the old one at once and after a restart', async () => {
    const dataDir = tempDir();
    const first = await started({ dataDir, localPort: 0 });
    const key = first.localApiKey ?? '';
    await first.close();
    stations.splice(0);

    const second = await started({ dataDir, localPort: 0 });
    expect(second.localApiKey).toBe(key);
    const created = await apiClient(second.localApiUrl ?? '', key).request<{ id: number }>(
      'POST',
      '/Shipment',
      validShipment(),
    );
    expect(created.status).toBe(200);

    const renewed = second.renewLocalApiKey() ?? '';
    expect(renewed).not.toBe(key);
    expect(
      (await apiClient(second.localApiUrl ?? '', key).request('GET', `/Shipment?id=${created.body.id}`)).status,
    ).toBe(403);
    expect(
      (await apiClient(second.localApiUrl ?? '', renewed).request('GET', `/Shipment?id=${created.body.id}`)).status,
    ).toBe(200);
    await second.close();
    stations.splice(0);

    const third = await started({ dataDir, localPort: 0 });
    expect(third.localApiKey).toBe(renewed);
  });
});

describe("a connected station's database", () => {
  const REMOTE = 'http://127.0.0.1:9/acme';
  const KEY = 'remote-key-0123456789-abcdef';

  it("holds no hash of the remote's key; the local API accepts that key from memory", async () => {
    const dataDir = tempDir();
    const station = await started({
      dataDir,
      remoteUrl: REMOTE,
      apiKey: KEY,
      clientIds: [1001],
      localPort: 0,
      sync: { hold: true },
    });
    expect(station.localApiKey).toBeUndefined();
    const shop = apiClient(station.localApiUrl ?? '', KEY);
    expect((await shop.request('POST', '/Shipment', validShipment())).status).toBe(200);
    expect((await apiClient(station.localApiUrl ?? '', DEMO_KEY).request('GET', '/Shipment?id=1')).status).toBe(403);
    await station.close();
    stations.splice(0);

    const bytes = databaseBytes(dataDir);
    expect(bytes).not.toContain(sha256(KEY));
    expect(bytes).not.toContain(KEY);
    // Nor a keyed hash of it: no hash-shaped value in users, and no secret to make one with.
    const db = new Database(databaseFileFor(dataDir, REMOTE), { readonly: true });
    const stored = (db.prepare('SELECT key_hash FROM users').all() as { key_hash: string }[]).map((r) => r.key_hash);
    db.close();
    expect(stored.filter((value) => /[0-9a-f]{32}/i.test(value))).toEqual([]);
    expect(readdirSync(dataDir).filter((name) => name.endsWith('.secret'))).toEqual([]);
  });

  it("loses the remote key's hash that an older release stored, keeping the station's user and shipments", async () => {
    const dataDir = tempDir();
    // What the previous release left: version 4, the remote key's SHA-256 as the station's user.
    const legacy = new Database(databaseFileFor(dataDir, REMOTE));
    migrate(legacy, 4);
    legacy.prepare("INSERT INTO users (id, key_hash, label) VALUES (1, ?, 'station')").run(sha256(KEY));
    legacy.prepare('INSERT INTO clients (client_id, user_id) VALUES (1001, 1)').run();
    legacy.close();
    expect(databaseBytes(dataDir)).toContain(sha256(KEY));

    const station = await started({
      dataDir,
      remoteUrl: REMOTE,
      apiKey: KEY,
      clientIds: [1001],
      localPort: 0,
      sync: { hold: true },
    });
    expect(station.caller.userId).toBe(1);
    expect((await apiClient(station.localApiUrl ?? '', KEY).request('POST', '/Shipment', validShipment())).status).toBe(
      200,
    );
    await station.close();
    stations.splice(0);
    expect(databaseBytes(dataDir)).not.toContain(sha256(KEY));
  });
});
