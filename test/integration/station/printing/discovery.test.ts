// Finding the bench's printers: the OS queues the station can see (CUPS, through lpstat) as the settings screen gets
// them, and printing a label on one of them through lp in raw mode.
import { createServer, type Server } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { createStation } from '../../../../src/station/index';
import { createDispatcher } from '../../../../src/station/dispatch';
import { removeTempDirs, tempDir } from '../../../helpers/tmp';
import { startFakeCups } from '../../../peers/fakeCups';
import { validShipment } from '../../../fixtures/shipments';
import { startZebraPrinter } from '../../../peers/zebraPrinter';

function portOf(server: Server): number {
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no TCP address');
  return address.port;
}

const cups = startFakeCups({
  queues: [
    { name: 'Zebra_USB', state: 'idle' },
    { name: 'Ufficio', state: 'idle' },
  ],
  default: 'Ufficio',
});
afterAll(() => {
  cups.remove();
  removeTempDirs();
});

describe('printer discovery and OS queues', () => {
  it('lists the OS queues for the settings screen, and prints labels on a queue in raw mode', async () => {
    const station = await createStation({
      dataDir: tempDir(),
      printing: { commandEnv: cups.env, retryMs: 40 },
    });
    try {
      const dispatcher = createDispatcher(station);
      const found = await dispatcher.dispatch('printing.discover', {});
      expect(found).toEqual({
        ok: true,
        value: expect.arrayContaining([
          { name: 'Zebra_USB', state: 'idle', isDefault: false },
          { name: 'Ufficio', state: 'idle', isDefault: true },
        ]),
      });
      const saved = await dispatcher.dispatch('printing.savePrinters', {
        printers: [{ id: 'usb', name: 'Zebra USB', url: 'cups://Zebra_USB', language: 'ZPL', dpi: 203 }],
        labelPrinterId: 'usb',
      });
      expect(saved.ok).toBe(true);
      await dispatcher.dispatch('settings.update', { autoPrint: true });
      const created = await station.engine.createShipment(station.caller, validShipment({ labelType: 'ZPL' }));
      if (created.kind !== 'created') throw new Error(created.error);
      await station.printing?.spooler.idle(10_000);
      const jobs = cups.jobs();
      expect(jobs).toHaveLength(1);
      expect(jobs[0]).toMatchObject({ queue: 'Zebra_USB', options: expect.arrayContaining(['raw']) });
      expect(jobs[0]?.bytes.toString('utf8')).toBe(created.record.label_zpl[0]);
    } finally {
      await station.close();
    }
  });

  it('answers an empty list where no print system is installed', async () => {
    const station = await createStation({
      dataDir: tempDir(),
      printing: { commandEnv: cups.envWithoutCups },
    });
    try {
      expect(await createDispatcher(station).dispatch('printing.discover', {})).toEqual({ ok: true, value: [] });
    } finally {
      await station.close();
    }
  });

  it(
    'checks a network printer by address without telling ' + 'a closed port from a server that is not a printer',
    async () => {
      const station = await createStation({ dataDir: tempDir() });
      const closed = createServer();
      await new Promise<void>((done) => closed.listen(0, '127.0.0.1', done));
      const closedPort = portOf(closed);
      await new Promise((done) => closed.close(done));
      const web = createServer((socket) => socket.resume().end('HTTP/1.1 400 Bad Request\r\n\r\n'));
      await new Promise<void>((done) => web.listen(0, '127.0.0.1', done));
      const zebra = await startZebraPrinter();
      try {
        const dispatcher = createDispatcher(station);
        const atClosed = await dispatcher.dispatch('printing.probe', { url: `tcp://127.0.0.1:${closedPort}` });
        const atWeb = await dispatcher.dispatch('printing.probe', { url: `tcp://127.0.0.1:${portOf(web)}` });
        const none = {
          ok: true,
          value: {
            reachable: false,
            state: 'unreachable',
            reasons: ['noPrinter'],
            message: 'nessuna stampante ha risposto a questo indirizzo',
          },
        };
        expect(atClosed).toEqual(none);
        expect(atWeb).toEqual(none);
        expect(await dispatcher.dispatch('printing.probe', { url: zebra.url })).toEqual({
          ok: true,
          value: { reachable: true, state: 'ready', reasons: [], message: 'Pronta' },
        });
      } finally {
        await zebra.close();
        await new Promise((done) => web.close(done));
        await station.close();
      }
    },
  );
});
