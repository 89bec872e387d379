// Finding and trying printers from the settings screen: probing a network printer on its raw port, and the test label
// the station prints, which must render and scan on both resolutions.
import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { probeNetworkPrinter, testLabelZpl } from '../../../src/printing/discovery';
import { decodeBarcodes } from '../../helpers/barcode';
import { renderZplImages } from '../../helpers/zpl';
import { startZebraPrinter } from '../../peers/zebraPrinter';

describe('probing a network printer', () => {
  it('finds a Zebra answering ~HS and gives its status', async () => {
    const zebra = await startZebraPrinter();
    try {
      expect(await probeNetworkPrinter('127.0.0.1', zebra.port, 1_000)).toMatchObject({
        state: 'ready',
        message: 'Pronta',
      });
      zebra.setState({ paperOut: true });
      expect(await probeNetworkPrinter('127.0.0.1', zebra.port, 1_000)).toMatchObject({
        state: 'problem',
        message: 'Carta esaurita',
      });
    } finally {
      await zebra.close();
    }
  });

  it(
    'says the same for a silent printer, a server that ' + 'answers something else, and a closed port: no printer',
    async () => {
      const zebra = await startZebraPrinter();
      const talker = createServer((socket) => socket.resume().end('SSH-2.0-OpenSSH_9.6\r\n'));
      await new Promise<void>((done) => talker.listen(0, '127.0.0.1', done));
      try {
        zebra.setSilent(true);
        expect(await probeNetworkPrinter('127.0.0.1', zebra.port, 300)).toBeUndefined();
        const address = talker.address();
        expect(
          await probeNetworkPrinter('127.0.0.1', typeof address === 'object' && address ? address.port : 0, 300),
        ).toBeUndefined();
        await zebra.setUnreachable(true);
        expect(await probeNetworkPrinter('127.0.0.1', zebra.port, 300)).toBeUndefined();
      } finally {
        await zebra.close();
        await new Promise((done) => talker.close(done));
      }
    },
  );
});

describe('the test label', () => {
  const when = new Date(2024, 4, 6, 9, 5);

  it('names the printer and the time, in UTF-8, with the name escaped so it cannot start a command', () => {
    const zpl = testLabelZpl('Zebra^banco_1 ~Forlì', 203, when);
    expect(zpl.startsWith('^XA\n^CI28\n')).toBe(true);
    expect(zpl.trimEnd().endsWith('^XZ')).toBe(true);
    expect(zpl).toContain('^FH_^FDZebra_5Ebanco_5F1 _7EForlì^FS');
    expect(zpl).toContain('^FD06/05/2024 09:05^FS');
    expect(zpl).toContain('^BCN,');
    expect(zpl.match(/\^XA/g)).toHaveLength(1);
  });

  it('cuts a very long printer name to one line', () => {
    const zpl = testLabelZpl('Stampante etichette del magazzino centrale, banco numero dodici', 300, when);
    expect(zpl).toContain('^FDStampante etichette del magaz…^FS');
  });

  for (const dpi of [203, 300] as const) {
    it(`renders at ${dpi} dpi on a 50 × 30 mm label with a Code 128 that scans as TEST`, async () => {
      const [image] = await renderZplImages(testLabelZpl('Zebra banco 1', dpi, when), dpi, 50, 30);
      expect(image).toBeDefined();
      expect(await decodeBarcodes(image ?? new Uint8Array())).toEqual(['TEST']);
    });
  }
});
