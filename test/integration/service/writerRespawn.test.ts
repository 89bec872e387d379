// A writer thread that stops before it is ready (it could not start: a file that does not load, a crash in its
// start) is started again by the next create, not at once: only a thread that was working is replaced at once
// (docs/decisions.md, "creates on a writer thread": "tried again by the next create rather than in a loop").
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startServiceApp, type ServiceApp } from '../../../src/service/app';
import { DEMO_KEY, validShipment } from '../../fixtures/shipments';
import { apiClient } from '../../helpers/api';
import { removeTempDirs, tempDir } from '../../helpers/tmp';

let app: ServiceApp | undefined;
afterEach(async () => {
  await app?.close();
  vi.unstubAllEnvs();
  removeTempDirs();
});

describe('the writer thread that stops before it is ready', () => {
  it('is started again by the next create, not at once', async () => {
    vi.stubEnv('STATION_WRITER_THREAD', '1');
    const warnings: string[] = [];
    app = await startServiceApp({
      dataDir: tempDir(),
      host: '127.0.0.1',
      port: 0,
      out: () => undefined,
      err: (line) => warnings.push(line),
    });
    const writer = app.writer;
    if (!writer) throw new Error('the service started without its writer thread');
    await writer.thread().terminate();
    // Its successor, stopped while it starts: a thread that never became ready.
    await writer.thread().terminate();
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(warnings.filter((line) => line.includes('started again'))).toHaveLength(1);

    const created = await apiClient(app.baseUrl, DEMO_KEY).request('POST', '/Shipment', validShipment());
    expect(created.status).toBe(200);
  });
});
