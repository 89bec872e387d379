// Creation under load (issue 14): 4 clients creating at once over HTTP while a prober process of its own
// (prober.mjs) sends a plain GET every few milliseconds, as a bench and a shop system sending a morning's orders
// together. Reported: creates per second and the median create, with all label formats and with ZPL only, against
// the rate of a trivial GET and of a GET of a stored ZPL shipment (the record a create writes, read back) from the
// same 4 clients on the same server; the GETs' 99th percentile while the creates run, against the same prober on the
// same service with nothing else to do. A service with `labelThreads` off (the engine drawing PDF and JPG on its own
// thread, as before issue 14) is the full creates' baseline; each figure and its baselines are measured in alternating
// batches. The clients are lean (the
// tests check the answers' contract): undici's request, each answer read to its last byte and its status checked,
// only the last create of a run parsed and checked for its labels. Their work shares the server's two cores, and a
// shop system sending orders runs on a machine of its own; fetch with a parse of every 390 kB answer cost the clients
// 7-8 ms of CPU a full create, undici and no parse 1.3-1.9 ms.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { Pool } from 'undici';
import { startService } from '../peers/service';
import { validShipment } from '../fixtures/shipments';
import { median, type Row } from './stats';
import { removeTempDir, tempDir } from '../helpers/tmp';

const KEY = 'bench-load-key-0123456789-ab';
export { KEY as LOAD_KEY, TRIVIAL_GET, percentile };
const CLIENTS = 4;
/** A GET that costs the server the least: a key check and a 404. The prober sends it too. */
const TRIVIAL_GET = '/Shipment?id=999999999';

function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

interface LoadFigures {
  perSecond: number;
  medianMs: number;
  getP99Ms: number;
  getMedianMs: number;
  /** How many GETs the prober sent. */
  probes: number;
}

/** One batch of requests: how many, how long in all, each one's latency, and the prober's GETs meanwhile. */
export interface Batch {
  count: number;
  seconds: number;
  latencies: number[];
  probes: number[];
}

/**
 * Runs compared on this VM drift by 20-40 % within minutes, so each figure is gathered in batches that alternate with
 * its baseline's (ROUNDS each), and the batches of one kind are added up.
 */
const ROUNDS = 3;

export function figures(batches: readonly Batch[]): LoadFigures {
  const latencies = batches.flatMap((b) => b.latencies);
  const probes = batches.flatMap((b) => b.probes);
  return {
    perSecond: batches.reduce((n, b) => n + b.count, 0) / batches.reduce((s, b) => s + b.seconds, 0),
    medianMs: median(latencies),
    getP99Ms: percentile(probes, 99),
    getMedianMs: median(probes),
    probes: probes.length,
  };
}

async function timed(fn: () => Promise<unknown>): Promise<number> {
  const start = process.hrtime.bigint();
  await fn();
  return Number(process.hrtime.bigint() - start) / 1e6;
}

/** The prober process (prober.mjs) sending GETs to `url` until `stop` is called, which resolves to their latencies. */
export async function startProber(url: string): Promise<{ stop(): Promise<number[]> }> {
  const child = spawn(process.execPath, [join(import.meta.dirname, 'prober.mjs'), url, KEY, '5'], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => {
    out += chunk.toString('utf8');
  });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the prober did not start')), 10_000);
    child.stdout.on('data', () => {
      if (out.startsWith('ready\n')) {
        clearTimeout(timer);
        resolve();
      }
    });
  });
  return {
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.stdin.end();
      await exited;
      return JSON.parse(out.slice('ready\n'.length)) as number[];
    },
  };
}

interface LeanAnswer {
  status: number;
  bytes: Buffer;
}

