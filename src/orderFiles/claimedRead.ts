// A file claimed into this bench's folder, read: opened without following links or blocking, judged again once open
// (the file checked before the claim may have been swapped since), a wrong or too big file set aside unread, and a
// read failing for a passing reason (busy, too many open files, I/O) tried again at later polls up to MAX_READ_TRIES.
import { constants } from 'node:fs';
import type * as fsPromises from 'node:fs/promises';
import { join } from 'node:path';
import { codeOf } from './fsErrors';
import { ORDER_FILE_MESSAGES } from './orderFileError';
import { errorMessage } from '../shared/errorMessage';

/** The file-system call the read makes (a share can fail in ways a test makes happen through it). */
export interface ReadFs {
  open: typeof fsPromises.open;
}

export interface ClaimedReadOptions {
  claimDir: string;
  fs: ReadFs;
  /** The biggest file read (asked at each file: a bench setting); a bigger one is set aside unread. */
  maxBytes?(): number;
  log(line: string): void;
  /** Moves the claimed file to scartati/ with the reason. */
  setAside(name: string, reason: string): Promise<void>;
}

export interface ClaimedRead {
  /** The claimed file's bytes, a wrong file set aside, or undefined to try again at a later poll. */
  read(name: string): Promise<Buffer | undefined>;
  /** Claimed files whose last read failed for a passing reason, in the order they first failed. */
  retrying(): string[];
  isRetrying(name: string): boolean;
}

/** Reads of a claimed file failing for a passing reason (busy, too many open files, I/O) before it is set aside. */
export const MAX_READ_TRIES = 5;
/** Errors that say the file is wrong, not that the disk or share is having a moment. */
const WRONG_FILE_CODES: ReadonlySet<string> = new Set(['ELOOP', 'EISDIR', 'ENXIO', 'ENODEV', 'EFTYPE', 'EMLINK']);
// Not defined on Windows, where links are not followed by a plain open of a file anyway and FIFOs are not files.
const OPEN_FLAGS = constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0);

export function createClaimedRead(options: ClaimedReadOptions): ClaimedRead {
  const { claimDir, fs, log, setAside } = options;
  /** Claimed files whose read failed for a passing reason: name → tries so far. */
  const retrying = new Map<string, number>();

  async function read(name: string): Promise<Buffer | undefined> {
    const path = join(claimDir, name);
    let handle: fsPromises.FileHandle | undefined;
    try {
      handle = await fs.open(path, OPEN_FLAGS);
      // The file checked before the claim may have been swapped since: only the opened one counts.
      const info = await handle.stat();
      const maxBytes = options.maxBytes?.() ?? Infinity;
      if (!info.isFile() || info.size > maxBytes) {
        await handle.close();
        handle = undefined;
        retrying.delete(name);
        const why = info.isFile()
          ? ORDER_FILE_MESSAGES.fileSize(info.size, maxBytes)
          : 'non è un file normale (collegamento, FIFO o device): non letto';
        await setAside(name, why);
        return undefined;
      }
      const bytes = await handle.readFile();
      retrying.delete(name);
      return bytes;
    } catch (error) {
      const code = codeOf(error);
      if (code === 'ENOENT') {
        retrying.delete(name);
        return undefined;
      }
      if (WRONG_FILE_CODES.has(code)) {
        retrying.delete(name);
        await setAside(name, `non è un file normale (${code}): non letto`);
        return undefined;
      }
      const tries = (retrying.get(name) ?? 0) + 1;
      const why = code || errorMessage(error);
      if (tries >= MAX_READ_TRIES) {
        retrying.delete(name);
        await setAside(name, `illeggibile dopo ${tries} tentativi (${why})`);
      } else {
        retrying.set(name, tries);
        log(`${name} non leggibile ora (${why}): nuovo tentativo ${tries + 1} di ${MAX_READ_TRIES}`);
      }
      return undefined;
    } finally {
      await handle?.close().catch(() => undefined);
    }
  }

  return { read, retrying: () => [...retrying.keys()], isRetrying: (name) => retrying.has(name) };
}
