// Order files read on a thread of their own (issue 27), with the real worker thread: the station's thread keeps
// turning while a 100,000-row file is parsed; a file past the thread's memory or time ends the thread with an Italian
// error and the next file is read as usual; a file given by its path is judged by its size and kind before it is read.
import { execFileSync } from 'node:child_process';
import { symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readOrderFileOffThread } from '../../../src/orderFiles/offThread';
import { OrderFileError } from '../../../src/orderFiles/readFile';
import { orderFileRefusal as refusal, ordersCsv } from '../../fixtures/orderFiles';
import { zipBombXlsx } from '../../fixtures/zipBomb';
import { removeTempDirs, tempDir } from '../../helpers/tmp';

afterAll(removeTempDirs);

const dir = tempDir('orders-thread-');
/** 75,000 orders of one or two lines: 100,000 rows, 14 MB. */
const bigCsv = Buffer.from(ordersCsv(75_000), 'utf8');

describe('an order file read off the station thread', () => {
  it('parses 100,000 rows while the station thread keeps turning', async () => {
    // Warm: the thread's start is not the parse.
    await readOrderFileOffThread(Buffer.from(ordersCsv(2)), 'poche.csv');
    let turns = 0;
    const ticker = setInterval(() => (turns += 1), 1);
    try {
      const table = await readOrderFileOffThread(bigCsv, 'grande.csv');
      expect(table).toMatchObject({ format: 'csv', encoding: 'utf-8', delimiter: ';' });
      expect(table.rows).toHaveLength(100_000);
      expect(table.rows[99_999]?.cells[0]).toBe('ORD-76000');
    } finally {
      clearInterval(ticker);
    }
    // Parsed on this thread, the interval could not fire until the parse was over.
    expect(turns).toBeGreaterThan(20);
  });

  it('ends a thread that runs out of memory with an Italian error, and reads the next file', async () => {
    const error = await refusal(readOrderFileOffThread(bigCsv, 'grande.csv', { memoryMb: 48 }));
    expect(error.problem).toBe('tooLarge');
    expect(error.message).toBe(
      'File troppo grande o danneggiato: la lettura ha superato la memoria concessa (48 MB) ed è stata interrotta; ' +
        'dividerlo in file più piccoli o salvarlo di nuovo come CSV',
    );
    const next = await readOrderFileOffThread(Buffer.from(ordersCsv(3)), 'piccolo.csv', { memoryMb: 48 });
    expect(next.rows).toHaveLength(4);
  });

  it('reads a file on a thread started from the sources, as a station run from source starts it', async () => {
    // The run's bundles of the thread entries (test/globalSetup.ts) left out for this thread: its shim compiles the
    // sources through tsx. Limits of its own (memoryMb), so the thread is a new one, not the idle one kept.
    const bundles = process.env.STATION_THREAD_BUNDLES;
    delete process.env.STATION_THREAD_BUNDLES;
    try {
      const table = await readOrderFileOffThread(Buffer.from(ordersCsv(3)), 'sorgenti.csv', { memoryMb: 640 });
      expect(table.rows).toHaveLength(4);
    } finally {
      if (bundles !== undefined) process.env.STATION_THREAD_BUNDLES = bundles;
    }
  });

  it('stops a thread that takes longer than allowed', async () => {
    const error = await refusal(readOrderFileOffThread(bigCsv, 'grande.csv', { timeoutMs: 50 }));
    expect(error.message).toMatch(/^File troppo grande o danneggiato: la lettura non è finita in 0 s/);
  });

  it('refuses the zip bomb on the thread too, the process growing by less than 300 MB', async () => {
    const bomb = zipBombXlsx(1_200);
    global.gc?.();
    const before = process.memoryUsage().rss;
    const error = await refusal(readOrderFileOffThread(bomb, 'bomba.xlsx'));
    expect(process.memoryUsage().rss - before).toBeLessThan(300 * 1024 * 1024);
    expect(error.message).toMatch(/^File Excel \(\.xlsx\) la cui parte "xl\/worksheets\/sheet1\.xml" una volta aperta/);
  });

  it('judges a file given by its path by its size before reading it', async () => {
    const path = join(dir, 'grande.csv');
    writeFileSync(path, bigCsv);
    const error = await refusal(readOrderFileOffThread(path, 'grande.csv', { maxBytes: 1024 * 1024 }));
    expect(error.message).toMatch(/^File di 13 MB, oltre il limite di 1 MB per un file d'ordini/);
    const table = await readOrderFileOffThread(path, 'grande.csv');
    expect(table.rows).toHaveLength(100_000);
  });

  it('reads only regular files by path: not a link, not a FIFO (without waiting for its writer)', async () => {
    const target = join(dir, 'vero.csv');
    writeFileSync(target, ordersCsv(2));
    const link = join(dir, 'collegamento.csv');
    symlinkSync(target, link);
    expect((await refusal(readOrderFileOffThread(link, 'collegamento.csv'))).problem).toBe('notAFile');
    const fifo = join(dir, 'tubo.csv');
    execFileSync('mkfifo', [fifo]);
    expect((await refusal(readOrderFileOffThread(fifo, 'tubo.csv'))).problem).toBe('notAFile');
  });

  it('gives a file that cannot be opened back as the system error, for the caller to try again', async () => {
    const missing = readOrderFileOffThread(join(dir, 'sparito.csv'), 'sparito.csv');
    await expect(missing).rejects.toMatchObject({ code: 'ENOENT' });
    await expect(missing).rejects.not.toBeInstanceOf(OrderFileError);
  });
});
