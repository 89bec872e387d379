// GET p99 under full creates judged from outside (issue 45): the service, its 4 clients (creators.mjs) and the reader
// (prober.mjs) each a process of its own, as a shop system and a bench load a service from other programs. Periods
// of a fixed length alternate: the reader alone, then the reader while the clients create full shipments (ZPL+PDF+JPG).
// The load bench's figure (load.ts) has the same clients and reader but periods as long as a counted batch, the idle
// reader after the loaded one, and two services up at once; both rows must hold the same goal.
import { pause } from './creatorsProcess';
import { batch, loadService, percentile, startProber, TRIVIAL_GET } from './load';
import { median, type Row } from './stats';

const ROUNDS = 3;
const CLIENTS = 4;

export async function benchBlackBox(seconds = Number(process.env.BENCH_BLACKBOX_SECONDS ?? 10)): Promise<Row[]> {
  const service = await loadService(true);
  const creators = service.clients;
  const idle: number[] = [];
  const loaded: number[] = [];
  let created = 0;
  let clientsCpuMs = 0;
  try {
    // Warm-up: label threads, fonts, JIT, in the service and in the creators; a period of load not counted.
    await batch(service, 20, service.full, { probe: false });
    creators.go();
    await pause(seconds / 2);
    await creators.stop();
    for (let round = 0; round < ROUNDS; round += 1) {
      const alone = await startProber(`${service.baseUrl}${TRIVIAL_GET}`);
      await pause(seconds);
      idle.push(...(await alone.stop()));
      const prober = await startProber(`${service.baseUrl}${TRIVIAL_GET}`);
      creators.go();
      await pause(seconds);
      const period = await creators.stop();
      loaded.push(...(await prober.stop()));
      created += period.created;
      clientsCpuMs += period.cpuMs;
    }
  } finally {
    await service.stop();
  }
  return [
    {
      name: `GET 99th percentile while ${CLIENTS} clients in a process of their own create full shipments`,
      kind: '99th percentile',
      medianMs: percentile(loaded, 99),
      baseline: 'the same reader, same service, nothing else running, periods alternating',
      baselineMs: percentile(idle, 99),
      extra:
        `${loaded.length} and ${idle.length} GETs, median ${median(loaded).toFixed(1)} vs ` +
        `${median(idle).toFixed(1)} ms; ${(created / (ROUNDS * seconds)).toFixed(1)} creates/s, the clients' CPU ` +
        `${(clientsCpuMs / Math.max(1, created)).toFixed(2)} ms a create`,
      goal: 'getUnderLoadBlackBox',
    },
  ];
}
