// Printing at a standalone bench beyond auto-print: a day's labels as one batch (labels already printed only as
// logged reprints), a test label, and the manifest on an office printer.
import { afterEach, describe, expect, it } from 'vitest';
import { createStation, type Station } from '../../../../src/station/index';
import type { SpoolerEvent } from '../../../../src/printing/spooler';
import type { PrinterConfig } from '../../../../src/printing/types';
import { pdfText } from '../../../helpers/pdf';
import { removeTempDirs, tempDir } from '../../../helpers/tmp';
import { startPtyDevice } from '../../../peers/ptyDevice';
import { startZebraPrinter, type ZebraPrinter } from '../../../peers/zebraPrinter';
import { validShipment } from '../../../fixtures/shipments';
import { tcpPrinter } from '../../../fixtures/printers';

let station: Station | undefined;
let zebra: ZebraPrinter | undefined;
afterEach(async () => {
  await station?.close();
  station = undefined;
  await zebra?.close();
  zebra = undefined;
  removeTempDirs();
});

describe('batches, test prints and manifests', () => {
  it("prints a day's labels as one batch with progress, and again only as reprints with the reason", async () => {
    zebra = await startZebraPrinter();
    const events: SpoolerEvent[] = [];
    const printer: PrinterConfig = tcpPrinter(zebra);
    station = await createStation({
      dataDir: tempDir(),
      printing: { printers: [printer], autoPrint: false, retryMs: 40, onEvent: (e) => events.push(e) },
    });
    for (let i = 0; i < 3; i += 1)
      await station.engine.createShipment(station.caller, validShipment({ labelType: 'ZPL', colli: 2 }));
    const today = new Date();
    const pad = (n: number) => String(n).padStart(2, '0');
    const day = `${today.getFullYear()}-${pad(today.getMonth() + 1)}-${pad(today.getDate())}`;

    const first = station.printing?.printDay(day);
    expect(first?.queued).toBe(6);
    await station.printing?.spooler.idle(10_000);
    expect(zebra.labels()).toHaveLength(6);
    expect(events.filter((e) => e.type === 'batch.progress' && e.batchId === first?.batchId).at(-1)).toMatchObject({
      total: 6,
      printed: 6,
    });

    expect(station.printing?.printDay(day).queued).toBe(0);
    const again = station.printing?.printDay(day, { reprintReason: 'rotolo inceppato' });
    expect(again?.queued).toBe(6);
    await station.printing?.spooler.idle(10_000);
    expect(zebra.labels()).toHaveLength(12);
    const reprints = station.engine.printJobs.list({ batchId: again?.batchId });
    expect(reprints.every((j) => j.reprintReason === 'rotolo inceppato' && j.reprintOf !== undefined)).toBe(true);
    expect(station.printing?.printDay('2001-01-01').queued).toBe(0);
  });

  it('sends a test label that says which printer it is', async () => {
    zebra = await startZebraPrinter();
    station = await createStation({
      dataDir: tempDir(),
      printing: { retryMs: 40, printers: [tcpPrinter(zebra, { name: 'Banco Nord' })] },
    });
    expect(station.printing?.testPrint('label')).toBeGreaterThan(0);
    await zebra.waitForLabels(1, 10_000);
    expect(zebra.labels()[0]).toContain('Banco Nord');
  });

  it('prints the manifest PDF on the office printer', async () => {
    // A character device that records what it is sent (an ordinary file is refused as a printer).
    const pty = await startPtyDevice();
    const device = pty.path;
    station = await createStation({
      dataDir: tempDir(),
      printing: {
        retryMs: 40,
        printers: [
          {
            id: 'ufficio',
            name: 'Ufficio',
            language: 'PDF',
            dpi: 300,
            target: { kind: 'device', path: device },
          },
        ],
      },
    });
    const created = await station.engine.createShipment(
      station.caller,
      validShipment({ labelType: 'ZPL', ddt_alpha: 'MAN-PRINT-1' }),
    );
    if (created.kind !== 'created') throw new Error(created.error);
    const confirmed = await station.engine.confirmByIds(station.caller, [created.record.id], true);
    const jobId = await station.printing?.printManifest(confirmed.manifest?.id ?? 0, 'ufficio');
    expect(jobId).toBeGreaterThan(0);
    await station.printing?.spooler.idle(10_000);
    const job = station.engine.printJobs.get(jobId ?? 0);
    expect(job?.state).toBe('printed');
    // The device has taken every byte; the recorder may still be reading the last of them.
    const sent = await station.engine.getManifestPdf(station.caller, confirmed.manifest?.id ?? 0);
    const deadline = Date.now() + 5_000;
    while (pty.bytes().length < (sent?.length ?? 0) && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 50));
    const printed = pty.bytes();
    expect(sent && printed.equals(sent)).toBe(true);
    expect(printed.subarray(0, 5).toString()).toBe('%PDF-');
    expect(await pdfText(printed)).toContain('MAN-PRINT-1');
    await pty.close();
  });
});
