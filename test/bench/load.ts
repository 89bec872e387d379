// Creation under load (issue 14): 4 clients creating at once over HTTP while a prober process of its own
// (prober.mjs) sends a plain GET every few milliseconds, as a bench and a shop system sending a morning's orders
// together. Reported: creates per second and the median create, with all label formats and with ZPL only, against
// the rate of a trivial GET and of a GET of a stored ZPL shipment (the record a create writes, read back) from the
// same 4 clients on the same server; the GETs' 99th percentile while the creates run, against the same prober on the
// same service with nothing else to do. A service with `labelThreads` off (the engine drawing PDF and JPG on its own
// thread, as before issue 14) is the full creates' baseline; each figure and its baselines are measured in alternating
// batches. The clients are lean and in a process of their own (creators.mjs, as the black-box and cores benches'):
// undici's request, each answer read to its last byte and its status checked, only each batch's last answer parsed
// (the tests check the answers' contract). A shop system sending orders runs in a program of its own; in the bench's
// process, which holds the earlier benches' heap, the same clients cost 3.4-4.4 ms of CPU a full create, taken from
// the two cores the service under test shares with them; in their own process 0.8-0.9 ms.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { startService } from '../peers/service';
import { validShipment } from '../fixtures/shipments';
import { median, type Row } from './stats';
import { removeTempDir, tempDir } from '../helpers/tmp';
import { LOAD_KEY as KEY, startCreators, type Counted, type Job } from './creatorsProcess';

export { TRIVIAL_GET, percentile };
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

/** What a counted batch needs of a service under test (a LoadService). */
interface Batched {
  baseUrl: string;
  clients: { batch(job: Job): Promise<Counted> };
  answered(text: string): void;
}

/**
 * `count` requests of `job` from the service's clients (CLIENTS at once, in their own process), the prober process
 * sending GETs meanwhile unless `probe` is false.
 */
export async function batch(service: Batched, count: number, job: Job, { probe = true } = {}): Promise<Batch> {
  const prober = probe ? await startProber(`${service.baseUrl}${TRIVIAL_GET}`) : undefined;
  const done = await service.clients.batch({ ...job, count });
  // A create's answer only: keepLast and labelled read the last create's, which the GETs' batches after it (the
  // trivial 404, the stored shipment's record) must not replace.
  if (job.method === 'POST') service.answered(done.last);
  return { count: done.count, seconds: done.seconds, latencies: done.latencies, probes: (await prober?.stop()) ?? [] };
}

/** The prober alone for `seconds`: the GET's latency on a service with nothing else to do. */
async function idle(baseUrl: string, seconds: number): Promise<Batch> {
  const prober = await startProber(`${baseUrl}${TRIVIAL_GET}`);
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  return { count: 0, seconds, latencies: [], probes: await prober.stop() };
}

export type LoadService = Awaited<ReturnType<typeof loadService>>;

/**
 * A service under test with its clients (creators.mjs, CLIENTS connections in a process of their own); `labelThreads`
 * off draws PDF and JPG on the request thread, and makes the creates there too (no writer thread), as the service did
 * before it had threads.
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
  const clients = startCreators(service.baseUrl, CLIENTS);
  const post = (body: Record<string, unknown>): Job => ({
    count: 0,
    method: 'POST',
    path: '/Shipment',
    body: JSON.stringify(body),
    status: 200,
  });
  let last = '{}';
  const lastRecord = () => JSON.parse(last) as Record<string, unknown>;
  let storedId: unknown;
  return {
    baseUrl: service.baseUrl,
    pid,
    clients,
    /** Keeps a create batch's last answer, for keepLast and labelled. */
    answered(text: string) {
      last = text;
    },
    full: post(validShipment()),
    zpl: post(validShipment({ labelType: 'ZPL' })),
    trivial: { count: 0, method: 'GET', path: TRIVIAL_GET, status: 404 } satisfies Job,
    /** A GET of the shipment the last create made (a ZPL one, for the ZPL create's baseline) from now on. */
    keepLast() {
      storedId = lastRecord().id;
      if (typeof storedId !== 'number') throw new Error('the last create answered without an id');
    },
    stored(): Job {
      return { count: 0, method: 'GET', path: `/Shipment?id=${String(storedId)}`, status: 200 };
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
      await clients.close();
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
    await batch(threads, 20, threads.full, { probe: false });
    await batch(onThread, 20, onThread.full, { probe: false });
    await batch(threads, 200, threads.zpl);
    threads.keepLast();
    const stored = threads.stored();
    await batch(threads, 2_000, threads.trivial);
    await batch(threads, 2_000, stored);
    const each = total / ROUNDS;
    const [zplOnly, trivial, storedGets] = await alternating([
      () => batch(threads, each, threads.zpl),
      () => batch(threads, each, threads.trivial),
      () => batch(threads, each, stored),
    ]);
    threads.labelled(['zpl']);
    // The idle prober runs as long as the full batch before it, so both count about as many GETs.
    let fullSeconds = 0;
    const [full, baseline, quiet] = await alternating([
      async () => {
        const done = await batch(threads, each, threads.full);
        fullSeconds = done.seconds;
        return done;
      },
      () => batch(onThread, each, onThread.full),
      () => idle(threads.baseUrl, fullSeconds),
    ]);
    threads.labelled(['zpl', 'pdf', 'jpg']);
    onThread.labelled(['zpl', 'pdf', 'jpg']);
    if (!zplOnly || !trivial || !storedGets || !full || !baseline || !quiet) throw new Error('an arm measured nothing');
    after = { full, zplOnly, trivial, stored: storedGets, idle: quiet };
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
