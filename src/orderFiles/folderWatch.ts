// The order folder: polled for files a shop's program or an operator drops there. A file is taken only once it is
// complete (never a partial-write name; size and time unchanged over two polls), claimed into this bench's own
// subfolder by one atomic rename before it is read (two benches on one share never read one file), read without
// following links or blocking, and handed over one at a time. Polling, not fs.watch: on a network share change events
// are lost or never sent, a directory listing always answers.
import * as fsPromises from 'node:fs/promises';
import { join } from 'node:path';
import { createClaimedRead, type ReadFs } from './claimedRead';
import { DONE_FOLDER, placeNoReplace, SET_ASIDE_FOLDER, settleFile, type SettleFs } from './folderSettle';
import { createFolderScan, signatureOf, type ScanFs } from './folderScan';
import { startPollLoop, type PollLoop } from './pollLoop';
import type { Log } from '../shared/log';
import { errorMessage } from '../shared/errorMessage';

export { MAX_READ_TRIES } from './claimedRead';
export { DONE_FOLDER, SET_ASIDE_FOLDER, settleFile } from './folderSettle';
export { isOrderFileName } from './folderScan';

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
export interface FolderFs extends SettleFs, ScanFs, ReadFs {}

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
  /** Where what happens to the folder's files and the folder itself is said (warn). */
  log?: Log;
  fs?: FolderFs;
}

/** stop() and scanNow(): a poll is one of those that find a file stable. */
export type OrderFolderWatch = PollLoop;

const DEFAULT_EVERY_MS = 2000;
/** Files handed over per poll, so that stop() and the next listing are never far away. */
const MAX_FILES_PER_POLL = 20;
/** Files put back unchanged that are remembered not to be taken again (the oldest forgotten first). */
const MAX_REMEMBERED = 1000;

export const claimFolderName = (bench: string) => `.banco-${bench}`;

export function watchOrderFolder(dir: string, options: OrderFolderWatchOptions): OrderFolderWatch {
  const fs: FolderFs = options.fs ?? fsPromises;
  const everyMs = options.everyMs ?? DEFAULT_EVERY_MS;
  const log = (line: string) => options.log?.warn(line);
  const claimDir = join(dir, claimFolderName(options.bench));
  /** Name → the signature it had when put back: not taken again while it is still there unchanged. */
  const handed = new Map<string, string>();
  let leftoversChecked = false;

  const setAside = async (name: string, reason: string) => {
    await settleFile(fs, join(claimDir, name), dir, SET_ASIDE_FOLDER, reason);
    log(`${name} spostato in scartati/: ${reason}`);
    options.onSetAside?.(name, reason);
  };
  const reader = createClaimedRead({ claimDir, fs, maxBytes: options.maxBytes, log, setAside });
  const scan = createFolderScan({
    dir,
    claimDir,
    fs,
    everyMs,
    log,
    passOver: (name, signature) => handed.get(name) === signature || reader.isRetrying(name),
  });

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

  async function handOver(name: string): Promise<void> {
    // Handed over even when stop() came meanwhile (it waits for this poll): a file claimed and left unread would be
    // set aside as a leftover at the next start.
    const bytes = await reader.read(name);
    if (!bytes) return;
    let verdict: Verdict;
    try {
      verdict = await options.onFile({ name, bytes });
    } catch (error) {
      verdict = { to: 'scartati', reason: `errore durante l'importazione: ${errorMessage(error)}` };
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

  async function poll(stopped: () => boolean): Promise<void> {
    if (!leftoversChecked) await setAsideLeftovers();
    let handedOver = 0;
    for (const name of reader.retrying()) {
      if (stopped() || handedOver >= MAX_FILES_PER_POLL) return;
      handedOver += 1;
      await handOver(name);
    }
    const names = await scan.list();
    if (!names) return;
    for (const name of await scan.stableFiles(names)) {
      if (stopped() || handedOver >= MAX_FILES_PER_POLL) return;
      if (!(await scan.claim(name))) continue;
      handedOver += 1;
      await handOver(name);
    }
  }

  return startPollLoop(poll, {
    everyMs,
    onError: (error: unknown) => log(`Cartella ordini ${dir}: ${errorMessage(error)}`),
  });
}
