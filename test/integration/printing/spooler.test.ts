// The spooler over the engine's job store (a real SQLite file) printing to a Zebra-like printer on raw TCP: FIFO,
// exactly once, held while out of paper, paused or unreachable, settled by the label counter when cut off mid-job (a
// person decides when it cannot tell), reprints only on request with a reason, and office PDFs through a CUPS queue.
import { connect } from 'node:net';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createEngine, type Engine } from '../../../src/engine/index';
import type { NewPrintJob } from '../../../src/shared/domain/printJobs';
import { createSpooler, MAX_AUTO_RESENDS, type Spooler, type SpoolerEvent } from '../../../src/printing/spooler';
import { transportFor } from '../../../src/printing/transports';
import type { PrinterConfig } from '../../../src/printing/types';
import { removeTempDirs, tempDir } from '../../helpers/tmp';
import { startDbHolder } from '../../peers/dbHolder';
import { startFakeCups } from '../../peers/fakeCups';
import { startZebraPrinter, type ZebraPrinter } from '../../peers/zebraPrinter';
import { tcpPrinter } from '../../fixtures/printers';
import { manualClock } from '../../helpers/manualClock';

let engine: Engine;
let dbFile: string;
let zebra: ZebraPrinter;
let spooler: Spooler | undefined;
let events: SpoolerEvent[];

const printerOf = (z: ZebraPrinter): PrinterConfig => tcpPrinter(z, { id: 'banco-1', name: 'Banco 1' });

const label = (n: number, extra = ''): NewPrintJob => ({
  printerId: 'banco-1',
  kind: 'label',
  shipmentId: n,
  nCollo: 1,
  format: 'ZPL',
  content: Buffer.from(`^XA^CI28^FO50,50^A0N,40,40^FDEtichetta ${n} Città Forlì${extra}^FS^XZ`, 'utf8'),
});

function startSpooler(printers: PrinterConfig[] = [printerOf(zebra)], idleStatusEveryMs?: number): Spooler {
  spooler = createSpooler({
    store: engine.printJobs,
    printers,
    transportFor: (p) => transportFor(p),
    retryEveryMs: 40,
    statusTimeoutMs: 500,
    ...(idleStatusEveryMs === undefined ? {} : { idleStatusEveryMs }),
    onEvent: (e) => events.push(e),
  });
  spooler.start();
  return spooler;
}

async function until(check: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}

beforeEach(async () => {
  dbFile = join(tempDir(), 'print.sqlite');
  engine = createEngine({ file: dbFile, config: { users: [{ api_key: 'print-key-0001', client_ids: [1001] }] } });
  zebra = await startZebraPrinter();
  events = [];
});
afterEach(async () => {
  await spooler?.stop();
  spooler = undefined;
  await zebra.close();
  engine.close();
  removeTempDirs();
});

