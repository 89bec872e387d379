// The spooler over the engine's job store (a real SQLite file) printing to a Zebra-like printer on raw TCP: FIFO,
// exactly once, held while out of paper, paused or unreachable, failed (not retried) when cut off mid-job, reprints
// only on request with a reason, and office PDFs through a CUPS queue.
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createEngine, type Engine } from '../../../src/engine/index';
import type { NewPrintJob } from '../../../src/shared/domain/printJobs';
import { createSpooler, type Spooler, type SpoolerEvent } from '../../../src/printing/spooler';
import { transportFor } from '../../../src/printing/transports';
import type { PrinterConfig } from '../../../src/printing/types';
import { removeTempDirs, tempDir } from '../../helpers/tmp';
import { startFakeCups } from '../../peers/fakeCups';
import { startZebraPrinter, type ZebraPrinter } from '../../peers/zebraPrinter';

let engine: Engine;
let zebra: ZebraPrinter;
let spooler: Spooler | undefined;
let events: SpoolerEvent[];

const printerOf = (z: ZebraPrinter): PrinterConfig => ({
  id: 'banco-1', name: 'Banco 1', language: 'ZPL', dpi: 203, labelSize: { widthMm: 100, heightMm: 150 }, target: { kind: 'tcp', host: z.host, port: z.port },
});

const label = (n: number, extra = ''): NewPrintJob => ({
  printerId: 'banco-1', kind: 'label', shipmentId: n, nCollo: 1, format: 'ZPL',
  content: Buffer.from(`^XA^CI28^FO50,50^A0N,40,40^FDEtichetta ${n} Città Forlì${extra}^FS^XZ`, 'utf8'),
});

function startSpooler(printers: PrinterConfig[] = [printerOf(zebra)]): Spooler {
  spooler = createSpooler({ store: engine.printJobs, printers, transportFor: (p) => transportFor(p), retryEveryMs: 40, statusTimeoutMs: 500, onEvent: (e) => events.push(e) });
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
  engine = createEngine({ file: join(tempDir(), 'print.sqlite'), config: { users: [{ api_key: 'print-key-0001', client_ids: [1001] }] } });
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
    expect(engine.printJobs.list().map((j) => j.state)).toEqual(['printed', 'printed', 'printed', 'printed', 'printed']);
    expect(s.print(label(1))).toBeUndefined();
  });

  it('holds the queue with the reason while the paper is out, tells the bench, and prints when paper is back', async () => {
    zebra.setState({ paperOut: true });
    const s = startSpooler();
    const id = s.print(label(1)) ?? -1;
    await until(() => engine.printJobs.get(id)?.state === 'held');
    expect(engine.printJobs.get(id)?.reason).toBe('Carta esaurita');
    expect(events).toContainEqual(expect.objectContaining({ type: 'printer.status', status: expect.objectContaining({ state: 'problem', paperOut: true }) }));
    expect(zebra.labels()).toEqual([]);
    zebra.setState({ paperOut: false });
    await until(() => engine.printJobs.get(id)?.state === 'printed');
    expect(zebra.labels()).toHaveLength(1);
  });

  it('runs out of paper in the middle of a batch: progress stops, nothing is lost or printed twice', async () => {
    zebra.runOutOfPaperAfter(2);
    const s = startSpooler();
    const { batchId, queued } = s.printBatch([1, 2, 3, 4, 5].map((n) => label(n)));
    expect(queued).toBe(5);
    await until(() => engine.printJobs.list({ states: ['held'] }).length === 1);
    const progress = events.filter((e): e is Extract<SpoolerEvent, { type: 'batch.progress' }> => e.type === 'batch.progress' && e.batchId === batchId);
    expect(progress.at(-1)).toMatchObject({ total: 5, printed: 2 + zebra.bufferedFormats().length, failed: 0 });
    zebra.setState({ paperOut: false });
    await s.idle(10_000);
    await zebra.waitForLabels(5, 5000);
    expect(zebra.labels()).toEqual([1, 2, 3, 4, 5].map((n) => label(n).content.toString()));
    expect(events.filter((e) => e.type === 'batch.progress').at(-1)).toMatchObject({ total: 5, printed: 5, waiting: 0 });
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

  it('marks a job cut off mid-send as failed for a person, and reprints it only when asked, keeping the reason', async () => {
    zebra.dropNextConnectionAfterBytes(20);
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
  });

  it('never sends again by itself a job a stop left half-sent', async () => {
    const id = engine.printJobs.enqueue(label(3)) ?? -1;
    engine.printJobs.setState(id, 'sending');
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
});

describe('office printing through a CUPS queue', () => {
  it('sends a manifest PDF to the queue as a normal (not raw) job', async () => {
    const cups = startFakeCups({ queues: [{ name: 'Ufficio', state: 'idle' }] });
    try {
      const office: PrinterConfig = { id: 'ufficio', name: 'Ufficio', language: 'PDF', dpi: 300, labelSize: { widthMm: 210, heightMm: 297 }, target: { kind: 'cups', queue: 'Ufficio' } };
      spooler = createSpooler({ store: engine.printJobs, printers: [office], transportFor: (p) => transportFor(p, { env: cups.env }), retryEveryMs: 40 });
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
