// Packing slips on a receipt printer over raw TCP, against an Epson-like and a Star-like peer that parse the command
// stream: the slip's text with its accents, its barcode and its one cut; the printer's real-time status (DLE EOT) read
// as ready, out of paper, offline or silent; and the spooler printing each slip once, never asking a Zebra question.
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createEngine, type Engine } from '../../../src/engine/index';
import { packingSlipBytes } from '../../../src/printing/receipt/packingSlip';
import { createSpooler, type Spooler } from '../../../src/printing/spooler';
import { transportFor } from '../../../src/printing/transports/index';
import type { PrinterConfig } from '../../../src/printing/types';
import type { ReceiptModel } from '../../../src/shared/domain/packingSlip';
import { PACKING_SLIP, packingSlip } from '../../fixtures/packingSlip';
import { READY } from '../../fixtures/printers';
import type { NewPrintJob } from '../../../src/shared/domain/printJobs';
import { removeTempDirs, tempDir } from '../../helpers/tmp';
import { startEscposPrinter, type EscposPrinter } from '../../peers/escposPrinter';

/** Accents, quotes, a dash and an emoji the printers' code page lacks, over the bench's usual slip. */
const SLIP = packingSlip({
  orderRef: 'ORD-2026-0042',
  date: '2026-11-25',
  recipient: { ...PACKING_SLIP.recipient, name: 'Nicolò Ferrè' },
  lines: [
    { sku: 'CAF-250', description: 'Caffè macinato 250 g', qty: 2 },
    { description: 'Piatti "àèéìòù" – servizio da 6', qty: 1 },
  ],
  waybill: '0596123456789',
  barcode: '0596123456789',
  note: 'Al portiere 📦, chiedere di Łucja',
});

const MODELS = ['epson', 'star'] as const;

let peers: EscposPrinter[] = [];
let spooler: Spooler | undefined;
let engine: Engine | undefined;
afterEach(async () => {
  await spooler?.stop();
  spooler = undefined;
  engine?.close();
  engine = undefined;
  await Promise.all(peers.map((p) => p.close()));
  peers = [];
  removeTempDirs();
});

async function receiptPrinter(model: ReceiptModel): Promise<{ peer: EscposPrinter; config: PrinterConfig }> {
  const peer = await startEscposPrinter({ model });
  peers.push(peer);
  const config: PrinterConfig = {
    id: 'ricevute',
    name: 'Ricevute',
    language: 'ESCPOS',
    dpi: 203,
    receiptModel: model,
    target: { kind: 'tcp', host: peer.host, port: peer.port },
  };
  return { peer, config };
}

/** A port nothing listens on: taken from a peer that is then closed. */
async function closedPort(): Promise<number> {
  const peer = await startEscposPrinter();
  await peer.close();
  return peer.port;
}

describe.each(MODELS)('a packing slip on a %s receipt printer over TCP', (model) => {
  it('arrives with its accents right, the waybill in the barcode, one cut and no unknown byte', async () => {
    const { peer, config } = await receiptPrinter(model);
    expect(await transportFor(config).send(packingSlipBytes(SLIP, model))).toEqual({ kind: 'sent' });
    await peer.waitForJobs(1);

    const [job] = peer.jobs();
    expect(job?.unknown).toEqual([]);
    expect(job?.codePages).toEqual([model === 'epson' ? 16 : 32]);
    expect(job?.lines).toEqual(
      expect.arrayContaining([
        'DISTINTA DI IMBALLO',
        'Mittente: Bottega di Forlì',
        '  Nicolò Ferrè',
        '  Via Città di Castello 12',
        '  47121 Forlì (FC)',
        '   2 Caffè macinato 250 g',
        '     Cod. CAF-250',
        '   1 Piatti "àèéìòù" – servizio da 6',
        'Corriere: BRT',
        'Lettera di vettura: 0596123456789',
        'Note: Al portiere ?, chiedere di Lucja',
      ]),
    );
    expect(job?.lines).toContainEqual(expect.stringMatching(/^Ordine: ORD-2026-0042 +Data: 25\/11\/2026$/));
    expect(job?.lines).toContainEqual(expect.stringMatching(/^Colli: 2 +Peso: 2,35 kg$/));
    expect(job?.barcodes).toEqual([{ symbology: 'CODE128', data: '0596123456789', hri: true }]);
    expect(job?.cuts).toBe(1);
    expect(job?.complete).toBe(true);
  });

  it('fits a 58 mm roll when told 32 columns: no printed line is wider', async () => {
    const { peer, config } = await receiptPrinter(model);
    await transportFor(config).send(packingSlipBytes(SLIP, model, { width: 32 }));
    await peer.waitForJobs(1);
    const [job] = peer.jobs();
    expect(job?.lines.filter((line) => line.length > 32)).toEqual([]);
    expect(job?.lines.join('\n')).toContain('àèéìòù');
    expect(job?.barcodes.map((b) => b.data)).toEqual(['0596123456789']);
  });

  it('reads a printer with paper and on line as ready, "Pronta"', async () => {
    const { config } = await receiptPrinter(model);
    expect(await transportFor(config).status()).toEqual(READY);
  });

  it('reads a printer out of paper as a problem, "Carta esaurita"', async () => {
    const { peer, config } = await receiptPrinter(model);
    peer.setStatus({ paperOut: true });
    expect(await transportFor(config).status()).toMatchObject({
      state: 'problem',
      paperOut: true,
      message: 'Carta esaurita',
    });
  });

  it('reads a printer off line (cover open, an error) as a problem, "Stampante non in linea"', async () => {
    const { peer, config } = await receiptPrinter(model);
    peer.setStatus({ coverOpen: true });
    expect(await transportFor(config).status()).toMatchObject({
      state: 'problem',
      paperOut: false,
      message: 'Stampante non in linea',
    });
  });

  it('tells the operator the roll is near its end while still printing', async () => {
    const { peer, config } = await receiptPrinter(model);
    peer.setStatus({ paperNearEnd: true });
    expect(await transportFor(config).status()).toMatchObject({
      state: 'ready',
      message: 'Pronta: carta in esaurimento',
    });
  });

  it('reads a printer that takes the connection but never answers as unknown, and still prints on it', async () => {
    const { peer, config } = await receiptPrinter(model);
    peer.setStatus({ silent: true });
    const transport = transportFor(config);
    expect(await transport.status(300)).toMatchObject({ state: 'unknown' });
    expect(peer.stats().statusQueries).toBe(1);
    expect(await transport.send(packingSlipBytes(SLIP, model))).toEqual({ kind: 'sent' });
    await peer.waitForJobs(1);
    expect(peer.jobs()[0]?.cuts).toBe(1);
  });
});

