// Printing through operating-system queues with the fake lp and lpstat (test/peers/fakeCups): ZPL goes raw and
// byte-exact, refusals are "not sent" with lp's words, and lpstat's view of a queue becomes the printer's status.
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { listOsQueues } from '../../../src/printing/discovery';
import { cupsTransport } from '../../../src/printing/transports/cups';
import { transportFor } from '../../../src/printing/transports/index';
import { startFakeCups, type FakeCupsConfig } from '../../peers/fakeCups/index';
import { printerConfig, READY } from '../../fixtures/printers';

const QUEUES: FakeCupsConfig = {
  queues: [
    { name: 'Zebra_ZD420', state: 'idle' },
    { name: 'Ufficio_Laser', state: 'printing' },
    { name: 'Etichette_Magazzino', state: 'disabled', reason: 'Unplugged or turned off' },
    { name: 'Chiusa', state: 'idle', accepting: false },
  ],
  default: 'Ufficio_Laser',
};
const cups = startFakeCups(QUEUES);
const env = cups.env;
afterAll(() => cups.remove());
beforeEach(() => cups.configure(QUEUES));

const ZPL = Buffer.from('^XA^CI28^FO30,30^FH_^FDCittà Forlì _5E^FS^XZ\r\n^XA^FDdue^FS^XZ\r\n', 'utf8');
const PDF = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.from([0x00, 0xff, 0x80, 0x0a]), Buffer.from('%%EOF\n')]);

describe('printing to a CUPS queue', () => {
  it('sends ZPL with -o raw, byte for byte, to the named queue', async () => {
    const transport = transportFor(printerConfig({ kind: 'cups', queue: 'Zebra_ZD420' }, { id: 'z', name: 'Zebra' }), {
      env,
    });
    expect(await transport.send(ZPL)).toEqual({ kind: 'sent' });

    const [job] = cups.jobs().slice(-1);
    expect(job).toMatchObject({ queue: 'Zebra_ZD420', options: ['raw'], args: ['-d', 'Zebra_ZD420', '-o', 'raw'] });
    expect(job?.bytes.equals(ZPL)).toBe(true);
  });

  it("sends a PDF through the queue's driver, without -o raw", async () => {
    expect(await cupsTransport('Ufficio_Laser', 'PDF', { env }).send(PDF)).toEqual({ kind: 'sent' });
    const [job] = cups.jobs().slice(-1);
    expect(job).toMatchObject({ queue: 'Ufficio_Laser', options: [], args: ['-d', 'Ufficio_Laser'] });
    expect(job?.bytes.equals(PDF)).toBe(true);
  });

  it('says "not sent" with lp\'s own words for an unknown queue or one not accepting jobs', async () => {
    const before = cups.jobs().length;
    expect(await cupsTransport('Inesistente', 'ZPL', { env }).send(ZPL)).toEqual({
      kind: 'not_sent',
      error: 'lp ha rifiutato il lavoro (codice 1): lp: The printer or class does not exist.',
    });
    expect(await cupsTransport('Chiusa', 'ZPL', { env }).send(ZPL)).toMatchObject({
      kind: 'not_sent',
      error: expect.stringContaining('is not accepting jobs'),
    });
    expect(cups.jobs()).toHaveLength(before);
  });

  it('says "not sent" when there is no lp at all', async () => {
    const outcome = await cupsTransport('Zebra_ZD420', 'ZPL', { env: cups.envWithoutCups }).send(ZPL);
    expect(outcome).toMatchObject({ kind: 'not_sent', error: expect.stringContaining('Comando lp non trovato') });
  });

  it('says "interrupted" when lp took the job and never answered within the time limit', async () => {
    cups.configure({ ...QUEUES, lp: 'hang' });
    const started = Date.now();
    const outcome = await cupsTransport('Zebra_ZD420', 'ZPL', { env }).send(ZPL, 500);
    expect(outcome).toMatchObject({
      kind: 'interrupted',
      error: expect.stringContaining('nessuna risposta entro 500 ms'),
    });
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it(
    "reads the queue's state from lpstat: ready when idle or " +
      'busy, a problem when disabled, unreachable when missing',
    async () => {
      const status = (queue: string) => cupsTransport(queue, 'ZPL', { env }).status();
      expect(await status('Zebra_ZD420')).toEqual(READY);
      expect(await status('ufficio_laser')).toMatchObject({ state: 'ready' });
      expect(await status('Etichette_Magazzino')).toMatchObject({
        state: 'problem',
        message: 'Coda di stampa disattivata: Unplugged or turned off',
      });
      expect(await status('Inesistente')).toMatchObject({
        state: 'unreachable',
        message: 'Coda di stampa inesistente: Inesistente',
      });
    },
  );

  it("cannot tell a queue's state without lpstat or with the scheduler stopped", async () => {
    expect(await cupsTransport('Zebra_ZD420', 'ZPL', { env: cups.envWithoutCups }).status()).toMatchObject({
      state: 'unknown',
      message: 'Stato sconosciuto: lpstat non disponibile',
    });
    cups.configure({ ...QUEUES, lpstat: 'no-scheduler' });
    expect(await cupsTransport('Zebra_ZD420', 'ZPL', { env }).status()).toMatchObject({
      state: 'unknown',
      message: 'Stato sconosciuto: lpstat: Scheduler is not running.',
    });
  });
});

describe("the operating system's queues", () => {
  it('are listed with their state and the default one marked, network-found ones as unknown', async () => {
    cups.configure({ ...QUEUES, queues: [...QUEUES.queues, { name: 'Zebra_di_rete', discoveredOnly: true }] });
    expect(await listOsQueues({ env })).toEqual([
      { name: 'Zebra_ZD420', state: 'idle', isDefault: false },
      { name: 'Ufficio_Laser', state: 'printing', isDefault: true },
      { name: 'Etichette_Magazzino', state: 'disabled', isDefault: false },
      { name: 'Chiusa', state: 'idle', isDefault: false },
      { name: 'Zebra_di_rete', state: 'unknown', isDefault: false },
    ]);
  });

  it('are an empty list with no queues, no scheduler, or no lpstat', async () => {
    cups.configure({ queues: [] });
    expect(await listOsQueues({ env })).toEqual([]);
    cups.configure({ ...QUEUES, lpstat: 'no-scheduler' });
    expect(await listOsQueues({ env })).toEqual([]);
    expect(await listOsQueues({ env: cups.envWithoutCups })).toEqual([]);
  });
});
