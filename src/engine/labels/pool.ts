// PDF and JPG labels are drawn on worker threads (piscina), so the thread that answers requests never spends tens of
// milliseconds drawing: one pool per process and resources folder, shared by the engines that use it, as many
// threads as cores, closed a moment after its last engine closes. A task that fails (a worker crashed, a drawing
// error) rejects; the caller turns that into status 0.6 for that shipment, and piscina replaces the worker.
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import type { Worker } from 'node:worker_threads';
import { Piscina } from 'piscina';
import type { RasterResult, RasterTask } from './rasterTask';

export interface LabelPool {
  draw(task: RasterTask): Promise<RasterResult>;
  release(): void;
  /** The pool's threads as they are now (diagnostics; the tests stop one mid-task). */
  threads(): readonly Worker[];
}

/** The bundled entry beside the built code (desktop build), else the source entry through its tsx shim. */
function workerFile(): string {
  const bundled = fileURLToPath(new URL('./labelWorker.js', import.meta.url));
  if (existsSync(bundled)) return bundled;
  return fileURLToPath(new URL('./labelWorker.mjs', import.meta.url));
}

interface Shared {
  piscina: Piscina;
  users: number;
  closing?: NodeJS.Timeout;
}

const pools = new Map<string, Shared>();
/** How long a pool with no engine left stays, so an engine closed and opened again (a restart) finds it warm. */
const LINGER_MS = 2_000;

export function acquireLabelPool(resourcesDir: string): LabelPool {
  let shared = pools.get(resourcesDir);
  if (!shared) {
    const threads = Math.max(1, availableParallelism());
    shared = {
      piscina: new Piscina({
        filename: workerFile(),
        minThreads: 1,
        maxThreads: threads,
        idleTimeout: 30_000,
      }),
      users: 0,
    };
    pools.set(resourcesDir, shared);
  }
  const mine = shared;
  if (mine.closing) {
    clearTimeout(mine.closing);
    mine.closing = undefined;
  }
  mine.users += 1;
  let released = false;
  return {
    draw: (task) => mine.piscina.run(task) as Promise<RasterResult>,
    threads: () => mine.piscina.threads,
    release() {
      if (released) return;
      released = true;
      mine.users -= 1;
      if (mine.users > 0) return;
      mine.closing = setTimeout(() => {
        if (mine.users > 0) return;
        pools.delete(resourcesDir);
        void mine.piscina.destroy();
      }, LINGER_MS);
      mine.closing.unref();
    },
  };
}