describe('printing on a Zebra printer over raw TCP', () => {
  it('prints queued labels in order, byte for byte, each once', async () => {
    const s = startSpooler();
    for (let n = 1; n <= 5; n += 1) s.print(label(n));
    await s.idle(10_000);
    expect(zebra.labels()).toEqual([1, 2, 3, 4, 5].map((n) => label(n).content.toString()));
    expect(engine.printJobs.list().map((j) => j.state)).toEqual([
      'printed',
      'printed',
      'printed',
      'printed',
      'printed',
    ]);
    expect(s.print(label(1))).toBeUndefined();
  });

  it(
    'holds the queue with the reason while the paper is ' + 'out, tells the bench, and prints when paper is back',
    async () => {
      zebra.setState({ paperOut: true });
      const s = startSpooler();
      const id = s.print(label(1)) ?? -1;
      await until(() => engine.printJobs.get(id)?.state === 'held');
      expect(engine.printJobs.get(id)?.reason).toBe('Carta esaurita');
      expect(events).toContainEqual(
        expect.objectContaining({
          type: 'printer.status',
          status: expect.objectContaining({ state: 'problem', paperOut: true }),
        }),
      );
      expect(zebra.labels()).toEqual([]);
      zebra.setState({ paperOut: false });
      await until(() => engine.printJobs.get(id)?.state === 'printed');
      expect(zebra.labels()).toHaveLength(1);
    },
  );

  it('runs out of paper in the middle of a batch: progress stops, nothing is lost or printed twice', async () => {
    zebra.runOutOfPaperAfter(2);
    const s = startSpooler();
    const { batchId, queued } = s.printBatch([1, 2, 3, 4, 5].map((n) => label(n)));
    expect(queued).toBe(5);
    await until(() => engine.printJobs.list({ states: ['held'] }).length === 1);
    const progress = events.filter(
      (e): e is Extract<SpoolerEvent, { type: 'batch.progress' }> =>
        e.type === 'batch.progress' && e.batchId === batchId,
    );
    expect(progress.at(-1)).toMatchObject({ total: 5, printed: 2 + zebra.bufferedFormats().length, failed: 0 });
    zebra.setState({ paperOut: false });
    await s.idle(10_000);
    await zebra.waitForLabels(5, 5000);
    expect(zebra.labels()).toEqual([1, 2, 3, 4, 5].map((n) => label(n).content.toString()));
    expect(events.filter((e) => e.type === 'batch.progress').at(-1)).toMatchObject({
      total: 5,
      printed: 5,
      waiting: 0,
    });
  });

  it('holds while the printer is unreachable and prints once when it comes back', async () => {
    await zebra.setUnreachable(true);
    const s = startSpooler();
    const id = s.print(label(7)) ?? -1;
    await until(() => engine.printJobs.get(id)?.state === 'held');
    expect(engine.printJobs.get(id)?.reason).toBe('Stampante non raggiungibile');
    await zebra.setUnreachable(false);
    await until(() => engine.printJobs.get(id)?.state === 'printed');
    expect(zebra.labels()).toEqual([label(7).content.toString()]);
  });

  it(
    'marks a job cut off mid-send on a printer without a label counter as failed for a person, and reprints it ' +
      'only when asked, keeping the reason',
    async () => {
      await zebra.close();
      zebra = await startZebraPrinter({ model: 'legacy' });
      // Past the counter query's 45 bytes: the cut hits the job, not the question the printer leaves unanswered.
      zebra.dropNextConnectionAfterBytes(60);
      const s = startSpooler();
      const id = s.print(label(9, ' '.repeat(200))) ?? -1;
      await until(() => engine.printJobs.get(id)?.state === 'failed');
      expect(engine.printJobs.get(id)?.reason).toMatch(/^Invio interrotto: controllare la stampante/);
      await new Promise((r) => setTimeout(r, 200));
      expect(zebra.labels()).toEqual([]);
      const again = s.reprint(id, 'etichetta non uscita') ?? -1;
      await until(() => engine.printJobs.get(again)?.state === 'printed');
      expect(engine.printJobs.get(again)).toMatchObject({ reprintOf: id, reprintReason: 'etichetta non uscita' });
      expect(zebra.labels()).toHaveLength(1);
      expect(zebra.stats().counterQueries).toBeGreaterThan(0);
    },
  );

  it('never sends again by itself a job a stop left half-sent', async () => {
    const id = engine.printJobs.enqueue(label(3)) ?? -1;
    // Claimed by a run on another machine: the file was copied here, so that run cannot be sending it now.
    expect(engine.printJobs.claim(id, 'another-host/4242/old-run')).toBe(true);
    startSpooler();
    await until(() => engine.printJobs.get(id)?.state === 'failed');
    expect(engine.printJobs.get(id)?.reason).toMatch(/chiusura della postazione/);
    await new Promise((r) => setTimeout(r, 150));
    expect(zebra.labels()).toEqual([]);
  });

  it('prints on a printer that does not answer ~HS, treating its status as unknown, not broken', async () => {
    zebra.setSilent(true);
    const s = startSpooler();
    s.print(label(4));
    await s.idle(10_000);
    expect(zebra.labels()).toHaveLength(1);
    expect(s.status('banco-1')?.state).toBe('unknown');
  });

  it('sends each job at once to a printer known not to answer ~HS, and asks it again only while idle', async () => {
    zebra.setSilent(true);
    const s = startSpooler([printerOf(zebra)], 200);
    // The first ask, at start, finds out that it does not tell: shown as not declared.
    await until(() => /non dichiarato/.test(s.status('banco-1')?.message ?? ''));
    const asked = zebra.stats().statusQueries;
    for (let n = 20; n < 25; n += 1) s.print(label(n));
    await s.idle(10_000);
    expect(zebra.labels()).toHaveLength(5);
    // No job waited for an answer that never comes (nor for its label counter): at most an idle ask or two between.
    expect(zebra.stats().statusQueries - asked).toBeLessThanOrEqual(2);
    expect(zebra.stats().counterQueries).toBe(0);

    // Once it answers, it is a printer that tells: paper out holds the next job again.
    zebra.setSilent(false);
    zebra.setState({ paperOut: true });
    await until(() => s.status('banco-1')?.state === 'problem');
    const held = s.print(label(30)) ?? -1;
    await until(() => engine.printJobs.get(held)?.state === 'held');
    expect(zebra.labels()).toHaveLength(5);
  });
});

