// The preview's checks shared with a thread of its own: an engine opened on the station's database file with the
// station's own options (stationEngine.ts), without label or checkpoint threads, that checks the part of a file's
// orders it is given while the station checks the rest, so an import uses both cores. The station never waits for it:
// it claims the part's orders from the end as it gets to them, the thread stops where the station has claimed, and a
// thread that is slow, busy or gone leaves the station checking alone. It starts a while after the station (an engine
// from source costs a second or two of CPU), at a lower priority, and warms up before it takes a part.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Caller } from '../../engine/index';
import type { OrderDraft, OrderIssues } from '../../shared/domain/orders';
import type { Log } from '../../shared/log';
import type { StationEngineGiven } from '../stationEngine';

/** To the thread: a part to check (`claimed[0]`: the part's first order the station has claimed). */
export interface ToCheckThread {
  type: 'check';
  id: number;
  caller: Caller;
  now: number;
  drafts: OrderDraft[];
  claimed: SharedArrayBuffer;
}
/** From the thread: ready after its warm-up, a chunk's checks (`start`: its first order in the part), a part done. */
export type FromCheckThread =
  | { type: 'ready' }
  | { type: 'checked'; id: number; start: number; issues: OrderIssues[] }
  | { type: 'done'; id: number };

export interface CheckThreadData {
  engine: StationEngineGiven;
  /** The nice value the thread takes on Linux (higher: yields to the station's own thread). */
  nice: number;
}

export interface CheckPart {
  /** The station has claimed the part's orders from `index` on: the thread checks none of them. */
  claimFrom(index: number): void;
  /** No more checks of this part are wanted (the station is done): whatever the thread sends is ignored. */
  stop(): void;
  /** Settles when the thread has sent all it will of this part (or is gone). */
  done: Promise<void>;
}

export interface OrderCheckThread {
  /** True once the thread has warmed up; false if it failed or was closed first. */
  ready(): Promise<boolean>;
  /**
   * Has the thread check `drafts` (a copy goes to it), handing each chunk's issues to `onChecked` (`start`: the
   * chunk's first draft), if it is ready and idle; undefined (the station checks alone) otherwise.
   */
  check(
    caller: Caller,
    now: number,
    drafts: readonly OrderDraft[],
    onChecked: (start: number, issues: OrderIssues[]) => void,
  ): CheckPart | undefined;
  close(): Promise<void>;
}

export interface CheckThreadOptions {
  /** How long after the station's start the thread is started (its start must not slow the station's own). */
  startAfterMs: number;
  /** The nice value of the thread (Linux). */
  nice?: number;
}

const CHECK_THREAD_NICE = 5;

/**
 * The hosts' thread (the desktop app, the headless and browser stations): ten seconds after the station, once its
 * window has painted and its first commands are answered; files come minutes later. STATION_ORDER_CHECK_THREAD=0
 * leaves it out (the tests' default, as for the engine's threads: test/vitest.config.ts), so a preview is checked on
 * the station's thread alone.
 */
export function hostCheckThread(env: NodeJS.ProcessEnv = process.env): CheckThreadOptions | undefined {
  return env.STATION_ORDER_CHECK_THREAD === '0' ? undefined : { startAfterMs: 10_000 };
}

/** The bundled entry beside the built code (desktop build), else the source entry through tsx. */
function workerFile(): string {
  const bundled = fileURLToPath(new URL('./orderCheckWorker.js', import.meta.url));
  if (existsSync(bundled)) return bundled;
  return fileURLToPath(new URL('./checkThreadWorker.mjs', import.meta.url));
}

export function startOrderCheckThread(
  given: StationEngineGiven,
  options: CheckThreadOptions,
  log: Log,
): OrderCheckThread {
  let worker: Worker | undefined;
  let closed = false;
  let isReady = false;
  let busy: { id: number; onChecked: (start: number, issues: OrderIssues[]) => void; finish: () => void } | undefined;
  let nextId = 0;
  let settle: (ready: boolean) => void = () => {};
  const readiness = new Promise<boolean>((resolve) => (settle = resolve));
  const gone = () => {
    isReady = false;
    busy?.finish();
    busy = undefined;
    worker = undefined;
    settle(false);
  };
  const start = () => {
    if (closed) return;
    const data: CheckThreadData = { engine: given, nice: options.nice ?? CHECK_THREAD_NICE };
    const thread = new Worker(workerFile(), { workerData: data });
    worker = thread;
    // Never what keeps a process alive: a host that is done exits.
    thread.unref();
    thread.on('message', (message: FromCheckThread) => {
      if (message.type === 'ready') {
        isReady = !closed;
        settle(isReady);
      } else if (busy?.id !== message.id) return;
      else if (message.type === 'checked') busy.onChecked(message.start, message.issues);
      else {
        busy.finish();
        busy = undefined;
      }
    });
    thread.on('error', (error) => log.warn(`the order-check thread stopped: ${error.message}`));
    thread.on('exit', () => worker === thread && gone());
  };
  const timer = setTimeout(start, options.startAfterMs).unref();
  return {
    ready: () => readiness,
    check(caller, now, drafts, onChecked) {
      const thread = worker;
      if (!thread || !isReady || busy || drafts.length === 0) return undefined;
      const id = (nextId += 1);
      const claimed = new Int32Array(new SharedArrayBuffer(4));
      claimed[0] = drafts.length;
      let finish = () => {};
      const done = new Promise<void>((resolve) => (finish = resolve));
      busy = { id, onChecked, finish };
      const message: ToCheckThread = { type: 'check', id, caller, now, drafts: [...drafts], claimed: claimed.buffer };
      thread.postMessage(message);
      return {
        claimFrom: (index) => void Atomics.store(claimed, 0, Math.min(index, Atomics.load(claimed, 0))),
        stop() {
          Atomics.store(claimed, 0, 0);
          // The thread says 'done' when it gets to the claim; until then it takes no other part.
          if (busy?.id === id) busy.onChecked = () => {};
        },
        done,
      };
    },
    async close() {
      closed = true;
      clearTimeout(timer);
      const thread = worker;
      gone();
      if (thread) await thread.terminate();
    },
  };
}
