// The watched folder's own side: its listing (an outage said once), which order files are complete (size, time and
// inode unchanged over STABLE_POLLS polls, a bounded number looked at per poll) and the claim of one into this bench's
// folder by one atomic rename, so that two benches on one share never read one file.
import type * as fsPromises from 'node:fs/promises';
import { join } from 'node:path';
import { codeOf } from './fsErrors';
import { errorMessage } from '../shared/errorMessage';

/** The file-system calls the scan makes (a share can fail in ways a test makes happen through these). */
export interface ScanFs {
  readdir: typeof fsPromises.readdir;
  lstat: typeof fsPromises.lstat;
  mkdir: typeof fsPromises.mkdir;
  rename: typeof fsPromises.rename;
}

export interface FolderScanOptions {
  dir: string;
  /** This bench's claim folder inside `dir`. */
  claimDir: string;
  fs: ScanFs;
  everyMs: number;
  log(line: string): void;
  /** A complete file not to take now: put back unchanged (`signature` as it was put back), or a read being retried. */
  passOver(name: string, signature: string): boolean;
}

export interface FolderScan {
  /** The order files' names, sorted; undefined while the folder cannot be reached. */
  list(): Promise<string[] | undefined>;
  /** Regular files unchanged over STABLE_POLLS polls and not passed over; links, FIFOs, devices are not files. */
  stableFiles(names: readonly string[]): Promise<string[]>;
  /** Moves the file into this bench's claim folder; false when another bench (or anyone) took it first. */
  claim(name: string): Promise<boolean>;
}

const ORDER_EXTENSIONS: ReadonlySet<string> = new Set(['.csv', '.txt', '.xlsx']);
/** Polls a file's size and time must stay the same over: a program pausing mid-write is not a finished file. */
const STABLE_POLLS = 2;
/** Files looked at per poll: a share holding thousands of files costs a bounded poll; the rest wait their turn. */
const MAX_STATS_PER_POLL = 200;

/**
 * An order file by its name: .csv, .txt or .xlsx in any case, and not what a program leaves while writing: hidden
 * (".~lock.x.csv#" of LibreOffice), an Office lock ("~$x.xlsx"), or a partial copy ("x.csv.tmp", "x.csv.part",
 * ".crdownload"), which all end otherwise or start with one of those.
 */
export function isOrderFileName(name: string): boolean {
  const dot = name.lastIndexOf('.');
  const extension = dot > 0 ? name.slice(dot).toLowerCase() : '';
  return !name.startsWith('.') && !name.startsWith('~') && ORDER_EXTENSIONS.has(extension);
}

interface Seen {
  signature: string;
  /** When this signature was first seen (monotonic ms) and at how many polls since. */
  since: number;
  polls: number;
}

/** Size, modification time and inode: a file still being written changes one of them between polls. */
export const signatureOf = (info: { size: number; mtimeMs: number; ino: number }) =>
  `${info.size}:${info.mtimeMs}:${info.ino}`;

export function createFolderScan(options: FolderScanOptions): FolderScan {
  const { dir, claimDir, fs, everyMs, log } = options;
  const seen = new Map<string, Seen>();
  /** Names already said to be no files (a FIFO, a link), so that the log says it once. */
  const notFiles = new Set<string>();
  /** Files whose claim failed (held open on Windows, a share's hiccup): name → the code last said, said once. */
  const claimFailed = new Map<string, string>();
  let cursor = 0;
  let unreachable = false;

  async function list(): Promise<string[] | undefined> {
    try {
      const entries = await fs.readdir(dir, { withFileTypes: true });
      if (unreachable) log(`Cartella ordini di nuovo raggiungibile: ${dir}`);
      unreachable = false;
      return entries
        .filter((entry) => !entry.isDirectory() && isOrderFileName(entry.name))
        .map((entry) => entry.name)
        .sort();
    } catch (error) {
      // Said once per outage: a share that is down for an hour must not fill the log every two seconds.
      if (!unreachable) log(`Cartella ordini non raggiungibile: ${dir} (${codeOf(error)})`);
      unreachable = true;
      return undefined;
    }
  }

  async function stableFiles(names: readonly string[]): Promise<string[]> {
    const present = new Set(names);
    for (const name of [...seen.keys()]) if (!present.has(name)) seen.delete(name);
    for (const name of [...notFiles]) if (!present.has(name)) notFiles.delete(name);
    for (const name of [...claimFailed.keys()]) if (!present.has(name)) claimFailed.delete(name);
    const start = names.length > 0 ? cursor % names.length : 0;
    const batch = [...names.slice(start), ...names.slice(0, start)].slice(0, MAX_STATS_PER_POLL);
    cursor = start + batch.length;
    const ready: string[] = [];
    for (const name of batch) {
      // lstat: a link is judged as itself, and nothing here opens a FIFO or a device (an open could wait forever).
      const info = await fs.lstat(join(dir, name)).catch(() => undefined);
      if (!info?.isFile()) {
        seen.delete(name);
        if (info && !notFiles.has(name)) log(`${name} ignorato: non è un file normale (collegamento, FIFO o device)`);
        if (info) notFiles.add(name);
        continue;
      }
      const signature = signatureOf(info);
      const now = performance.now();
      const before = seen.get(name);
      if (before?.signature !== signature) {
        seen.set(name, { signature, since: now, polls: 0 });
        continue;
      }
      before.polls += 1;
      const stable = before.polls >= STABLE_POLLS && now - before.since >= STABLE_POLLS * everyMs;
      if (stable && !options.passOver(name, signature)) ready.push(name);
    }
    return ready;
  }

  async function claim(name: string): Promise<boolean> {
    try {
      await fs.mkdir(claimDir, { recursive: true });
      await fs.rename(join(dir, name), join(claimDir, name));
      seen.delete(name);
      claimFailed.delete(name);
      return true;
    } catch (error) {
      // ENOENT: another bench claimed it in between, which is the claim working. Anything else: tried next poll.
      const code = codeOf(error) || errorMessage(error);
      if (code !== 'ENOENT' && claimFailed.get(name) !== code) log(`${name} non preso ora (${code}): si riprova`);
      if (code !== 'ENOENT') claimFailed.set(name, code);
      return false;
    }
  }

  return { list, stableFiles, claim };
}