describe("a job cut off mid-send: the printer's label counter decides", () => {
  /** A label whose format ends well before the job does: a cut after its ^XZ leaves the label whole. */
  const padded = (n: number): NewPrintJob => ({
    ...label(n),
    content: Buffer.from(`${label(n).content.toString()}${'\r\n'.repeat(150)}`),
  });

  it(
    'sends a job again by itself when the cut came before ' +
      'the end and the counter did not move, and it prints once',
    async () => {
      const s = startSpooler();
      const before = zebra.labelCount();
      zebra.dropNextConnectionAfterBytes(60);
      const id = s.print(label(11, ' '.repeat(300))) ?? -1;
      await until(() => engine.printJobs.get(id)?.state === 'printed');
      expect(zebra.labels()).toEqual([label(11, ' '.repeat(300)).content.toString()]);
      expect(zebra.stats()).toMatchObject({ droppedConnections: 1, partialFormatsDiscarded: 1 });
      expect(zebra.labelCount()).toBe(before + 1);
      expect(engine.printJobs.get(id)).toMatchObject({ autoResends: 1, attempts: 2 });
      expect(events).toContainEqual(
        expect.objectContaining({
          type: 'job.changed',
          job: expect.objectContaining({
            id,
            state: 'pending',
            reason: expect.stringMatching(/^Invio interrotto: la stampante non ha stampato/),
          }),
        }),
      );
    },
  );

  it(
    'marks a job printed, without sending it again, when ' + 'the printer took the whole label before the cut',
    async () => {
      const job = padded(12);
      const formatEnd = Buffer.from(job.content).indexOf('^XZ') + 3;
      const s = startSpooler();
      const before = zebra.labelCount();
      zebra.dropNextConnectionAfterBytes(formatEnd);
      const id = s.print(job) ?? -1;
      await until(() => engine.printJobs.get(id)?.state === 'printed');
      await new Promise((r) => setTimeout(r, 200));
      expect(zebra.stats().droppedConnections).toBe(1);
      expect(zebra.labels()).toEqual([label(12).content.toString()]);
      expect(zebra.labelCount()).toBe(before + 1);
      expect(engine.printJobs.get(id)).toMatchObject({ state: 'printed', attempts: 1, autoResends: 0 });
    },
  );

  it('counts every copy a ^PQ asks for when it decides the job printed', async () => {
    const content = Buffer.from(`^XA^FO50,50^A0N,40,40^FDTre copie^FS^PQ3^XZ${'\r\n'.repeat(150)}`);
    const s = startSpooler();
    zebra.dropNextConnectionAfterBytes(content.indexOf('^XZ') + 3);
    const id = s.print({ ...label(13), content }) ?? -1;
    await until(() => engine.printJobs.get(id)?.state === 'printed');
    expect(engine.printJobs.get(id)).toMatchObject({ attempts: 1, autoResends: 0 });
    expect(zebra.labels()).toHaveLength(1);
  });

  it(`gives a job that keeps breaking off to a person after ${MAX_AUTO_RESENDS} resends`, async () => {
    const s = startSpooler();
    zebra.dropNextConnectionAfterBytes(60, MAX_AUTO_RESENDS + 1);
    const id = s.print(label(14, ' '.repeat(300))) ?? -1;
    await until(() => engine.printJobs.get(id)?.state === 'failed');
    expect(engine.printJobs.get(id)).toMatchObject({ attempts: MAX_AUTO_RESENDS + 1, autoResends: MAX_AUTO_RESENDS });
    expect(engine.printJobs.get(id)?.reason).toMatch(/^Invio interrotto più volte/);
    await new Promise((r) => setTimeout(r, 200));
    expect(zebra.labels()).toEqual([]);
  });
});

