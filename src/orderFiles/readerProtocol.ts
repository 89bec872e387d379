// The messages between the station and its order-file thread (offThread.ts ⇄ orderFileWorker.ts).
import type { OrderFileLimits } from './fileLimits';
import type { OrderFileProblem } from './orderFileError';
import type { OrderTable, OrderTableRow } from './readFile';

export type ToReader =
  | { type: 'read'; source: Uint8Array | string; fileName: string; limits: OrderFileLimits }
  /** The last chunk of rows was taken: send the next. */
  | { type: 'more' };

export type FromReader =
  | { type: 'rows'; rows: OrderTableRow[] }
  | { type: 'done'; table: Omit<OrderTable, 'rows'> }
  /** The file is wrong: OrderFileError. */
  | { type: 'refused'; problem: OrderFileProblem; message: string; line?: number }
  /** The file could not be read (ENOENT, EACCES, EIO, ...): an Error with that code. */
  | { type: 'failed'; code?: string; message: string };
