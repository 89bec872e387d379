// Creation under load (issue 14): 4 clients creating at once over HTTP while a fifth sends a plain GET every few
// milliseconds, as a bench and a shop system sending a morning's orders together. Reported: creates per second and
// the median create, with all label formats and with ZPL only, against the rate of a trivial GET from the same 4
// clients on the same server; the GETs' 99th percentile while the creates run. With `labelThreads` off (the engine
// drawing PDF and JPG on its own thread, as before issue 14) the same run is the baseline.
import { apiClient } from '../helpers/api';
import { startService } from '../peers/service';
import { validShipment } from '../fixtures/shipments';
import { median, type Row } from './stats';
import { removeTempDir, tempDir } from '../helpers/tmp';

const KEY = 'bench-load-key-0123456789-ab';
const CLIENTS = 4;

function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

interface LoadFigures {
  perSecond: number;
  medianMs: number;
  getP99Ms: number;
  getMedianMs: number;
}

async function timed(fn: () => Promise<unknown>): Promise<number> {
  const start = process.hrtime.bigint();
  await fn();
  return Number(process.hrtime.bigint() - start) / 1e6;
}

/** `total` requests from CLIENTS clients at once, a prober sending GETs meanwhile. */
async function underLoad(
  api: ReturnType<typeof apiClient>,
  total: number,
  request: () => Promise<unknown>,
): Promise<LoadFigures> {
  const latencies: number[] = [];
  const probes: number[] = [];
  let running = true;
  const prober = (async () => {
    while (running) {
      probes.push(await timed(() => api.request('GET', '/Shipment?id=999999999')));
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  })();
  const start = process.hrtime.bigint();
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      for (let i = 0; i < total / CLIENTS; i += 1) latencies.push(await timed(request));
    }),
  );
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  running = false;
  await prober;
  return {
    perSecond: total / seconds,
    medianMs: median(latencies),
    getP99Ms: percentile(probes, 99),
    getMedianMs: median(probes),
  };
}

async function loadRun(labelThreads: boolean, total: number) {
  const dataDir = tempDir('bench-load-');
  const service = await startService({
    dataDir,
    config: { instance: 'load', users: [{ api_key: KEY, client_ids: [1001] }], throttle: false },
    env: { STATION_LABEL_THREADS: labelThreads ? '1' : '0' },
  });
  try {
    const api = apiClient(service.baseUrl, KEY);
    const create = (body: Record<string, unknown>) => async () => {
      const answer = await api.request('POST', '/Shipment', body);
      if (answer.status !== 200) throw new Error(`create failed: ${JSON.stringify(answer.body)}`);
    };
    const all = validShipment();
    const zpl = validShipment({ labelType: 'ZPL' });
    for (let i = 0; i < 20; i += 1) await create(all)(); // warm-up: threads, fonts, JIT
    const trivial = await underLoad(api, total, () => api.request('GET', '/Shipment?id=999999999'));
    const full = await underLoad(api, total, create(all));
    const zplOnly = await underLoad(api, total, create(zpl));
    return { trivial, full, zplOnly };
  } finally {
    await service.stop();
    removeTempDir(dataDir);
  }
}

export async function benchLoad(total = Number(process.env.BENCH_LOAD_CREATES ?? 300)): Promise<Row[]> {
  const before = await loadRun(false, total);
  const after = await loadRun(true, total);
  const rate = (f: LoadFigures) => `${f.perSecond.toFixed(0)}/s`;
  return [
    {
      name: `POST Shipment ZPL+PDF+JPG, ${CLIENTS} clients, ${total} creates, labels on worker threads`,
      medianMs: after.full.medianMs,
      baseline: 'the same drawn on the request thread',
      baselineMs: before.full.medianMs,
      extra: `${rate(after.full)} vs ${rate(before.full)}`,
    },
    {
      name: `POST Shipment labelType ZPL, ${CLIENTS} clients (${rate(after.zplOnly)})`,
      medianMs: after.zplOnly.medianMs,
      baseline: `trivial GET, same clients (${rate(after.trivial)})`,
      baselineMs: after.trivial.medianMs,
      extra: `rate ${(after.zplOnly.perSecond / after.trivial.perSecond).toFixed(2)} of the GET's`,
    },
    {
      name: 'GET 99th percentile while ZPL+PDF+JPG creates run, labels on worker threads',
      medianMs: after.full.getP99Ms,
      baseline: 'the same with labels drawn on the request thread',
      baselineMs: before.full.getP99Ms,
      extra: `GET median ${after.full.getMedianMs.toFixed(1)} ms vs ${before.full.getMedianMs.toFixed(1)} ms`,
    },
  ];
}
