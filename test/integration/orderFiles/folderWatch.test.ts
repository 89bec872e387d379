// The order folder on a real disk: a file the shop's program drops there is handed over once, only after it has
// stopped growing, never again once moved to importati/; Office locks, hidden and partial files are left alone.
import { appendFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import * as fsPromises from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  claimFolderName,
  isOrderFileName,
  settleFile,
  watchOrderFolder,
  type OrderFolderWatch,
  type TakenFile,
  type Verdict,
} from '../../../src/orderFiles/folderWatch';
import { removeTempDirs, tempDir } from '../../helpers/tmp';

const BENCH = 'prova';

const EVERY_MS = 40;
const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));
const until = async (check: () => boolean, timeoutMs = 5_000) => {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await sleep(10);
  }
};

let watch: OrderFolderWatch | undefined;
afterEach(async () => {
  await watch?.stop();
  watch = undefined;
  removeTempDirs();
});

/**
 * Watches a fresh folder; `handed` lists what onFile got (names), `after` runs in onFile (a slow read) and says where
 * the file goes (by default back into the folder, as a file nobody imported).
 */
function watching(
  after: (file: TakenFile) => Promise<Verdict | void> | Verdict | void = () => undefined,
  dir = tempDir('orders-watch-'),
  everyMs = EVERY_MS,
) {
  const handed: string[] = [];
  const log: string[] = [];
  watch = watchOrderFolder(dir, {
    bench: BENCH,
    everyMs,
    log: { info: (line) => log.push(line), warn: (line) => log.push(line) },
    onFile: async (file) => {
      handed.push(file.name);
      return (await after(file)) ?? { to: 'back' as const };
    },
  });
  return { dir, handed, log };
}

/** The folder as the operator sees it, without this bench's (hidden) claim folder. */
const visible = (dir: string) => readdirSync(dir).filter((name) => !name.startsWith('.'));

