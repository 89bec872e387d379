// The order folder: polled for files a shop's program or an operator drops there. A file is taken only once it is
// complete (never a partial-write name; size and time unchanged over two polls), claimed into this bench's own
// subfolder by one atomic rename before it is read (two benches on one share never read one file), read without
// following links or blocking, and handed over one at a time. Polling, not fs.watch: on a network share change events
// are lost or never sent, a directory listing always answers.
import { constants } from 'node:fs';
import * as fsPromises from 'node:fs/promises';
import { join } from 'node:path';
import { ORDER_FILE_MESSAGES } from './orderFileError';
import { DONE_FOLDER, placeNoReplace, SET_ASIDE_FOLDER, settleFile, type SettleFs } from './folderSettle';

export { DONE_FOLDER, SET_ASIDE_FOLDER, settleFile } from './folderSettle';

/** A file taken from the folder: its name as the shop wrote it and its bytes, read from this bench's claim folder. */
export interface TakenFile {
  name: string;
  bytes: Buffer;
}

/**
 * Where a handed-over file goes: imported, set aside with the reason (written beside it), or back into the folder
 * for a person to open (it is not taken again while it is unchanged). `settled` runs once it is there, so that what the
 * operator reads in the log is already true of the folder.
 */
export type Verdict = ({ to: 'importati' } | { to: 'scartati'; reason: string } | { to: 'back' }) & {
  settled?(): void;
};

/** The file system at the watcher's boundary (a share can fail in ways a test makes happen through this). */
export interface FolderFs extends SettleFs {
  readdir: typeof fsPromises.readdir;
  lstat: typeof fsPromises.lstat;
  open: typeof fsPromises.open;
}

export interface OrderFolderWatchOptions {
  /** This bench's id: its claim folder is `.banco-<bench>` inside the watched folder (same file system). */
  bench: string;
  onFile(file: TakenFile): Promise<Verdict>;
  /** A file moved to scartati/ by the watcher itself (left claimed by an earlier start, not a file, unreadable). */
  onSetAside?(name: string, reason: string): void;
  /** Between the end of one poll and the start of the next; default 2000. */
  everyMs?: number;
  /** The biggest file read (asked at each file: a bench setting); a bigger one is set aside unread. */
  maxBytes?(): number;
  log?(line: string): void;
  fs?: FolderFs;
}

export interface OrderFolderWatch {
  /** No further poll starts; resolves once the one running has ended, or after STOP_WAIT_MS at most. */
  stop(): Promise<void>;
  /** One poll now, after the one running if any (a poll is one of those that find a file stable). */
  scanNow(): Promise<void>;
}

const ORDER_EXTENSIONS: ReadonlySet<string> = new Set(['.csv', '.txt', '.xlsx']);
const DEFAULT_EVERY_MS = 2000;
/** Polls a file's size and time must stay the same over: a program pausing mid-write is not a finished file. */
const STABLE_POLLS = 2;
/** Files looked at per poll: a share holding thousands of files costs a bounded poll; the rest wait their turn. */
const MAX_STATS_PER_POLL = 200;
/** Files handed over per poll, so that stop() and the next listing are never far away. */
const MAX_FILES_PER_POLL = 20;
/** Files put back unchanged that are remembered not to be taken again (the oldest forgotten first). */
const MAX_REMEMBERED = 1000;
/** Reads of a claimed file failing for a passing reason (busy, too many open files, I/O) before it is set aside. */
export const MAX_READ_TRIES = 5;
/** stop() never waits longer than this for a poll stuck in the file system (a hung share). */
const STOP_WAIT_MS = 5000;
/** Errors that say the file is wrong, not that the disk or share is having a moment. */
const WRONG_FILE_CODES: ReadonlySet<string> = new Set(['ELOOP', 'EISDIR', 'ENXIO', 'ENODEV', 'EFTYPE', 'EMLINK']);
// Not defined on Windows, where links are not followed by a plain open of a file anyway and FIFOs are not files.
const OPEN_FLAGS = constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0);

export const claimFolderName = (bench: string) => `.banco-${bench}`;

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
const signatureOf = (info: { size: number; mtimeMs: number; ino: number }) =>
  `${info.size}:${info.mtimeMs}:${info.ino}`;
const codeOf = (error: unknown) => (error as NodeJS.ErrnoException | undefined)?.code ?? '';
const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

