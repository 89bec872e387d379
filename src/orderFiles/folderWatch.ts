// The order folder: polled for files a shop's program or an operator drops there, each handed over once it
// has stopped growing, one at a time; and the move of a done file into its `importati/` subfolder. Polling, not
// fs.watch: on a network share change events are lost or never sent, a directory listing always answers.
import { existsSync, mkdirSync, renameSync } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import { basename, dirname, extname, join } from 'node:path';

export interface OrderFolderWatchOptions {
  /** Reads the file; the caller moves it away when done (moveToDone), or leaves it to be retried once it changes. */
  onFile(path: string): Promise<void>;
  /** Between the end of one poll and the start of the next; default 2000. */
  everyMs?: number;
  log?(line: string): void;
}

export interface OrderFolderWatch {
  /** No further poll starts; resolves once the one running (with its onFile) has ended. */
  stop(): Promise<void>;
  /** One poll now, after the one running if any (a poll is one of the two that find a file stable). */
  scanNow(): Promise<void>;
}

export const DONE_FOLDER = 'importati';
const ORDER_EXTENSIONS: ReadonlySet<string> = new Set(['.csv', '.txt', '.xlsx']);
const DEFAULT_EVERY_MS = 2000;
/** Files looked at per poll: a share holding thousands of files costs a bounded poll; the rest wait their turn. */
const MAX_STATS_PER_POLL = 200;
/** Files handed over per poll, so that stop() and the next listing are never far away. */
const MAX_FILES_PER_POLL = 20;

/**
 * An order file by its name: .csv, .txt or .xlsx in any case; not hidden (".~lock.x.csv#" of LibreOffice) nor an
 * Office lock file ("~$x.xlsx"); a download or copy in progress ("x.csv.partial", ".crdownload") has another ending.
 */
export function isOrderFileName(name: string): boolean {
  return !name.startsWith('.') && !name.startsWith('~') && ORDER_EXTENSIONS.has(extname(name).toLowerCase());
}

interface Seen {
  /** Size and modification time: a file still being copied changes one of them between polls. */
  signature: string;
  /** When this signature was first seen (monotonic ms). */
  since: number;
}

export function watchOrderFolder(dir: string, options: OrderFolderWatchOptions): OrderFolderWatch {
  const everyMs = options.everyMs ?? DEFAULT_EVERY_MS;
  const log = options.log ?? (() => undefined);
  const seen = new Map<string, Seen>();
  /** Name → the signature it had when handed over: not handed again while it is still there unchanged. */
  const handed = new Map<string, string>();
  let cursor = 0;
  let unreachable = false;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let queue: Promise<void> = Promise.resolve();

  async function listNames(): Promise<string[] | undefined> {
    try {
      const entries = await readdir(dir, { withFileTypes: true });
      if (unreachable) log(`Cartella ordini di nuovo raggiungibile: ${dir}`);
      unreachable = false;
      return entries
        .filter((entry) => (entry.isFile() || entry.isSymbolicLink()) && isOrderFileName(entry.name))
        .map((entry) => entry.name)
        .sort();
    } catch (error) {
      // Said once per outage: a share that is down for an hour must not fill the log every two seconds.
      if (!unreachable) log(`Cartella ordini non raggiungibile: ${dir} (${(error as NodeJS.ErrnoException).code})`);
      unreachable = true;
      return undefined;
    }
  }

  /** The files unchanged since an earlier poll at least everyMs ago, and not handed over unchanged already. */
  async function stableFiles(names: readonly string[]): Promise<{ name: string; signature: string }[]> {
    const present = new Set(names);
    for (const name of [...seen.keys()]) if (!present.has(name)) seen.delete(name);
    for (const name of [...handed.keys()]) if (!present.has(name)) handed.delete(name);
    const start = names.length > 0 ? cursor % names.length : 0;
    const batch = [...names.slice(start), ...names.slice(0, start)].slice(0, MAX_STATS_PER_POLL);
    cursor = start + batch.length;
    const ready: { name: string; signature: string }[] = [];
    for (const name of batch) {
      const info = await stat(join(dir, name)).catch(() => undefined);
      if (!info?.isFile()) {
        seen.delete(name);
        continue;
      }
      const signature = `${info.size}:${info.mtimeMs}`;
      const now = performance.now();
      const before = seen.get(name);
      if (before?.signature !== signature) {
        seen.set(name, { signature, since: now });
      } else if (handed.get(name) !== signature && now - before.since >= everyMs) {
        ready.push({ name, signature });
      }
    }
    return ready;
  }

  async function poll(): Promise<void> {
    const names = await listNames();
    if (!names) return;
    for (const { name, signature } of (await stableFiles(names)).slice(0, MAX_FILES_PER_POLL)) {
      if (stopped) return;
      handed.set(name, signature);
      try {
        await options.onFile(join(dir, name));
      } catch (error) {
        log(`File ordini ${name}: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  }

  /** Polls never overlap: a scan asked for while one runs waits for it. */
  function run(): Promise<void> {
    queue = queue.then(() =>
      poll().catch((error: unknown) =>
        log(`Cartella ordini ${dir}: ${error instanceof Error ? error.message : String(error)}`),
      ),
    );
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
      await queue;
    },
    scanNow: () => (stopped ? Promise.resolve() : run()),
  };
}

/**
 * Moves a done file into `<its folder>/importati/`, out of the poll's sight; a name already there gets the time in
 * front ("20250314-153012-ordini.csv"), so a shop that always writes "ordini.csv" keeps every day's file. Answers the
 * new path.
 */
export function moveToDone(path: string, subfolder = DONE_FOLDER): string {
  const folder = join(dirname(path), subfolder);
  mkdirSync(folder, { recursive: true });
  const name = basename(path);
  let target = join(folder, name);
  if (existsSync(target)) {
    const stamp = timestamp(new Date());
    target = join(folder, `${stamp}-${name}`);
    for (let n = 2; existsSync(target); n++) target = join(folder, `${stamp}-${n}-${name}`);
  }
  renameSync(path, target);
  return target;
}

/** Local time, as the operator reads the folder; no colons, which Windows refuses in names. */
function timestamp(at: Date): string {
  const two = (n: number) => String(n).padStart(2, '0');
  const day = `${at.getFullYear()}${two(at.getMonth() + 1)}${two(at.getDate())}`;
  return `${day}-${two(at.getHours())}${two(at.getMinutes())}${two(at.getSeconds())}`;
}
