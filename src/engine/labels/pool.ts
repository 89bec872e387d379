// PDF and JPG labels are drawn on worker threads (piscina), so the thread that answers requests never spends tens of
// milliseconds drawing: one pool per resources folder and size, shared by the engines of a thread that use it, one
// thread fewer than cores (a thread per core for the service's writer thread). A task that fails (a worker crashed, a
// drawing error) rejects; the caller turns that into status 0.6 for that shipment, and piscina replaces the worker.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import type { Worker } from 'node:worker_threads';
import type { Piscina } from 'piscina';
import type { RasterResult, RasterTask } from './rasterTask';

export interface LabelPool {
  draw(task: RasterTask): Promise<RasterResult>;
  /** The pool's threads as they are now (diagnostics; the tests stop one mid-task). */
  threads(): readonly Worker[];
}

/** The bundled entry beside the built code (desktop build), else the source entry through its tsx shim. */
function workerFile(): string {
  const bundled = fileURLToPath(new URL('./labelWorker.js', import.meta.url));
  if (existsSync(bundled)) return bundled;
  return fileURLToPath(new URL('./labelWorker.mjs', import.meta.url));
}

/**
 * One core fewer than the machine has (at least one): the thread that answers requests keeps a core of its own. On
 * the 2-core bench machine, two label threads left a plain GET waiting 20-25 ms at the 99th percentile while full
 * creates ran, one thread 14.5-14.9 ms, at about the same rate of creates (npm run bench, load rows). The service's
 * writer thread, whose engine makes every create while the request thread only answers HTTP, takes a thread per core
 * instead (`labelThreads: 'everyCore'`; docs/decisions.md, "a label thread per core for the writer").
 */
export function labelThreadCount(cores = availableParallelism()): number {
  return Math.max(1, cores - 1);
}

const pools = new Map<string, Piscina>();

/**
 * piscina required when the first pool is made, not with the engine: a connected station and an engine that draws
 * on its own thread (labelThreads off: the tests) never make one. A require because making a pool is
 * synchronous: its first thread starts with the engine and loads the renderers while the bench is still idle.
 */
const piscinaClass = (): typeof Piscina =>
  (createRequire(import.meta.url)('piscina') as typeof import('piscina')).Piscina;

/**
 * The process's pool for a resources folder and at most `threads` threads, made on first use and kept: its threads
 * leave after 30 s without work and never keep the process alive, so there is nothing to close; an engine opened
 * again finds it warm (a thread costs about 2 s to start from source, most of it loading the renderers).
 */
export function labelPoolFor(resourcesDir: string, threads = labelThreadCount()): LabelPool {
  const key = `${threads}:${resourcesDir}`;
  let piscina = pools.get(key);
  if (!piscina) {
    const PiscinaPool = piscinaClass();
    piscina = new PiscinaPool({
      filename: workerFile(),
      minThreads: 1,
      maxThreads: threads,
      idleTimeout: 30_000,
    });
    pools.set(key, piscina);
  }
  const mine = piscina;
  return {
    draw: (task) => mine.run(task) as Promise<RasterResult>,
    threads: () => mine.threads,
  };
}

/**
 * The process's pool, made when a first label is drawn: an engine that seldom draws (the service's request thread,
 * whose creates are drawn by its writer thread's engine; there, only a dropshipping mail's PDF or an order's claim)
 * starts no thread idle.
 */
export function labelPoolOnDemand(resourcesDir: string): LabelPool {
  let pool: LabelPool | undefined;
  return {
    draw: (task) => (pool ??= labelPoolFor(resourcesDir)).draw(task),
    threads: () => pool?.threads() ?? [],
  };
}
