// Both cores at work: what each full create (ZPL+PDF+JPG) costs the service's process in CPU (user and system time of
// every thread in /proc/<pid>/stat: the request thread, the label threads (which encode the JPG as well), fsync, the
// checkpointer, V8's own), and the rate 4 clients reach against the machine's ceiling for that cost: its cores ÷ the
// CPU-seconds of a create, both measured in this run, periods of creates without the prober. The clients are a process
// of their own (creatorsProcess.ts), as a shop system's or a bench's are. The CPU is compared with drawing the same
// shipment's label in the three formats in a process of its own (labelDrawer.ts, process.cpuUsage: the label model,
// ZPL, PDF and JPG, one after another, the JPEG encoded by the same encoder, jpegEncoder.ts), before the periods, the
// service idle.
import { execFileSync, fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { createEngine } from '../../src/engine/index';
import { engineSwitches } from '../../src/service/engineSwitches';
import { openDatabase } from '../../src/engine/db/open';
import { createShipmentRepo } from '../../src/engine/shipments/repo';
import { parseStoredData } from '../../src/engine/shipments/record';
import { labelDataFor } from '../../src/engine/shipments/labelData';
import { createCourierRegistry } from '../../src/engine/couriers/registry';
import type { LabelData } from '../../src/engine/labels';
import { validShipment } from '../fixtures/shipments';
import { resources } from '../helpers/resources';
import { removeTempDir, tempDir } from '../helpers/tmp';
import type { DrawRequest } from './labelDrawer';
import { taskStat } from './procStat';
import { pause } from './creatorsProcess';
import { batch, loadService } from './load';
import type { Row } from './stats';

const KEY = 'bench-cores-key-0123456789-ab';
const ROUNDS = 3;
/** Labels drawn in process per round: about a second of CPU, against the seconds of a round's creates. */
const LABELS_PER_ROUND = 60;

/** Clock ticks a second, the unit of /proc's CPU times (100 on nearly every Linux). */
function ticksPerSecond(): number {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
}

/** The CPU a process has used so far, user and system, every thread (ms); undefined without /proc. */
function processCpuMs(pid: number, ticks: number): number | undefined {
  try {
    return (taskStat(readFileSync(`/proc/${pid}/stat`, 'utf8')).ticks / ticks) * 1000;
  } catch {
    return undefined;
  }
}

/** The label the service draws for validShipment(): made by an engine of its own, read back as its LabelData. */
async function labelOfValidShipment(): Promise<LabelData> {
  const dir = tempDir('bench-cores-label-');
  const file = join(dir, 'engine.sqlite');
  try {
    const engine = createEngine({
      file,
      config: { users: [{ api_key: KEY, client_ids: [1001] }] },
      checkpointThread: engineSwitches().checkpointThread,
      labelThreads: false,
    });
    const caller = engine.authenticate(KEY);
    if (!caller) throw new Error('bench user missing');
    const outcome = await engine.createShipment(caller, validShipment({ labelType: 'ZPL' }));
    engine.close();
    if (outcome.kind !== 'created') throw new Error(`create failed: ${outcome.kind}`);
    const db = openDatabase(file);
    try {
      const shipments = createShipmentRepo(db);
      const row = shipments.byIdUnscoped(outcome.record.id);
      const courier = row && createCourierRegistry(resources).get(row.corriere);
      if (!row || !courier) throw new Error('the created shipment or its courier is missing');
      const [data] = labelDataFor(row, parseStoredData(row), shipments.parcels(row.id), courier);
      if (!data) throw new Error('the created shipment has no parcel');
      return data;
    } finally {
      db.close();
    }
  } finally {
    removeTempDir(dir);
  }
}

/** The baseline's drawer (labelDrawer.ts) in a process of its own, started warm: one request at a time. */
async function startDrawer(data: LabelData) {
  const child = fork(join(import.meta.dirname, 'labelDrawer.ts'), [], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const next = () =>
    new Promise<{ cpuMs?: number; ready?: boolean }>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('the label drawer did not answer')), 120_000);
      child.once('message', (message: { cpuMs?: number; ready?: boolean }) => {
        clearTimeout(timer);
        resolve(message);
      });
    });
  await next();
  return {
    async draw(from: number, count: number): Promise<number> {
      const answer = next();
      child.send({ data, from, count } satisfies DrawRequest);
      const { cpuMs } = await answer;
      if (typeof cpuMs !== 'number') throw new Error('the label drawer answered without its CPU');
      return cpuMs;
    },
    stop: () => void child.kill(),
  };
}

