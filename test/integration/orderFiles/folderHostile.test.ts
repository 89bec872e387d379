// The order folder when something goes wrong on disk (issue 27): a file a crash left claimed is set aside at start
// with the reason beside it, never read again; a read that fails for a passing reason (a busy file, too many open
// files, an I/O hiccup on a share) is tried again at the next polls and the file imported; only a file still
// unreadable after MAX_READ_TRIES goes to scartati/. The disk is real; the failures come from a file system wrapper at
// the watcher's boundary (tests may run as root, where chmod 000 stops no read).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import * as fsPromises from 'node:fs/promises';
import { basename, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  claimFolderName,
  MAX_READ_TRIES,
  watchOrderFolder,
  type FolderFs,
  type OrderFolderWatch,
} from '../../../src/orderFiles/folderWatch';
import { removeTempDirs, tempDir } from '../../helpers/tmp';

const EVERY_MS = 40;
const BENCH = 'prova';
const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

let watch: OrderFolderWatch | undefined;
afterEach(async () => {
  await watch?.stop();
  watch = undefined;
  removeTempDirs();
});

/** The real file system, whose open() of a file named `name` fails with `code` the first `times` times. */
function failingOpens(name: string, code: string, times: number): { fs: FolderFs; failed: () => number } {
  let failed = 0;
  const open = ((path: Parameters<typeof fsPromises.open>[0], ...rest: unknown[]) => {
    if (basename(String(path)) === name && failed < times) {
      failed += 1;
      return Promise.reject(Object.assign(new Error(`${code}: open '${String(path)}'`), { code }));
    }
    return (fsPromises.open as (...args: unknown[]) => ReturnType<typeof fsPromises.open>)(path, ...rest);
  }) as typeof fsPromises.open;
  return { fs: { ...fsPromises, open }, failed: () => failed };
}

function watching(dir: string, fs?: FolderFs) {
  const handed: { name: string; text: string }[] = [];
  const setAside: { name: string; reason: string }[] = [];
  watch = watchOrderFolder(dir, {
    bench: BENCH,
    everyMs: EVERY_MS,
    ...(fs ? { fs } : {}),
    onFile: async (file) => {
      handed.push({ name: file.name, text: file.bytes.toString('utf8') });
      return { to: 'importati' };
    },
    onSetAside: (name, reason) => setAside.push({ name, reason }),
  });
  return { handed, setAside };
}

