// API keys at the service, over real files and sockets: wrong keys from one address are paused without slowing anyone
// else, config keys must be long, and no key can be tested against what is on disk: the users table holds keyed hashes
// (HMAC with a secret beside the database), and an old file's SHA-256 hashes vanish. The service runs as
// `npm run serve` composes it, in this process; the refused config, an exit code, is the command line's own.
import Database from 'better-sqlite3';
import { createHash, createHmac } from 'node:crypto';
import { readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { apiClient } from '../../helpers/api';
import { clientAt, rawRequest } from '../../helpers/rawHttp';
import { removeTempDirs, tempDir } from '../../helpers/tmp';
import { DEMO_KEY, validShipment } from '../../fixtures/shipments';
import { runServiceCli, startServiceInProcess } from '../../peers/service';
import { MSG } from '../../../src/shared/api/messages';

afterAll(removeTempDirs);

const KEY = 'keys-test-0123456789-abcdefgh';
const CONFIG = { instance: 'keys', users: [{ api_key: KEY, client_ids: [1001] }] };
const sha256 = (key: string) => createHash('sha256').update(key, 'utf8').digest('hex');

/** Every byte of the service's SQLite files (database, WAL if any), as text to search. */
function databaseBytes(dataDir: string): string {
  return readdirSync(dataDir)
    .filter((name) => /\.sqlite(-wal)?$/.test(name))
    .map((name) => readFileSync(join(dataDir, name)).toString('latin1'))
    .join('');
}

describe('wrong API keys', () => {
  it(
    'pauses an address after 20 wrong keys in a minute, logs it once without the key, and lets other addresses in',
    { timeout: 60_000 },
    async () => {
      const service = await startServiceInProcess({ dataDir: tempDir() });
      const guesser = clientAt('127.0.0.1');
      const shop = clientAt('127.0.0.2');
      try {
        const answers: { status: number; error: string }[] = [];
        for (let i = 0; i < 300; i += 1) {
          const answer = await rawRequest(`${service.baseUrl}/Shipment?id=1`, {
            agent: guesser,
            headers: { 'x-api-key': `guess-${String(i).padStart(4, '0')}` },
          });
          answers.push({ status: answer.status, error: (answer.body as { error: string }).error });
        }
        expect(answers.every((a) => a.status === 403)).toBe(true);
        expect(answers.slice(0, 20).every((a) => a.error === MSG.invalidApiKey)).toBe(true);
        const paused = answers.slice(20);
        expect(paused.every((a) => a.error.startsWith('Limite di richieste superato (troppe API key non valide'))).toBe(
          true,
        );

        // Paused means the key is not even looked at: the right one from the same address is refused too...
        const sameAddress = await rawRequest(`${service.baseUrl}/Shipment`, {
          method: 'POST',
          agent: guesser,
          headers: { 'x-api-key': DEMO_KEY },
          body: validShipment(),
        });
        expect(sameAddress.status).toBe(403);
        // ...while a shop on another address works as usual.
        const other = await rawRequest(`${service.baseUrl}/Shipment`, {
          method: 'POST',
          agent: shop,
          headers: { 'x-api-key': DEMO_KEY },
          body: validShipment(),
        });
        expect(other.status).toBe(200);

        const lines = service
          .output()
          .split('\n')
          .filter((line) => line.includes('refusing API keys'));
        expect(lines).toEqual(['refusing API keys from 127.0.0.1 for 60 s: 20 wrong keys within 60 s']);
        expect(service.output()).not.toContain('guess-');
      } finally {
        guesser.destroy();
        shop.destroy();
        await service.stop();
      }
    },
  );
});

describe('keys in the service config', () => {
  it('refuses a 23-character key with a message naming the file and the user', async () => {
    const dir = tempDir();
    const file = join(dir, 'short.json');
    const short = 'k'.repeat(23);
    writeFileSync(file, JSON.stringify({ instance: 'x', users: [{ api_key: short, client_ids: [1] }] }));
    const run = await runServiceCli(['--port', '0', '--data', dir, '--config', file]);
    expect(run.code).toBe(2);
    expect(run.output).toContain(`config file ${file} is invalid`);
    expect(run.output).toContain('api_key must be at least 24 characters');
    expect(run.output).toContain('users[0].api_key');
    expect(run.output).not.toContain(short);
  });
});

describe('keys at rest', () => {
  it(
    'stores each key as its HMAC with a 0600 secret beside the database, never as a SHA-256, and accepts it after ' +
      'a restart',
    { timeout: 60_000 },
    async () => {
      const dataDir = tempDir();
      const first = await startServiceInProcess({ dataDir, config: CONFIG });
      const created = await apiClient(first.baseUrl, KEY).request<{ id: number }>('POST', '/Shipment', validShipment());
      expect(created.status).toBe(200);
      expect(await first.stop()).toBe(0);

      const dbFile = join(dataDir, 'service-keys.sqlite');
      const secretFile = `${dbFile}.secret`;
      expect(statSync(secretFile).mode & 0o777).toBe(0o600);
      const secret = Buffer.from(readFileSync(secretFile, 'utf8').trim(), 'hex');
      expect(secret.length).toBe(32);
      const db = new Database(dbFile, { readonly: true });
      const hashes = (db.prepare('SELECT key_hash FROM users').all() as { key_hash: string }[]).map((r) => r.key_hash);
      db.close();
      expect(hashes).toEqual([createHmac('sha256', secret).update(KEY).digest('hex')]);
      expect(databaseBytes(dataDir)).not.toContain(sha256(KEY));
      expect(databaseBytes(dataDir)).not.toContain(KEY);

      const second = await startServiceInProcess({ dataDir, config: CONFIG });
      try {
        expect((await apiClient(second.baseUrl, KEY).request('GET', `/Shipment?id=${created.body.id}`)).status).toBe(
          200,
        );
      } finally {
        await second.stop();
      }
    },
  );

  it(
    "re-keys a database from before keyed hashes: its SHA-256 rows are gone and their shipments stay the same key's",
    { timeout: 60_000 },
    async () => {
      const dataDir = tempDir();
      const first = await startServiceInProcess({ dataDir, config: CONFIG });
      const created = await apiClient(first.baseUrl, KEY).request<{ id: number }>('POST', '/Shipment', validShipment());
      expect(await first.stop()).toBe(0);
      // Make it what the previous release left: version 4, the key's unsalted SHA-256 in users, no secret file.
      const dbFile = join(dataDir, 'service-keys.sqlite');
      const db = new Database(dbFile);
      db.prepare('UPDATE users SET key_hash = ?').run(sha256(KEY));
      // Version 4's shape: without what later migrations added (0006's print job claims, 0007's outbox row version,
      // 0008's mail queue, 0009's partner events, 0010's invoiced clients, 0011's orders waiting, 0012's weighings and
      // the trigger that unlinks an order from a deleted shipment, 0013's amendment time, 0014's trade documents,
      // 0015's products; 0016 rebuilds print_jobs; 0018's shops; 0019's parcel tracking; 0020's parcel notices;
      // 0021's parcel actions; 0022's COD payments; 0025's batches and print job counters, 0026's boxes, 0027's item
      // codes and packing proof, 0028's shipping rules, 0029's pickups, 0030's order queue, 0031's shared queue's
      // posts and claims, 0032's invoice number index, 0033's hub parcels and re-reads, 0034's label prints asked and
      // label jobs by shipment, 0035's shipments by client and creation time).
      db.exec('DROP TABLE queue_posts; DROP TABLE queue_claims');
      db.exec('ALTER TABLE print_jobs DROP COLUMN claimed_by; ALTER TABLE print_jobs DROP COLUMN auto_resends');
      db.exec('ALTER TABLE outbox DROP COLUMN version');
      db.exec('DROP TABLE mail_outbox; DROP TABLE partner_attempts; DROP TABLE partner_events');
      db.exec('DROP TABLE invoiced_clients; DROP INDEX shipments_by_invoiced_client');
      db.exec('DROP TRIGGER orders_unlink_deleted_shipment; DROP TABLE weighings; DROP TABLE orders');
      db.exec('ALTER TABLE shipments DROP COLUMN amended_at; DROP TABLE trade_documents; DROP TABLE products');
      db.exec('DROP TABLE hub_parcels; DROP TABLE elsewhere_rereads');
      db.exec('DROP TABLE parcel_notices; DROP TABLE parcel_actions');
      db.exec(
        'DROP TABLE shop_attempts; DROP TABLE shop_fulfilments; DROP TABLE shop_orders; DROP TABLE shop_connections',
      );
      db.exec('DROP TABLE parcel_states; DROP TABLE parcel_follow; DROP INDEX shipments_confirmed');
      db.exec('DROP TABLE cod_payment_items; DROP TABLE cod_payments');
      db.exec('DROP TABLE batch_orders; DROP TABLE batches; ALTER TABLE print_jobs DROP COLUMN counter_before');
      db.exec(
        'DROP TABLE box_presets; DROP TABLE product_codes; DROP TABLE packing_scans; DROP TABLE packing_overrides',
      );
      db.exec('DROP TABLE shipping_rules');
      db.exec('DROP TABLE pickups; DROP TABLE bench_pickups');
      db.exec('DROP TRIGGER order_queue_unlink_deleted_shipment; DROP TABLE order_queue');
      db.exec('DROP INDEX shipments_by_client_invoice');
      db.exec('DROP TABLE label_prints_asked; DROP INDEX print_jobs_by_shipment');
      db.exec('DROP INDEX shipments_by_client_created');
      db.pragma('user_version = 4');
      db.close();
      rmSync(`${dbFile}.secret`);
      expect(databaseBytes(dataDir)).toContain(sha256(KEY));

      const second = await startServiceInProcess({ dataDir, config: CONFIG });
      try {
        expect((await apiClient(second.baseUrl, KEY).request('GET', `/Shipment?id=${created.body.id}`)).status).toBe(
          200,
        );
      } finally {
        await second.stop();
      }
      const secret = Buffer.from(readFileSync(`${dbFile}.secret`, 'utf8').trim(), 'hex');
      const after = new Database(dbFile, { readonly: true });
      const users = after.prepare('SELECT id, key_hash FROM users').all();
      after.close();
      // The same user row, re-keyed: manifests, which belong to the user, stay where they were.
      expect(users).toEqual([{ id: 1, key_hash: createHmac('sha256', secret).update(KEY).digest('hex') }]);
      expect(databaseBytes(dataDir)).not.toContain(sha256(KEY));
    },
  );
});