/** The load clients' HTTP: one keep-alive connection each, the whole answer read as bytes. */
function leanClient(baseUrl: string) {
  const url = new URL(baseUrl);
  const pool = new Pool(url.origin, { connections: CLIENTS });
  return {
    async request(method: 'GET' | 'POST', path: string, body?: unknown): Promise<LeanAnswer> {
      const answer = await pool.request({
        method,
        path: `${url.pathname}${path}`,
        headers: { 'x-api-key': KEY, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        headersTimeout: 20_000,
        bodyTimeout: 20_000,
      });
      return { status: answer.statusCode, bytes: Buffer.from(await answer.body.arrayBuffer()) };
    },
    close: () => pool.close(),
  };
}

/**
 * `count` requests from `clients` clients at once (CLIENTS unless told), the prober process sending GETs meanwhile
 * unless `probe` is false.
 */
export async function batch(
  baseUrl: string,
  count: number,
  request: () => Promise<unknown>,
  { clients = CLIENTS, probe = true }: { clients?: number; probe?: boolean } = {},
): Promise<Batch> {
  const latencies: number[] = [];
  const prober = probe ? await startProber(`${baseUrl}${TRIVIAL_GET}`) : undefined;
  const start = process.hrtime.bigint();
  await Promise.all(
    Array.from({ length: clients }, async () => {
      for (let i = 0; i < count / clients; i += 1) latencies.push(await timed(request));
    }),
  );
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  return { count: latencies.length, seconds, latencies, probes: (await prober?.stop()) ?? [] };
}

/** The prober alone for `seconds`: the GET's latency on a service with nothing else to do. */
async function idle(baseUrl: string, seconds: number): Promise<Batch> {
  const prober = await startProber(`${baseUrl}${TRIVIAL_GET}`);
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  return { count: 0, seconds, latencies: [], probes: await prober.stop() };
}

/**
 * A service under test with its lean client; `labelThreads` off draws PDF and JPG on the request thread, and makes
 * the creates there too (no writer thread), as the service did before it had threads.
 */
export async function loadService(labelThreads: boolean) {
  const dataDir = tempDir('bench-load-');
  const service = await startService({
    dataDir,
    config: { instance: 'load', users: [{ api_key: KEY, client_ids: [1001] }], throttle: false },
    env: labelThreads ? { STATION_LABEL_THREADS: '1' } : { STATION_LABEL_THREADS: '0', STATION_WRITER_THREAD: '0' },
  });
  const pid = service.process.pid;
  if (pid === undefined) throw new Error('the service has no pid');
  const client = leanClient(service.baseUrl);
  let last: LeanAnswer | undefined;
  const create = (body: Record<string, unknown>) => async () => {
    last = await client.request('POST', '/Shipment', body);
    if (last.status !== 200) throw new Error(`create failed: ${last.bytes.toString('utf8')}`);
  };
  const lastRecord = () => JSON.parse(last?.bytes.toString('utf8') ?? '{}') as Record<string, unknown>;
  let storedId: unknown;
  return {
    baseUrl: service.baseUrl,
    pid,
    full: create(validShipment()),
    zpl: create(validShipment({ labelType: 'ZPL' })),
    async trivial() {
      const answer = await client.request('GET', TRIVIAL_GET);
      if (answer.status !== 404) throw new Error(`the trivial GET answered ${answer.status}`);
    },
    /** A GET of the shipment the last create made (a ZPL one, for the ZPL create's baseline) from now on. */
    keepLast() {
      storedId = lastRecord().id;
      if (typeof storedId !== 'number') throw new Error('the last create answered without an id');
    },
    async stored() {
      const answer = await client.request('GET', `/Shipment?id=${String(storedId)}`);
      if (answer.status !== 200) throw new Error(`the stored shipment's GET answered ${answer.status}`);
    },
    /** The last create's answer holds a label in each format asked for (the tests check the rest of the contract). */
    labelled(formats: readonly string[]) {
      const record = lastRecord();
      for (const format of formats) {
        const labels = record[`label_${format}`];
        if (!Array.isArray(labels) || labels.length !== 1) throw new Error(`a create answered without its ${format}`);
      }
    },
    async stop() {
      await client.close();
      await service.stop();
      removeTempDir(dataDir);
    },
  };
}

/** One batch of each arm in turn, ROUNDS times; each arm's figures over its batches. */
async function alternating(arms: ReadonlyArray<() => Promise<Batch>>): Promise<LoadFigures[]> {
  const batches: Batch[][] = arms.map(() => []);
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const [i, arm] of arms.entries()) batches[i]?.push(await arm());
  }
  return batches.map(figures);
}

