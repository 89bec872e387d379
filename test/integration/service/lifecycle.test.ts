// The service as a process: persistence across restarts, unique ids under concurrency, clean stop on SIGTERM with
// requests in flight, and clear start-up errors for a bad config. What is about the process (its stdout, signals,
// kill -9, exit codes) runs `npm run serve` as one; the restarts that only read the data folder after, and the
// concurrency test, run the same composition in this process (test/peers/service.ts). The concurrency, SIGTERM and
// kill -9 tests make their creates on the service's writer thread, as `npm run serve` does (the suite's default is
// the request thread: test/vitest.config.ts).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { runServiceCli, startService, startServiceInProcess } from '../../peers/service';
import { apiClient } from '../../helpers/api';
import { removeTempDirs, tempDir } from '../../helpers/tmp';
import { DEMO_KEY, validShipment } from '../../fixtures/shipments';

afterAll(removeTempDirs);

const WRITER_THREAD = { STATION_WRITER_THREAD: '1' };

describe('the service process', () => {
  it('prints the demo account and the base URL with the instance, and keeps shipments across a restart', async () => {
    const dataDir = tempDir();
    const first = await startService({ dataDir });
    expect(first.output()).toContain('demo account: x-api-key demo-api-key-0001, client ids 1001, 1002');
    expect(first.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/demo$/);
    const api1 = apiClient(first.baseUrl, DEMO_KEY);
    const { body: created } = await api1.request<{ id: number; ddt_num: number }>(
      'POST',
      '/Shipment',
      validShipment({ labelType: 'ZPL' }),
    );
    expect(await first.stop('SIGTERM')).toBe(0);

    const second = await startServiceInProcess({ dataDir });
    try {
      const api2 = apiClient(second.baseUrl, DEMO_KEY);
      const again = await api2.request<{ id: number }>('GET', `/Shipment?id=${created.id}`);
      expect(again.status).toBe(200);
      const next = await api2.request<{ id: number; ddt_num: number }>(
        'POST',
        '/Shipment',
        validShipment({ labelType: 'ZPL' }),
      );
      expect(next.body.id).toBe(created.id + 1);
      expect(next.body.ddt_num).toBe(created.ddt_num + 1);
    } finally {
      await second.stop();
    }
  });

  it('gives parallel creations unique ids, ddt_num, ddt_alpha and waybill numbers', async () => {
    vi.stubEnv('STATION_WRITER_THREAD', '1');
    const service = await startServiceInProcess({ dataDir: tempDir() }).finally(() => vi.unstubAllEnvs());
    try {
      const api = apiClient(service.baseUrl, DEMO_KEY);
      const answers = await Promise.all(
        Array.from({ length: 24 }, (_, i) =>
          api.request<{ id: number; ddt_num: number; ddt_alpha: string; num_spedizione: string }>(
            'POST',
            '/Shipment',
            validShipment({ labelType: 'ZPL', client_id: i % 2 ? 1001 : 1002 }),
          ),
        ),
      );
      expect(answers.every((a) => a.status === 200)).toBe(true);
      const bodies = answers.map((a) => a.body);
      expect(new Set(bodies.map((b) => b.id)).size).toBe(24);
      expect(new Set(bodies.map((b) => b.ddt_alpha)).size).toBe(24);
      expect(new Set(bodies.map((b) => b.num_spedizione)).size).toBe(24);
      for (const client of [1001, 1002]) {
        const nums = answers.filter((_, i) => (i % 2 ? 1001 : 1002) === client).map((a) => a.body.ddt_num);
        expect(new Set(nums).size).toBe(nums.length);
      }
    } finally {
      await service.stop();
    }
  });

  it('finishes the requests in flight on SIGTERM and loses none of the answered creations', async () => {
    const dataDir = tempDir();
    const service = await startService({ dataDir, env: WRITER_THREAD });
    const api = apiClient(service.baseUrl, DEMO_KEY);
    const inFlight = Array.from({ length: 10 }, (_, i) =>
      api
        .request<{ id: number }>('POST', '/Shipment', validShipment({ ddt_alpha: `TERM-${i}`, colli: 2 }))
        .catch(() => undefined),
    );
    await new Promise((r) => setTimeout(r, 150));
    const exit = service.stop('SIGTERM');
    const answered = (await Promise.all(inFlight)).filter((a) => a?.status === 200);
    expect(await exit).toBe(0);
    expect(answered.length).toBeGreaterThan(0);

    const restarted = await startServiceInProcess({ dataDir });
    try {
      const api2 = apiClient(restarted.baseUrl, DEMO_KEY);
      for (const a of answered) {
        const again = await api2.request<{ status: number; label_zpl: string[] }>('GET', `/Shipment?id=${a?.body.id}`);
        expect(again.status).toBe(200);
        expect(again.body.status).toBe(0);
        expect(again.body.label_zpl).toHaveLength(2);
      }
    } finally {
      await restarted.stop();
    }
  });

  it(
    'after kill -9 in the middle of creations, serves ' + 'every shipment it stored whole, with all its labels',
    async () => {
      const dataDir = tempDir();
      const service = await startService({ dataDir, env: WRITER_THREAD });
      const api = apiClient(service.baseUrl, DEMO_KEY);
      const sent = Array.from({ length: 12 }, (_, i) =>
        api.request('POST', '/Shipment', validShipment({ ddt_alpha: `KILL-${i}`, colli: 3 })).catch(() => undefined),
      );
      // Killed as soon as the first create has answered, the others still in flight: a fixed wait killed a service
      // on a busy machine before it had stored anything.
      await Promise.race(sent);
      await service.stop('SIGKILL');
      await Promise.all(sent);

      const restarted = await startServiceInProcess({ dataDir });
      try {
        const api2 = apiClient(restarted.baseUrl, DEMO_KEY);
        let stored = 0;
        for (let i = 0; i < 12; i += 1) {
          const found = await api2.request<{
            status: number;
            label_zpl: string[];
            label_pdf: string[];
            label_jpg: string[];
          }>('GET', `/ShipmentByDdtalpha?ddt_alpha=KILL-${i}`);
          if (found.status === 404) continue;
          stored += 1;
          expect(found.status).toBe(200);
          expect(found.body.status).toBe(0);
          expect([found.body.label_zpl.length, found.body.label_pdf.length, found.body.label_jpg.length]).toEqual([
            3, 3, 3,
          ]);
        }
        expect(stored).toBeGreaterThan(0);
      } finally {
        await restarted.stop();
      }
    },
  );

  it('refuses to start with a clear message when the config file is wrong', async () => {
    const dir = tempDir();
    const file = join(dir, 'bad.json');
    writeFileSync(
      file,
      JSON.stringify({
        instance: 'x',
        users: [
          { api_key: 'k1-abcdefgh-0123456789-xyz', client_ids: [1] },
          { api_key: 'k2-abcdefgh-0123456789-xyz', client_ids: [1] },
        ],
      }),
    );
    const dup = await runServiceCli(['--port', '0', '--data', dir, '--config', file]);
    expect(dup.code).toBe(2);
    expect(dup.output).toContain('client id 1 already belongs to users[0]');
    expect(dup.output).not.toContain('k1-abcdefgh-0123456789-xyz');

    writeFileSync(file, '{ not json');
    const broken = await runServiceCli(['--port', '0', '--data', dir, '--config', file]);
    expect(broken.code).toBe(2);
    expect(broken.output).toContain('is not valid JSON');

    const missing = await runServiceCli(['--port', '0', '--data', dir, '--config', join(dir, 'nope.json')]);
    expect(missing.code).toBe(2);
    expect(missing.output).toContain('cannot read config file');
  });
});