describe('a receipt printer nobody answers for', () => {
  it('is unreachable, "Stampante non raggiungibile", and a slip sent to it did not go out', async () => {
    const port = await closedPort();
    const config: PrinterConfig = {
      id: 'ricevute',
      name: 'Ricevute',
      language: 'ESCPOS',
      dpi: 203,
      target: { kind: 'tcp', host: '127.0.0.1', port },
    };
    expect(await transportFor(config).status(500)).toMatchObject({
      state: 'unreachable',
      message: 'Stampante non raggiungibile',
    });
    expect(await transportFor(config).send(packingSlipBytes(SLIP, 'epson'))).toMatchObject({ kind: 'not_sent' });
  });
});

describe('packing slips through the spooler', () => {
  const slipJob = (shipmentId: number, model: ReceiptModel): NewPrintJob => ({
    printerId: 'ricevute',
    kind: 'slip',
    shipmentId,
    format: 'ESCPOS',
    content: packingSlipBytes({ ...SLIP, orderRef: `ORD-${shipmentId}` }, model),
  });

  it.each(MODELS)(
    'on %s, holds a slip while the paper is out, prints it once the roll is changed, and only once',
    async (model) => {
      const { peer, config } = await receiptPrinter(model);
      engine = createEngine({
        file: join(tempDir(), 'print.sqlite'),
        config: { users: [{ api_key: 'print-key-0001', client_ids: [1001] }] },
      });
      const store = engine.printJobs;
      peer.setStatus({ paperOut: true });
      spooler = createSpooler({
        store,
        printers: [config],
        transportFor: (p) => transportFor(p),
        retryEveryMs: 40,
        statusTimeoutMs: 500,
      });
      spooler.start();

      const id = spooler.print(slipJob(7, model));
      expect(id).toBeDefined();
      await expect.poll(() => store.get(id ?? 0)?.state).toBe('held');
      expect(store.get(id ?? 0)?.reason).toBe('Carta esaurita');
      expect(peer.jobs()).toEqual([]);

      peer.setStatus({ paperOut: false });
      await expect.poll(() => store.get(id ?? 0)?.state, { timeout: 10_000 }).toBe('printed');
      // The same shipment's slip is not queued a second time.
      expect(spooler.print(slipJob(7, model))).toBeUndefined();
      await spooler.idle(10_000);

      const jobs = peer.jobs();
      expect(jobs).toHaveLength(1);
      expect(jobs[0]?.lines).toContainEqual(expect.stringMatching(/^Ordine: ORD-7 /));
      expect(jobs[0]?.cuts).toBe(1);
      // Status was asked only in ESC/POS: a ~HS or a label-counter query would have printed as a job of its own.
      expect(jobs[0]?.unknown).toEqual([]);
      expect(peer.stats().statusQueries).toBeGreaterThan(0);
    },
  );
});
