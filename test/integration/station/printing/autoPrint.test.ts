// Auto-print at the bench: the label comes out of the thermal printer the moment it exists, without a click, once;
// locally made (standalone), arriving from the remote (connected), at the printer's resolution, and from the
// headless station process.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { createStation, type Station } from '../../../../src/station/index';
import type { PrinterConfig } from '../../../../src/printing/types';
import { apiClient } from '../../../helpers/api';
import { CLIENT_IDS, REMOTE_KEY, useRemote } from '../../../helpers/syncSetup';
import { tempDir } from '../../../helpers/tmp';
import { startStationProcess } from '../../../peers/station';
import { startZebraPrinter, type ZebraPrinter } from '../../../peers/zebraPrinter';
import { startAggregatorProxy, type AggregatorProxy } from '../../../peers/aggregatorProxy';
import { validShipment } from '../../../fixtures/shipments';
import { decodeBarcodes } from '../../../helpers/barcode';
import { renderZplImages } from '../../../helpers/zpl';
import { tcpPrinter } from '../../../fixtures/printers';

const peers = useRemote();
let aggregator: AggregatorProxy | undefined;
afterAll(async () => {
  await aggregator?.close();
});
let station: Station | undefined;
let zebra: ZebraPrinter | undefined;

afterEach(async () => {
  await station?.close();
  station = undefined;
  await zebra?.close();
  zebra = undefined;
});

/** The printer keeps each format from ^XA to ^XZ; the line break we send after ^XZ lies outside it. */
const formats = (zpl: readonly string[]) => zpl.map((z) => z.trimEnd());

const labelPrinter = (z: ZebraPrinter, dpi: 203 | 300 = 203): PrinterConfig => tcpPrinter(z, { dpi });

describe('auto-print', () => {
  it('prints each label of a shipment made at a standalone bench as soon as it exists, once', async () => {
    zebra = await startZebraPrinter();
    station = await createStation({
      dataDir: tempDir(),
      printing: { printers: [labelPrinter(zebra)], autoPrint: true, retryMs: 40 },
    });
    const outcome = await station.engine.createShipment(station.caller, validShipment({ colli: 2, labelType: 'ZPL' }));
    if (outcome.kind !== 'created') throw new Error(outcome.error);
    await zebra.waitForLabels(2, 10_000);
    expect(zebra.labels()).toEqual(formats(outcome.record.label_zpl));
    expect(station.printing?.printLabels([outcome.record.id]).queued).toBe(0);
    await station.printing?.spooler.idle(5000);
    expect(zebra.labels()).toHaveLength(2);
  });

  it('prints at 300 dpi for a 300 dpi printer, with the same barcode', async () => {
    zebra = await startZebraPrinter();
    station = await createStation({
      dataDir: tempDir(),
      printing: { printers: [labelPrinter(zebra, 300)], autoPrint: true, retryMs: 40 },
    });
    const outcome = await station.engine.createShipment(station.caller, validShipment({ labelType: 'ZPL' }));
    if (outcome.kind !== 'created') throw new Error(outcome.error);
    await zebra.waitForLabels(1, 10_000);
    const printed = zebra.labels()[0] ?? '';
    expect(printed).toContain('^PW1181');
    expect(printed).not.toBe(outcome.record.label_zpl[0]);
    const [image] = await renderZplImages(printed, 300);
    expect(await decodeBarcodes(image ?? new Uint8Array())).toContain(outcome.record.daticolli?.[0]?.barcode);
  });

  it.each(['the fault proxy', 'the documented aggregator'] as const)(
    "prints a connected bench's label when the remote's answer arrives, and not before, via %s",
    async (route) => {
      zebra = await startZebraPrinter();
      if (route === 'the documented aggregator') aggregator ??= await startAggregatorProxy(peers.proxy.url);
      station = await createStation({
        dataDir: tempDir(),
        remoteUrl: route === 'the fault proxy' ? peers.proxy.url : (aggregator?.url ?? ''),
        apiKey: REMOTE_KEY,
        clientIds: CLIENT_IDS,
        sync: { rateLimits: false, hold: true },
        printing: { printers: [labelPrinter(zebra)], autoPrint: true, retryMs: 40 },
      });
      const outcome = await station.engine.createShipment(station.caller, validShipment({ labelType: 'ZPL' }));
      if (outcome.kind !== 'created') throw new Error(outcome.error);
      await new Promise((r) => setTimeout(r, 200));
      expect(zebra.labels()).toEqual([]);
      station.sync?.start();
      await zebra.waitForLabels(1, 20_000);
      const remote = await peers.direct.request<{ label_zpl: string[] }>(
        'GET',
        `/ShipmentByDdtalpha?ddt_alpha=${outcome.record.ddt_alpha}`,
      );
      // Printed as it came: through the aggregator with CR separators, the same label.
      expect(zebra.labels().map((zpl) => zpl.replace(/\r/g, '\n'))).toEqual(formats(remote.body.label_zpl));
    },
  );

  it('headless: `npm run station -- --headless --printer tcp://… --auto-print` prints what comes in through the local API', async () => {
    zebra = await startZebraPrinter();
    const dataDir = tempDir();
    const child = await startStationProcess([
      '--data',
      dataDir,
      '--local-port',
      '0',
      '--printer',
      zebra.url,
      '--auto-print',
      '--printer-retry-ms',
      '50',
    ]);
    try {
      const keyFile = join(dataDir, 'local-api.key');
      expect(child.output()).toContain(`local API key in ${keyFile}`);
      const shop = apiClient(child.localApiUrl, readFileSync(keyFile, 'utf8').trim());
      const created = await shop.request<{ label_zpl: string[] }>(
        'POST',
        '/Shipment',
        validShipment({ labelType: 'ZPL' }),
      );
      expect(created.status).toBe(200);
      await zebra.waitForLabels(1, 15_000);
      expect(zebra.labels()).toEqual(formats(created.body.label_zpl));
      const printedLine = /print job \d+ \(label shipment \d+\/1\): printed/;
      const deadline = Date.now() + 5000;
      while (!printedLine.test(child.output()) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      expect(child.output()).toMatch(printedLine);
    } finally {
      await child.stop();
    }
  });
});
