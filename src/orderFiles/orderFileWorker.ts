// The thread that reads order files (offThread.ts): each request names a file (its path, or its bytes handed over)
// and gets back its table, the rows a chunk at a time, each chunk sent when the station has taken the one before, so
// that taking them never stalls the station's thread; or the refusal. A file that blows this thread's memory ends
// the thread, never the station.
import { constants } from 'node:fs';
import { open } from 'node:fs/promises';
import { parentPort } from 'node:worker_threads';
import type { OrderFileLimits } from './fileLimits';
import { ORDER_FILE_MESSAGES, OrderFileError } from './orderFileError';
import { readOrderTable } from './readFile';
import type { FromReader, ToReader } from './readerProtocol';

const ROWS_PER_CHUNK = 500;

/**
 * The file's bytes, its size judged on the open handle before a byte is read. Opened without following a link and
 * without waiting on a FIFO's writer; anything but a regular file is refused.
 */
async function bytesAt(path: string, limits: OrderFileLimits): Promise<Uint8Array> {
  const handle = await open(path, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0)).catch(
    (error: NodeJS.ErrnoException) => {
      // A symbolic link, with O_NOFOLLOW.
      if (error.code === 'ELOOP') throw new OrderFileError('notAFile', ORDER_FILE_MESSAGES.notAFile);
      throw error;
    },
  );
  try {
    const stats = await handle.stat();
    if (!stats.isFile()) throw new OrderFileError('notAFile', ORDER_FILE_MESSAGES.notAFile);
    if (stats.size > limits.maxBytes) {
      throw new OrderFileError('tooLarge', ORDER_FILE_MESSAGES.fileSize(stats.size, limits.maxBytes, limits.kind));
    }
    // One byte more than allowed is asked for: a file still growing past the limit is refused too.
    const buffer = Buffer.alloc(Math.min(stats.size, limits.maxBytes) + 1);
    let length = 0;
    for (;;) {
      const { bytesRead } = await handle.read(buffer, length, buffer.length - length, length);
      if (bytesRead === 0) break;
      length += bytesRead;
      if (length === buffer.length) {
        throw new OrderFileError('tooLarge', ORDER_FILE_MESSAGES.fileSize(length, limits.maxBytes, limits.kind));
      }
    }
    return buffer.subarray(0, length);
  } finally {
    await handle.close();
  }
}

const port = parentPort;
if (!port) throw new Error('orderFileWorker.ts runs as a worker thread (offThread.ts)');

let next: (() => void) | undefined;
const send = (message: FromReader) => port.postMessage(message);

port.on('message', (message: ToReader) => {
  if (message.type === 'more') {
    next?.();
    return;
  }
  void read(message.source, message.fileName, message.limits);
});

async function read(source: Uint8Array | string, fileName: string, limits: OrderFileLimits): Promise<void> {
  try {
    const bytes = typeof source === 'string' ? await bytesAt(source, limits) : source;
    const { rows, ...head } = await readOrderTable(bytes, fileName, limits);
    for (let start = 0; start < rows.length; start += ROWS_PER_CHUNK) {
      const taken = new Promise<void>((done) => (next = done));
      send({ type: 'rows', rows: rows.slice(start, start + ROWS_PER_CHUNK) });
      await taken;
    }
    next = undefined;
    send({ type: 'done', table: head });
  } catch (error) {
    if (error instanceof OrderFileError) {
      send({ type: 'refused', problem: error.problem, message: error.message, line: error.line });
    } else {
      // Not the file's fault (it could not be opened or read, a reader's bug): the caller may try again.
      const { code, message } = error as NodeJS.ErrnoException;
      send({ type: 'failed', code, message: String(message ?? error) });
    }
  }
}