export async function benchLoad(total = Number(process.env.BENCH_LOAD_CREATES ?? 300)): Promise<Row[]> {
  const threads = await loadService(true);
  const onThread = await loadService(false);
  let after: { full: LoadFigures; zplOnly: LoadFigures; trivial: LoadFigures; stored: LoadFigures; idle: LoadFigures };
  let before: { full: LoadFigures };
  try {
    // Warm-up: threads, fonts, JIT. The GETs take a batch of their own: the trivial one's code is so short that 20
    // calls left it unoptimised, answering at a quarter of its warm rate (1,100-1,300/s instead of 4,900/s here).
    for (let i = 0; i < 20; i += 1) {
      await threads.full();
      await onThread.full();
    }
    await batch(threads.baseUrl, 200, threads.zpl);
    threads.keepLast();
    await batch(threads.baseUrl, 2_000, threads.trivial);
    await batch(threads.baseUrl, 2_000, threads.stored);
    const each = total / ROUNDS;
    const [zplOnly, trivial, stored] = await alternating([
      () => batch(threads.baseUrl, each, threads.zpl),
      () => batch(threads.baseUrl, each, threads.trivial),
      () => batch(threads.baseUrl, each, threads.stored),
    ]);
    threads.labelled(['zpl']);
    // The idle prober runs as long as the full batch before it, so both count about as many GETs.
    let fullSeconds = 0;
    const [full, baseline, quiet] = await alternating([
      async () => {
        const done = await batch(threads.baseUrl, each, threads.full);
        fullSeconds = done.seconds;
        return done;
      },
      () => batch(onThread.baseUrl, each, onThread.full),
      () => idle(threads.baseUrl, fullSeconds),
    ]);
    threads.labelled(['zpl', 'pdf', 'jpg']);
    onThread.labelled(['zpl', 'pdf', 'jpg']);
    if (!zplOnly || !trivial || !stored || !full || !baseline || !quiet) throw new Error('an arm measured nothing');
    after = { full, zplOnly, trivial, stored, idle: quiet };
    before = { full: baseline };
  } finally {
    await threads.stop();
    await onThread.stop();
  }
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
      name: `POST Shipment labelType ZPL, ${CLIENTS} clients, creates a second`,
      kind: 'rate',
      medianMs: after.zplOnly.perSecond,
      unit: '/s',
      baseline: 'GET of a stored ZPL shipment (its record and label read back), same clients',
      baselineMs: after.stored.perSecond,
      extra: `median ${after.zplOnly.medianMs.toFixed(2)} ms vs ${after.stored.medianMs.toFixed(2)} ms`,
      goal: 'zplCreate',
    },
    {
      name: 'GET 99th percentile while ZPL+PDF+JPG creates run, labels on worker threads',
      medianMs: after.full.getP99Ms,
      baseline: 'the same with labels drawn on the request thread',
      baselineMs: before.full.getP99Ms,
      extra: `GET median ${after.full.getMedianMs.toFixed(1)} ms vs ${before.full.getMedianMs.toFixed(1)} ms`,
    },
    {
      name: 'GET 99th percentile while ZPL+PDF+JPG creates run (the same figure)',
      kind: '99th percentile',
      medianMs: after.full.getP99Ms,
      baseline: 'the same prober, same service, no creates',
      baselineMs: after.idle.getP99Ms,
      extra:
        `${after.full.probes} and ${after.idle.probes} GETs; median ` +
        `${after.full.getMedianMs.toFixed(1)} ms vs ${after.idle.getMedianMs.toFixed(1)} ms`,
      goal: 'getUnderLoad',
    },
  ];
}