describe('the order folder on a bad day', () => {
  it('tries a file busy for a moment again at the next polls and imports it, not setting it aside', async () => {
    const dir = tempDir('orders-hostile-');
    const busy = failingOpens('ordini.csv', 'EBUSY', MAX_READ_TRIES - 1);
    const { handed, setAside } = watching(dir, busy.fs);
    writeFileSync(join(dir, 'ordini.csv'), 'Ordine\n1\n');
    await expect.poll(() => handed, { timeout: 10_000 }).toEqual([{ name: 'ordini.csv', text: 'Ordine\n1\n' }]);
    expect(busy.failed()).toBe(MAX_READ_TRIES - 1);
    expect(setAside).toEqual([]);
    expect(existsSync(join(dir, 'scartati'))).toBe(false);
    expect(readdirSync(join(dir, 'importati'))).toEqual(['ordini.csv']);
  });

  it('sets aside a file still unreadable after its tries, saying why beside it', async () => {
    const dir = tempDir('orders-hostile-');
    const broken = failingOpens('rotto.csv', 'EIO', 1000);
    const { handed, setAside } = watching(dir, broken.fs);
    writeFileSync(join(dir, 'rotto.csv'), 'Ordine\n1\n');
    await expect.poll(() => setAside.length, { timeout: 10_000 }).toBe(1);
    expect(broken.failed()).toBe(MAX_READ_TRIES);
    expect(handed).toEqual([]);
    expect(readFileSync(join(dir, 'scartati', 'rotto.csv'), 'utf8')).toBe('Ordine\n1\n');
    expect(readFileSync(join(dir, 'scartati', 'rotto.csv.motivo.txt'), 'utf8')).toMatch(/illeggibile.*EIO/);
  });

  it('sets aside unread a file bigger than the bench reads, saying why beside it', async () => {
    const dir = tempDir('orders-hostile-');
    const handed: string[] = [];
    watch = watchOrderFolder(dir, {
      bench: BENCH,
      everyMs: EVERY_MS,
      maxBytes: () => 1000,
      onFile: async (file) => {
        handed.push(file.name);
        return { to: 'importati' };
      },
    });
    writeFileSync(join(dir, 'grande.csv'), 'x'.repeat(1001));
    writeFileSync(join(dir, 'piccolo.csv'), 'x'.repeat(1000));
    await expect.poll(() => existsSync(join(dir, 'scartati', 'grande.csv.motivo.txt')), { timeout: 10_000 }).toBe(true);
    await expect.poll(() => handed, { timeout: 10_000 }).toEqual(['piccolo.csv']);
    expect(readFileSync(join(dir, 'scartati', 'grande.csv.motivo.txt'), 'utf8')).toMatch(/oltre il limite/);
  });

  it('sets aside, never reads, a file an earlier start left claimed', async () => {
    const dir = tempDir('orders-hostile-');
    mkdirSync(join(dir, claimFolderName(BENCH)));
    writeFileSync(join(dir, claimFolderName(BENCH), 'ordini.csv'), 'Ordine\n1\n');
    // Another bench's claimed file is that bench's business.
    mkdirSync(join(dir, claimFolderName('altro')));
    writeFileSync(join(dir, claimFolderName('altro'), 'suo.csv'), 'Ordine\n2\n');
    const { handed, setAside } = watching(dir);
    await expect.poll(() => setAside.map((entry) => entry.name), { timeout: 10_000 }).toEqual(['ordini.csv']);
    await sleep(EVERY_MS * 5);
    expect(handed).toEqual([]);
    expect(readFileSync(join(dir, 'scartati', 'ordini.csv.motivo.txt'), 'utf8')).toMatch(/^lasciato a metà/);
    expect(readdirSync(join(dir, claimFolderName(BENCH)))).toEqual([]);
    expect(readdirSync(join(dir, claimFolderName('altro')))).toEqual(['suo.csv']);
  });

  it('neither opens nor moves a link or a FIFO, and stops at once beside them', async () => {
    const dir = tempDir('orders-hostile-');
    const outside = tempDir('orders-outside-');
    writeFileSync(join(outside, 'segreto.csv'), 'Ordine\n9\n');
    symlinkSync(join(outside, 'segreto.csv'), join(dir, 'collegamento.csv'));
    execFileSync('mkfifo', [join(dir, 'tubo.csv')]);
    const { handed, setAside } = watching(dir);
    writeFileSync(join(dir, 'buono.csv'), 'Ordine\n1\n');
    await expect.poll(() => handed.map((file) => file.name), { timeout: 10_000 }).toEqual(['buono.csv']);
    await sleep(EVERY_MS * 5);
    expect(handed.map((file) => file.name)).toEqual(['buono.csv']);
    expect(setAside).toEqual([]);
    expect(readdirSync(dir).sort()).toEqual(['.banco-prova', 'collegamento.csv', 'importati', 'tubo.csv']);
    const stopping = Date.now();
    await watch?.stop();
    expect(Date.now() - stopping).toBeLessThan(1000);
  });

  it('two benches hand a file nobody imports over once each, not back and forth between them', async () => {
    const dir = tempDir('orders-hostile-');
    const handed: string[] = [];
    const benches = ['a', 'b'].map((bench) =>
      watchOrderFolder(dir, {
        bench,
        everyMs: EVERY_MS,
        onFile: async (file) => {
          handed.push(`${bench}:${file.name}`);
          return { to: 'back' };
        },
      }),
    );
    try {
      writeFileSync(join(dir, 'altro.csv'), 'a;b\n1;2\n');
      await expect.poll(() => handed.length, { timeout: 10_000 }).toBe(2);
      await sleep(EVERY_MS * 10);
      expect(handed.sort()).toEqual(['a:altro.csv', 'b:altro.csv']);
      expect(readFileSync(join(dir, 'altro.csv'), 'utf8')).toBe('a;b\n1;2\n');
    } finally {
      await Promise.all(benches.map((bench) => bench.stop()));
    }
  });
});