export function watchOrderFolder(dir: string, options: OrderFolderWatchOptions): OrderFolderWatch {
  const fs: FolderFs = options.fs ?? fsPromises;
  const everyMs = options.everyMs ?? DEFAULT_EVERY_MS;
  const log = options.log ?? (() => undefined);
  const claimDir = join(dir, claimFolderName(options.bench));
  const seen = new Map<string, Seen>();
  /** Name → the signature it had when put back: not taken again while it is still there unchanged. */
  const handed = new Map<string, string>();
  /** Names already said to be no files (a FIFO, a link), so that the log says it once. */
  const notFiles = new Set<string>();
  /** Files whose claim failed (held open on Windows, a share's hiccup): name → the code last said, said once. */
  const claimFailed = new Map<string, string>();
  /** Claimed files whose read failed for a passing reason: name → tries so far. */
  const retrying = new Map<string, number>();
  let leftoversChecked = false;
  let cursor = 0;
  let unreachable = false;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let queue: Promise<void> = Promise.resolve();

  const setAside = async (name: string, reason: string) => {
    await settleFile(fs, join(claimDir, name), dir, SET_ASIDE_FOLDER, reason);
    log(`${name} spostato in scartati/: ${reason}`);
    options.onSetAside?.(name, reason);
  };

  async function listNames(): Promise<string[] | undefined> {
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

  /**
   * Files a crash or a kill left in this bench's claim folder are set aside, never read again at start: a file that
   * took the station down would otherwise take it down at every start.
   */
  async function setAsideLeftovers(): Promise<void> {
    const names = await fs.readdir(claimDir).catch(() => [] as string[]);
    for (const name of names) {
      await setAside(
        name,
        'lasciato a metà da un avvio precedente: controllarlo e, se serve, aprirlo da «Importa ordini»',
      );
    }
    leftoversChecked = true;
  }

  /** Regular files unchanged over STABLE_POLLS polls, never put back unchanged; links, FIFOs, devices are not files. */
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
      if (stable && handed.get(name) !== signature && !retrying.has(name)) ready.push(name);
    }
    return ready;
  }

  /** Moves the file into this bench's claim folder; false when another bench (or anyone) took it first. */
  async function claim(name: string): Promise<boolean> {
    try {
      await fs.mkdir(claimDir, { recursive: true });
      await fs.rename(join(dir, name), join(claimDir, name));
      seen.delete(name);
      claimFailed.delete(name);
      return true;
    } catch (error) {
      // ENOENT: another bench claimed it in between, which is the claim working. Anything else: tried next poll.
      const code = codeOf(error) || messageOf(error);
      if (code !== 'ENOENT' && claimFailed.get(name) !== code) log(`${name} non preso ora (${code}): si riprova`);
      if (code !== 'ENOENT') claimFailed.set(name, code);
      return false;
    }
  }

  /** The claimed file's bytes, a wrong file set aside, or undefined to try again at a later poll. */
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
      if (tries >= MAX_READ_TRIES) {
        retrying.delete(name);
        await setAside(name, `illeggibile dopo ${tries} tentativi (${code || messageOf(error)})`);
      } else {
        retrying.set(name, tries);
        log(
          `${name} non leggibile ora (${code || messageOf(error)}): nuovo tentativo ${tries + 1} di ${MAX_READ_TRIES}`,
        );
      }
      return undefined;
    } finally {
      await handle?.close().catch(() => undefined);
    }
  }

  async function handOver(name: string): Promise<void> {
    // Handed over even when stop() came meanwhile (it waits for this poll): a file claimed and left unread would be
    // set aside as a leftover at the next start.
    const bytes = await read(name);
    if (!bytes) return;
    let verdict: Verdict;
    try {
      verdict = await options.onFile({ name, bytes });
    } catch (error) {
      verdict = { to: 'scartati', reason: `errore durante l'importazione: ${messageOf(error)}` };
    }
    await settle(name, verdict);
    verdict.settled?.();
  }

  async function settle(name: string, verdict: Verdict): Promise<void> {
    const from = join(claimDir, name);
    if (verdict.to === 'scartati') {
      await settleFile(fs, from, dir, SET_ASIDE_FOLDER, verdict.reason);
      log(`${name} spostato in scartati/: ${verdict.reason}`);
      return;
    }
    if (verdict.to === 'importati') {
      await settleFile(fs, from, dir, DONE_FOLDER);
      return;
    }
    // Back where the shop put it, unless a new file of that name arrived meanwhile (then this one is set aside).
    const back = join(dir, name);
    if ((await placeNoReplace(fs, from, back)) === 'taken') {
      return setAside(name, 'messo da parte: nel frattempo è arrivato un file con lo stesso nome');
    }
    const info = await fs.lstat(back);
    remember(name, signatureOf(info));
  }

  /** Kept while the bench runs, bounded: another bench may hold the file a moment and put it back unchanged. */
  function remember(name: string, signature: string): void {
    handed.delete(name);
    handed.set(name, signature);
    for (const oldest of handed.keys()) {
      if (handed.size <= MAX_REMEMBERED) break;
      handed.delete(oldest);
    }
  }

  async function poll(): Promise<void> {
    if (!leftoversChecked) await setAsideLeftovers();
    let handedOver = 0;
    for (const name of [...retrying.keys()]) {
      if (stopped || handedOver >= MAX_FILES_PER_POLL) return;
      handedOver += 1;
      await handOver(name);
    }
    const names = await listNames();
    if (!names) return;
    for (const name of await stableFiles(names)) {
      if (stopped || handedOver >= MAX_FILES_PER_POLL) return;
      if (!(await claim(name))) continue;
      handedOver += 1;
      await handOver(name);
    }
  }

  /** Polls never overlap: a scan asked for while one runs waits for it. */
  function run(): Promise<void> {
    queue = queue.then(() => poll().catch((error: unknown) => log(`Cartella ordini ${dir}: ${messageOf(error)}`)));
    return queue;
  }

  function schedule(delay: number): void {
    if (stopped) return;
    timer = setTimeout(() => {
      timer = undefined;
      void run().then(() => schedule(everyMs));
    }, delay);
    timer.unref();
  }

  schedule(0);
  return {
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = undefined;
      let waited: NodeJS.Timeout | undefined;
      const late = new Promise<void>((done) => {
        waited = setTimeout(done, STOP_WAIT_MS);
      });
      await Promise.race([queue, late]);
      clearTimeout(waited);
    },
    scanNow: () => (stopped ? Promise.resolve() : run()),
  };
}