describe('the order folder', () => {
  it('hands a file over once, though it stays in the folder unchanged', async () => {
    const { dir, handed } = watching();
    writeFileSync(join(dir, 'ordini.csv'), 'Ordine;CAP\n1;06100\n');
    await until(() => handed.length > 0);
    await sleep(EVERY_MS * 6);
    expect(handed).toEqual(['ordini.csv']);
  });

  it('waits for a file still being copied to stop growing, then hands it over whole', async () => {
    const sizes: number[] = [];
    // A slower poll here, so that a busy machine pausing the appends never looks like a finished copy.
    const everyMs = 150;
    const { dir, handed } = watching((file) => void sizes.push(file.bytes.length), undefined, everyMs);
    const path = join(dir, 'grande.csv');
    let written = 'Ordine;CAP\n';
    writeFileSync(path, written);
    for (let i = 0; i < 30; i++) {
      appendFileSync(path, `${i};06100\n`);
      written += `${i};06100\n`;
      await sleep(everyMs / 10);
    }
    expect(handed).toEqual([]);
    await until(() => handed.length > 0);
    // Whole, as written: the file itself may be in the bench's claim folder by now, so its size is not read back.
    expect(sizes).toEqual([Buffer.byteLength(written)]);
  });

  it('does not hand a file moved to importati/ again, and keeps a second file of the same name beside it', async () => {
    const { dir, handed } = watching(() => ({ to: 'importati' }));
    writeFileSync(join(dir, 'ordini.csv'), 'Ordine\n1\n');
    await until(() => handed.length === 1);
    await sleep(EVERY_MS * 4);
    writeFileSync(join(dir, 'ordini.csv'), 'Ordine\n2\n');
    await until(() => handed.length === 2);
    await sleep(EVERY_MS * 4);
    expect(handed).toEqual(['ordini.csv', 'ordini.csv']);
    expect(visible(dir)).toEqual(['importati']);
    expect(readdirSync(join(dir, claimFolderName(BENCH)))).toEqual([]);
    const done = readdirSync(join(dir, 'importati')).sort();
    expect(done).toHaveLength(2);
    expect(done[0]).toMatch(/^\d{8}-\d{6}-ordini\.csv$/);
    expect(done[1]).toBe('ordini.csv');
    expect(readFileSync(join(dir, 'importati', 'ordini.csv'), 'utf8')).toBe('Ordine\n1\n');
  });

  it('hands over again a file left in the folder only once it has changed', async () => {
    const { dir, handed } = watching();
    const path = join(dir, 'ordini.txt');
    writeFileSync(path, 'Ordine\n1\n');
    await until(() => handed.length === 1);
    await sleep(EVERY_MS * 4);
    expect(handed).toHaveLength(1);
    appendFileSync(path, '2\n');
    await until(() => handed.length === 2);
  });

  it('ignores Office lock files, hidden and partial files, other formats and subfolders', async () => {
    const { dir, handed } = watching();
    const partial = ['ordini.csv.partial', 'ordini.csv.tmp', 'ordini.csv.part', 'ordini.csv.crdownload', 'ordini.TMP'];
    for (const name of ['~$ordini.xlsx', '.ordini.csv', '.~lock.ordini.csv#', ...partial, 'ordini.pdf']) {
      writeFileSync(join(dir, name), 'Ordine\n1\n');
    }
    mkdirSync(join(dir, 'vecchi.csv'));
    writeFileSync(join(dir, 'vecchi.csv', 'dentro.csv'), 'Ordine\n1\n');
    writeFileSync(join(dir, 'ORDINI.XLSX'), 'not really a workbook');
    await until(() => handed.length > 0);
    await sleep(EVERY_MS * 4);
    expect(handed).toEqual(['ORDINI.XLSX']);
    expect(['a.CSV', 'b.Txt', 'c.xlsx'].every(isOrderFileName)).toBe(true);
  });

  it('hands files over one at a time', async () => {
    let running = 0;
    let most = 0;
    const { dir, handed } = watching(async () => {
      most = Math.max(most, ++running);
      await sleep(20);
      running--;
    });
    for (let i = 1; i <= 4; i++) writeFileSync(join(dir, `ordini-${i}.csv`), `Ordine\n${i}\n`);
    await until(() => handed.length === 4);
    await Promise.all([watch?.scanNow(), watch?.scanNow()]);
    expect(most).toBe(1);
    expect(handed.sort()).toEqual(['ordini-1.csv', 'ordini-2.csv', 'ordini-3.csv', 'ordini-4.csv']);
  });

  it('says once that a folder on a share is unreachable, and reads it when it is back', async () => {
    const dir = join(tempDir('orders-share-'), 'ordini');
    const { handed, log } = watching(undefined, dir);
    await sleep(EVERY_MS * 4);
    expect(log).toHaveLength(1);
    expect(log[0]).toMatch(/non raggiungibile/);
    mkdirSync(dir);
    writeFileSync(join(dir, 'ordini.csv'), 'Ordine\n1\n');
    await until(() => handed.length === 1);
    expect(log[1]).toMatch(/di nuovo raggiungibile/);
  });

  it('stops after the file being read, and nothing polls or is handed over after stop()', async () => {
    let reading = false;
    const { dir, handed, log } = watching(async () => {
      reading = true;
      await sleep(100);
      reading = false;
    });
    writeFileSync(join(dir, 'ordini.csv'), 'Ordine\n1\n');
    await until(() => reading);
    await watch?.stop();
    expect(reading).toBe(false);
    writeFileSync(join(dir, 'altri.csv'), 'Ordine\n2\n');
    await sleep(EVERY_MS * 5);
    await watch?.scanNow();
    // A poll would now say the folder is gone.
    rmSync(dir, { recursive: true });
    await sleep(EVERY_MS * 5);
    expect(handed).toEqual(['ordini.csv']);
    expect(log).toEqual([]);
  });
});

describe('moving a done file', () => {
  it('puts it in importati/, with the time in front when the name is taken, and answers where', async () => {
    const dir = tempDir('orders-done-');
    writeFileSync(join(dir, 'ordini.csv'), 'a');
    const first = await settleFile(fsPromises, join(dir, 'ordini.csv'), dir, 'importati');
    expect(first).toBe(join(dir, 'importati', 'ordini.csv'));
    const taken: string[] = [];
    for (const content of ['b', 'c']) {
      writeFileSync(join(dir, 'ordini.csv'), content);
      taken.push(await settleFile(fsPromises, join(dir, 'ordini.csv'), dir, 'importati'));
    }
    expect(existsSync(join(dir, 'ordini.csv'))).toBe(false);
    expect(new Set([first, ...taken]).size).toBe(3);
    expect(taken.map((path) => readFileSync(path, 'utf8'))).toEqual(['b', 'c']);
    expect(taken[1]).toMatch(/importati[/\\]\d{8}-\d{6}-(2-)?ordini\.csv$/);
  });

  it('puts a file in scartati/ with the reason beside it', async () => {
    const dir = tempDir('orders-aside-');
    mkdirSync(join(dir, '.banco-x'));
    writeFileSync(join(dir, '.banco-x', 'ordini.csv'), 'a');
    const at = await settleFile(fsPromises, join(dir, '.banco-x', 'ordini.csv'), dir, 'scartati', 'non è un CSV');
    expect(at).toBe(join(dir, 'scartati', 'ordini.csv'));
    expect(readFileSync(`${at}.motivo.txt`, 'utf8')).toBe('non è un CSV\n');
  });
});