describe('two stations on one data folder', () => {
  it('prints each label held while the printer was out of paper once, though both stations send', async () => {
    const other = createEngine({
      file: dbFile,
      config: { users: [{ api_key: 'print-key-0001', client_ids: [1001] }] },
    });
    const second = createSpooler({
      store: other.printJobs,
      printers: [printerOf(zebra)],
      transportFor: (p) => transportFor(p),
      retryEveryMs: 40,
      statusTimeoutMs: 500,
    });
    try {
      zebra.setState({ paperOut: true });
      const first = startSpooler();
      second.start();
      for (let n = 21; n <= 23; n += 1) first.print(label(n));
      // One FIFO: the oldest label is held, the others wait behind it, and both stations keep asking the printer.
      await until(() => engine.printJobs.list({ states: ['held'] }).length === 1 && zebra.stats().statusQueries >= 6);
      zebra.setState({ paperOut: false });
      await until(() => engine.printJobs.list({ states: ['printed'] }).length === 3);
      await new Promise((r) => setTimeout(r, 300));
      expect(zebra.labels()).toEqual([21, 22, 23].map((n) => label(n).content.toString()));
      expect(engine.printJobs.list().map((j) => j.attempts)).toEqual([1, 1, 1]);
    } finally {
      await second.stop();
      other.close();
    }
  });

  it(
    'leaves a job another live station is sending alone when it starts, and fails it for a person once that ' +
      'station is gone',
    async () => {
      const id = engine.printJobs.enqueue(label(24)) ?? -1;
      const holder = await startDbHolder(dbFile, 'claim', id);
      try {
        const s = startSpooler();
        await new Promise((r) => setTimeout(r, 200));
        expect(engine.printJobs.get(id)?.state).toBe('sending');
        await s.stop();
        await holder.kill();
        startSpooler();
        expect(engine.printJobs.get(id)).toMatchObject({
          state: 'failed',
          reason: expect.stringMatching(/chiusura della postazione/),
        });
        await new Promise((r) => setTimeout(r, 150));
        expect(zebra.labels()).toEqual([]);
      } finally {
        await holder.kill();
      }
    },
  );

  it('settles a job of several labels a killed station left mid-send by the counter, sending the rest', async () => {
    const formats = [1, 2, 3].map((n) => `^XA^FO50,50^A0N,40,40^FDLotto ${n}^FS^XZ`);
    const id =
      engine.printJobs.enqueue({
        printerId: 'banco-1',
        kind: 'label',
        format: 'ZPL',
        content: Buffer.from(formats.join('\n')),
        batchId: 'lotto-1',
      }) ?? -1;
    const counted = zebra.labelCount();
    const holder = await startDbHolder(dbFile, 'claim', `${id}:${counted}`);
    try {
      // The first label reached the paper before the station was killed.
      await new Promise<void>((done) => connect(zebra.port, '127.0.0.1').end(formats[0] ?? '', () => done()));
      await zebra.waitForLabels(1);
      await holder.kill();
      startSpooler();
      await until(() => engine.printJobs.get(id)?.state === 'printed');
      expect(zebra.labels()).toEqual(formats);
      expect(zebra.labelCount()).toBe(counted + 3);
      // Sent once more, with the two labels the counter said were missing.
      expect(engine.printJobs.get(id)).toMatchObject({ state: 'printed', autoResends: 1 });
    } finally {
      await holder.kill();
    }
  });
});

describe('office printing through a CUPS queue', () => {
  it('sends a manifest PDF to the queue as a normal (not raw) job', async () => {
    const cups = startFakeCups({ queues: [{ name: 'Ufficio', state: 'idle' }] });
    try {
      const office: PrinterConfig = {
        id: 'ufficio',
        name: 'Ufficio',
        language: 'PDF',
        dpi: 300,
        target: { kind: 'cups', queue: 'Ufficio' },
      };
      spooler = createSpooler({
        store: engine.printJobs,
        printers: [office],
        transportFor: (p) => transportFor(p, { env: cups.env }),
        retryEveryMs: 40,
      });
      spooler.start();
      const pdf = Buffer.from('%PDF-1.7 manifest bytes', 'latin1');
      spooler.print({ printerId: 'ufficio', kind: 'manifest', manifestId: 1, format: 'PDF', content: pdf });
      await spooler.idle(10_000);
      expect(cups.jobs()).toHaveLength(1);
      expect(cups.jobs()[0]?.bytes.equals(pdf)).toBe(true);
      expect(cups.jobs()[0]?.options).not.toContain('raw');
    } finally {
      cups.remove();
    }
  });
});

describe("the spooler's clock", () => {
  it('asks an idle network Zebra its status each time the interval passes on its clock, not between', async () => {
    const clock = manualClock();
    spooler = createSpooler({
      store: engine.printJobs,
      printers: [printerOf(zebra)],
      transportFor: (p) => transportFor(p),
      statusTimeoutMs: 500,
      idleStatusEveryMs: 7_000,
      clock,
      onEvent: (e) => events.push(e),
    });
    spooler.start();
    await until(() => zebra.stats().statusQueries === 1 && clock.timers().length === 1);
    expect(clock.timers()).toEqual([clock.now() + 7_000]);

    // Real time passing does not count: only the spooler's clock does.
    await new Promise((r) => setTimeout(r, 300));
    await clock.advance(6_999);
    expect(zebra.stats().statusQueries).toBe(1);
    await clock.advance(1);
    await until(() => zebra.stats().statusQueries === 2 && clock.timers().length === 1);
    await clock.advance(7_000);
    await until(() => zebra.stats().statusQueries === 3);
    expect(events.filter((e) => e.type === 'printer.status')).toHaveLength(1);

    // A job wakes the queue at once, with no time passing.
    spooler.print(label(1));
    await until(() => zebra.labels().length === 1);
  });
});
