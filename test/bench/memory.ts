// Memory over a long day (issue 14): 10,000 creates through `npm run serve` from 4 clients, one in ten with every
// label format (drawn on the label threads) and the rest ZPL only, as a morning of a shop program's orders. The
// service's resident memory (the whole process: request thread and label threads) is read from /proc after a
// warm-up, half-way and at the end, and every 100 ms meanwhile; flat means the second half adds about nothing to what
// the first half settled on. The goal compares the highest reading of each half: a single reading lands anywhere on
// the collector's saw (30-40 MB up and down on about 400 MB, with no trend over 10,000 creates). Even the top of the
// saw read 1.02-1.14 between runs of the same code (over 30,000 creates it rose by 100 MB and fell back), so the goal
// is judged on the live memory: the JavaScript heap and Buffers left after two full collections (heapProbe.mjs), at
// the half and at the end. RSS stays in the rows beside it.
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { apiClient } from '../helpers/api';
import { startService } from '../peers/service';
import { validShipment } from '../fixtures/shipments';
import { removeTempDir, tempDir } from '../helpers/tmp';
import type { Row } from './stats';

const KEY = 'bench-memory-key-0123456789-a';
const CLIENTS = 4;
const WARM_UP = 200;

/** Resident memory of a process in MB (Linux /proc; elsewhere the figure is not available). */
function rssMb(pid: number): number | undefined {
  try {
    const match = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match?.[1] ? Number(match[1]) / 1024 : undefined;
  } catch {
    return undefined;
  }
}

interface LiveMemory {
  heapUsed: number;
  external: number;
}

/** The service's live memory in MB after full collections: heapProbe.mjs asked by SIGUSR2, its file awaited. */
async function liveMb(pid: number, file: string): Promise<number> {
  rmSync(file, { force: true });
  process.kill(pid, 'SIGUSR2');
  for (let i = 0; i < 200 && !existsSync(file); i += 1) await new Promise((resolve) => setTimeout(resolve, 25));
  // Written in one call by the probe; a read that races the write is retried once.
  const read = () => JSON.parse(readFileSync(file, 'utf8')) as LiveMemory;
  let live: LiveMemory;
  try {
    live = read();
  } catch {
    await new Promise((resolve) => setTimeout(resolve, 100));
    live = read();
  }
  return (live.heapUsed + live.external) / 2 ** 20;
}

export async function benchMemory(total = Number(process.env.BENCH_MEMORY_CREATES ?? 10_000)): Promise<Row[]> {
  const dataDir = tempDir('bench-memory-');
  const probeFile = join(dataDir, 'live-memory.json');
  const probeUrl = pathToFileURL(join(import.meta.dirname, 'heapProbe.mjs')).href;
  const service = await startService({
    dataDir,
    config: { instance: 'memory', users: [{ api_key: KEY, client_ids: [1001] }], throttle: false },
    env: { NODE_OPTIONS: `--import ${probeUrl}`, HEAP_PROBE_FILE: probeFile },
  });
  const pid = service.process.pid;
  if (pid === undefined) throw new Error('the service has no pid');
  let sampler: NodeJS.Timeout | undefined;
  try {
    const api = apiClient(service.baseUrl, KEY, { checkContract: false });
    const all = validShipment();
    const zpl = validShipment({ labelType: 'ZPL' });
    let made = 0;
    let measuring = false;
    const peaks = [0, 0];
    sampler = setInterval(() => {
      const mb = measuring ? rssMb(pid) : undefined;
      const half = made <= WARM_UP + total / 2 ? 0 : 1;
      if (mb !== undefined) peaks[half] = Math.max(peaks[half] ?? 0, mb);
    }, 100);
    const createUpTo = async (count: number) => {
      await Promise.all(
        Array.from({ length: CLIENTS }, async () => {
          while (made < count) {
            const n = made++;
            const answer = await api.request('POST', '/Shipment', n % 10 === 0 ? all : zpl);
            if (answer.status !== 200) throw new Error(`create failed: ${JSON.stringify(answer.body)}`);
          }
        }),
      );
    };
    await createUpTo(WARM_UP);
    const warm = rssMb(pid);
    const start = process.hrtime.bigint();
    measuring = true;
    await createUpTo(WARM_UP + total / 2);
    const half = rssMb(pid);
    const liveHalf = await liveMb(pid, probeFile);
    await createUpTo(WARM_UP + total);
    const seconds = Number(process.hrtime.bigint() - start) / 1e9;
    const end = rssMb(pid);
    measuring = false;
    const liveEnd = await liveMb(pid, probeFile);
    if (warm === undefined || half === undefined || end === undefined) {
      const name = `service memory over ${total} creates: not measured (no /proc here)`;
      return [{ name, medianMs: 0, baseline: 'none', baselineMs: 0, unit: 'MB', goal: 'memoryFlat' }];
    }
    const n = total.toLocaleString('en');
    return [
      {
        name: `service RSS after ${n} creates (1 in 10 with PDF+JPG)`,
        medianMs: end,
        unit: 'MB',
        baseline: `RSS after ${(total / 2).toLocaleString('en')}`,
        baselineMs: half,
        extra:
          `after the ${WARM_UP}-create warm-up ${warm.toFixed(0)} MB; ` + `${(total / seconds).toFixed(0)} creates/s`,
      },
      {
        name: `service RSS, highest reading over creates ${(total / 2 + 1).toLocaleString('en')}-${n}`,
        kind: 'peak',
        medianMs: peaks[1] ?? 0,
        unit: 'MB',
        baseline: `highest over creates 1-${(total / 2).toLocaleString('en')} after the warm-up`,
        baselineMs: peaks[0] ?? 0,
        extra: 'read every 100 ms',
      },
      {
        name: `service live memory (heap in use + Buffers) after full collections, after ${n} creates`,
        kind: 'live',
        medianMs: liveEnd,
        unit: 'MB',
        baseline: `the same after ${(total / 2).toLocaleString('en')}`,
        baselineMs: liveHalf,
        extra: 'two full collections before each reading (heapProbe.mjs)',
        goal: 'memoryFlat',
      },
    ];
  } finally {
    clearInterval(sampler);
    await service.stop();
    removeTempDir(dataDir);
  }
}