interface Measured {
  created: number;
  elapsedMs: number;
  cpuMs: number;
  /** The clients' process's CPU meanwhile: they share the machine's cores with the service. */
  clientsMs: number;
}

export async function benchCores(seconds = Number(process.env.BENCH_CORES_SECONDS ?? 4)): Promise<Row[]> {
  const ticks = ticksPerSecond();
  const cores = availableParallelism();
  const data = await labelOfValidShipment();
  const service = await loadService(true);
  const drawer = await startDrawer(data);
  const creators = service.clients;
  const four: Measured[] = [];
  let inProcessMs = 0;
  const warmLabels = 10;
  try {
    const measured = async (): Promise<Measured> => {
      const before = processCpuMs(service.pid, ticks);
      const started = performance.now();
      creators.go();
      await pause(seconds);
      const period = await creators.stop();
      const elapsedMs = performance.now() - started;
      const after = processCpuMs(service.pid, ticks);
      if (before === undefined || after === undefined) throw new Error(`no /proc/${service.pid}/stat here`);
      return { created: period.created, elapsedMs, cpuMs: after - before, clientsMs: period.cpuMs };
    };
    // Warm-up: the label threads, fonts, JIT, in the service and in the clients; a period not counted. The labels
    // alone are drawn first, while the service is idle: drawn after periods of the clients' process, the same labels
    // took 13-15 ms of the drawer's CPU against 9.5-10.4 ms before them or after the bench's in-process batches.
    await batch(service, 20, service.full, { probe: false });
    await drawer.draw(0, warmLabels);
    for (let round = 0; round < ROUNDS; round += 1) {
      inProcessMs += await drawer.draw(warmLabels + round * LABELS_PER_ROUND, LABELS_PER_ROUND);
    }
    creators.go();
    await pause(seconds / 2);
    await creators.stop();
    for (let round = 0; round < ROUNDS; round += 1) four.push(await measured());
    service.labelled(['zpl', 'pdf', 'jpg']);
  } finally {
    drawer.stop();
    await service.stop();
  }
  const creates = four.reduce((n, m) => n + m.created, 0);
  const perSecond = (creates * 1000) / four.reduce((ms, m) => ms + m.elapsedMs, 0);
  const cpuPerCreate = four.reduce((sum, m) => sum + m.cpuMs, 0) / creates;
  const clientsPerCreate = four.reduce((sum, m) => sum + m.clientsMs, 0) / creates;
  const ceiling = (cores * 1000) / cpuPerCreate;
  const labelMs = inProcessMs / (ROUNDS * LABELS_PER_ROUND);
  // How much of the machine the service and its clients kept busy together: what is left is idle or other programs'.
  const elapsedMs = four.reduce((ms, m) => ms + m.elapsedMs, 0);
  const busy = (four.reduce((sum, m) => sum + m.cpuMs + m.clientsMs, 0) / (cores * elapsedMs)) * 100;
  return [
    {
      name: `POST Shipment ZPL+PDF+JPG, 4 clients in a process of their own, ${ROUNDS} periods of ${seconds} s`,
      kind: 'rate',
      medianMs: perSecond,
      unit: '/s',
      baseline: `the ceiling: ${cores} cores ÷ the service's CPU per full create (below)`,
      baselineMs: ceiling,
      extra:
        `${creates} creates; the clients' own CPU ${clientsPerCreate.toFixed(2)} ms a create; the service and the ` +
        `clients kept ${busy.toFixed(0)} % of the ${cores} cores busy`,
      goal: 'fullCreatesScale',
    },
    {
      name: "the service process's CPU (user + system, all threads) per full create, 4 clients",
      kind: 'CPU',
      medianMs: cpuPerCreate,
      unit: 'ms',
      baseline: 'label model + ZPL + PDF + JPG of the same shipment, one after another, in a process of its own',
      baselineMs: labelMs,
      extra: `${ROUNDS * LABELS_PER_ROUND} labels drawn`,
      goal: 'serviceCpu',
    },
  ];
}
