// Order files read on a thread of their own, so that a big or hostile file never freezes the station: the
// thread has a heap limit and a time limit, and a file that passes either ends that thread with an Italian error
// while the station answers on. One idle thread is kept warm for the next file (starting one from source costs a few
// hundred milliseconds); a thread that failed is never reused.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { orderFileLimits, type OrderFileLimits, type OrderFileLimitsInput } from './fileLimits';
import { ORDER_FILE_MESSAGES, OrderFileError } from './orderFileError';
import type { OrderTable, OrderTableRow } from './readFile';
import type { FromReader, ToReader } from './readerProtocol';

/** The bundled entry beside the built code (desktop build, the tests' bundles), else the source entry through tsx. */
function workerFile(): string {
  const bundled = fileURLToPath(new URL('./orderFileWorker.js', import.meta.url));
  if (existsSync(bundled)) return bundled;
  return fileURLToPath(new URL('./orderFileWorker.mjs', import.meta.url));
}

/** An idle thread leaves after this long. */
const IDLE_MS = 30_000;

interface Reader {
  worker: Worker;
  memoryMb: number;
  idleTimer?: NodeJS.Timeout;
}

let idle: Reader | undefined;

function takeReader(limits: OrderFileLimits): Reader {
  const kept = idle;
  idle = undefined;
  if (kept && kept.memoryMb === limits.memoryMb) {
    clearTimeout(kept.idleTimer);
    kept.worker.removeAllListeners('error').ref();
    return kept;
  }
  if (kept) void kept.worker.terminate();
  const worker = new Worker(workerFile(), {
    resourceLimits: { maxOldGenerationSizeMb: limits.memoryMb, stackSizeMb: 4 },
  });
  return { worker, memoryMb: limits.memoryMb };
}

function release(reader: Reader): void {
  reader.worker.removeAllListeners('message').removeAllListeners('error').removeAllListeners('exit');
  if (idle) {
    void reader.worker.terminate();
    return;
  }
  // An idle thread never keeps the process alive, and leaves on its own; one that fails while idle is forgotten.
  reader.worker.on('error', () => idle === reader && (idle = undefined)).unref();
  reader.idleTimer = setTimeout(() => {
    if (idle === reader) idle = undefined;
    void reader.worker.terminate();
  }, IDLE_MS).unref();
  idle = reader;
}

/**
 * The file's table, read on a thread of its own: `source` is its bytes (the preview) or its path (the watched folder;
 * opened without following links or waiting on a FIFO, its size judged before it is read). Refusals are
 * OrderFileError, as readOrderTable's, with the thread's own: out of memory, out of time ('tooLarge'). A file that
 * could not be opened or read is a plain Error with the system's code (ENOENT, EACCES, EBUSY, ...): worth another try.
 */
export function readOrderFileOffThread(
  source: Uint8Array | string,
  fileName: string,
  given: OrderFileLimitsInput = {},
  /**
   * The bytes are the thread's from now on (the caller made them for this read and never reads them again): handed
   * over as they are, not copied, and left empty here. Copying megabytes holds the station's thread for tens of ms.
   */
  handOver = false,
): Promise<OrderTable> {
  const limits = orderFileLimits(given);
  if (typeof source !== 'string' && source.length > limits.maxBytes) {
    return Promise.reject(
      new OrderFileError('tooLarge', ORDER_FILE_MESSAGES.fileSize(source.length, limits.maxBytes, limits.kind)),
    );
  }
  const reader = takeReader(limits);
  const { worker } = reader;
  return new Promise<OrderTable>((resolve, reject) => {
    const rows: OrderTableRow[] = [];
    let settled = false;
    const finish = (outcome: { table: OrderTable } | { error: Error }, reusable: boolean) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (reusable) release(reader);
      else {
        worker.removeAllListeners('message');
        void worker.terminate();
      }
      if ('table' in outcome) resolve(outcome.table);
      else reject(outcome.error);
    };
    const timer = setTimeout(
      () => finish({ error: new OrderFileError('tooLarge', ORDER_FILE_MESSAGES.timeout(limits.timeoutMs)) }, false),
      limits.timeoutMs,
    );
    worker.on('message', (message: FromReader) => {
      if (message.type === 'rows') {
        for (const row of message.rows) rows.push(row);
        // The next chunk once this turn of the event loop is over: whatever else waits runs first.
        setImmediate(() => !settled && worker.postMessage({ type: 'more' } satisfies ToReader));
      } else if (message.type === 'done') finish({ table: { ...message.table, rows } }, true);
      else if (message.type === 'refused') {
        finish({ error: new OrderFileError(message.problem, message.message, message.line) }, true);
      } else finish({ error: Object.assign(new Error(message.message), { code: message.code }) }, true);
    });
    worker.on('error', (error: Error & { code?: string }) => {
      const message =
        error.code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? ORDER_FILE_MESSAGES.memory(limits.memoryMb)
          : ORDER_FILE_MESSAGES.stopped(error.message);
      finish({ error: new OrderFileError('tooLarge', message) }, false);
    });
    worker.on('exit', (code) => {
      finish({ error: new OrderFileError('tooLarge', ORDER_FILE_MESSAGES.stopped(`uscita ${code}`)) }, false);
    });
    const own = handOver && typeof source !== 'string' && whole(source);
    const request: ToReader = { type: 'read', source: own ? source : copyOf(source), fileName, limits };
    worker.postMessage(request, typeof request.source === 'string' ? [] : [request.source.buffer as ArrayBuffer]);
  });
}

/** A view over all of its buffer: a small Buffer is a view into Node's shared pool, which must never be handed over. */
const whole = (bytes: Uint8Array) => bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;

/** Bytes of its own to hand over to the thread: the caller's may be a view into a pool or still in use. */
const copyOf = (source: Uint8Array | string) => (typeof source === 'string' ? source : new Uint8Array(source));
