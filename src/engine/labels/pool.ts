// PDF and JPG labels are drawn on worker threads (piscina), so the thread that answers requests never spends tens of
// milliseconds drawing: one pool per resources folder and size, shared by the engines of a thread that use it, one
// thread fewer than cores (a thread per core for the service's writer thread). A task that fails (a worker crashed, a
// drawing error) rejects; the caller turns that into status 0.6 for that shipment, and piscina replaces the worker.
// A thread that cannot even start (a broken bundle, a library missing from an install) would fail every label, and
// piscina would start another and another or leave the labels waiting: a pool whose threads fail before one of them
// has loaded is closed, and its labels are drawn on the calling thread for the rest of the process, slower but every
// one, said once in the log. An error of an idle thread is written to the log, never left to end the process.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import type { Worker } from 'node:worker_threads';
import type { Piscina } from 'piscina';
import { processLog, type Log } from '../../shared/log';
import { lazily } from '../lazily';
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

interface Pool {
  piscina: Piscina;
  /** A thread has loaded its renderers: threads can start; a failure from now on is a label's or a thread's death. */
  loaded: boolean;
  /** Why its threads cannot start, once they failed before one had loaded: labels are then drawn here. */
  broken?: string;
  /** The broken pool's threads stopping: a label drawn here waits for it, so no failed thread outlives the pool. */
  closed?: Promise<void>;
}

const pools = new Map<string, Pool>();

/**
 * piscina required when the first pool is made, not with the engine: a connected station and an engine that draws
 * on its own thread (labelThreads off: the tests) never make one. A require because making a pool is
 * synchronous: its first thread starts with the engine and loads the renderers while the bench is still idle.
 */
const piscinaClass = (): typeof Piscina =>
  (createRequire(import.meta.url)('piscina') as typeof import('piscina')).Piscina;

/** The threads' own drawing, loaded on this thread only when they cannot start (it loads pdf-lib and the canvas). */
const rasterHere = lazily(() => import('./rasterTask'));
const drawHere = async (task: RasterTask): Promise<RasterResult> => (await rasterHere()).drawRaster(task);

/** What a label thread posts once its module has loaded (labelWorker.ts). */
export const LABEL_THREAD_LOADED = 'label-thread-loaded';

const reasonOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/**
 * The process's pool for a resources folder and at most `threads` threads, made on first use and kept: its threads
 * beyond the first leave after 30 s without work and never keep the process alive, so there is nothing to close; an
 * engine opened again finds it warm (a thread costs about 2 s to start from source, most of it loading the renderers).
 * `filename` is the thread's entry (the tests give one that cannot start).
 */
export function labelPoolFor(
  resourcesDir: string,
  threads = labelThreadCount(),
  filename = workerFile(),
  log: Log = processLog,
): LabelPool {
  const key = `${threads}:${filename}:${resourcesDir}`;
  let pool = pools.get(key);
  if (!pool) {
    const PiscinaPool = piscinaClass();
    const piscina = new PiscinaPool({ filename, minThreads: 1, maxThreads: threads, idleTimeout: 30_000 });
    const made: Pool = { piscina, loaded: false };
    piscina.on('message', (message: unknown) => {
      if (message === LABEL_THREAD_LOADED) made.loaded = true;
    });
    // An error no label is waiting for (a thread failing as it starts while the bench is idle): without a listener
    // the pool's 'error' would end the process.
    piscina.on('error', (error: unknown) => {
      log.warn(`etichette: thread di disegno in errore: ${reasonOf(error)}`);
      if (!made.loaded) closeBroken(made, error, log);
    });
    pool = made;
    pools.set(key, pool);
  }
  const mine = pool;
  return {
    draw: async (task) => {
      if (mine.broken !== undefined) {
        await mine.closed;
        return drawHere(task);
      }
      try {
        return (await mine.piscina.run(task)) as RasterResult;
      } catch (error) {
        // A thread that died mid-label is replaced (the shipment gets status 0.6, as designed); a drawing error is
        // the label's. Before any thread had loaded, the threads are what fails: this label is drawn here.
        if (mine.loaded && mine.broken === undefined) throw error;
        closeBroken(mine, error, log);
        await mine.closed;
        return drawHere(task);
      }
    },
    threads: () => mine.piscina.threads,
  };
}

/** Draws here from now on, and stops the pool's threads (its queued labels reject, and are drawn here too). */
function closeBroken(pool: Pool, error: unknown, log: Log): void {
  if (pool.broken !== undefined) return;
  pool.broken = reasonOf(error);
  log.warn(`etichette: i thread di disegno non partono (${pool.broken}): PDF e JPG disegnati sul thread principale`);
  pool.closed = pool.piscina.destroy().catch(() => undefined);
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
