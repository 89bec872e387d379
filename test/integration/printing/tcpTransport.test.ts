// Raw TCP printing against the Zebra-like peer: the bytes arrive exactly, the printer's ~HS status is read, and each
// failure is told apart as "nothing reached the printer" or "it may have printed" (never print twice).
import { readFileSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { transportFor } from '../../../src/printing/transports/index';
import { tcpTransport } from '../../../src/printing/transports/tcp';
import type { PrinterConfig } from '../../../src/printing/types';
import { startZebraPrinter, type ZebraPrinter } from '../../peers/zebraPrinter';
import { READY, tcpPrinter } from '../../fixtures/printers';

const printers: ZebraPrinter[] = [];
const oddPeers: { server: Server; sockets: Set<Socket> }[] = [];
afterEach(async () => {
  await Promise.all(printers.splice(0).map((p) => p.close()));
  for (const { server, sockets } of oddPeers.splice(0)) {
    sockets.forEach((socket) => socket.destroy());
    await new Promise((done) => server.close(done));
  }
});

async function zebra(): Promise<ZebraPrinter> {
  const started = await startZebraPrinter();
  printers.push(started);
  return started;
}

/** A TCP listener on 127.0.0.1 that does whatever the test says with each connection (a printer gone strange). */
async function oddPeer(onConnection: (socket: Socket) => void): Promise<number> {
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => undefined);
    socket.on('close', () => sockets.delete(socket));
    onConnection(socket);
  });
  oddPeers.push({ server, sockets });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

const config = (port: number): PrinterConfig =>
  tcpPrinter({ host: '127.0.0.1', port }, { id: 'banco-1', name: 'Zebra banco 1' });

const GOLDEN = readFileSync(new URL('../../fixtures/golden/labels/accents-203.zpl', import.meta.url), 'utf8');
const HAND_MADE = [
  '^XA^CI28^FO30,30^A0N,40,40^FH_^FDCittà Forlì (FC) – Nicolò^FS^XZ',
  '^XA^CI28^FO30,30^FH_^FDPrezzo _5E 10 _7E circa _5F fine^FS^FO30,90^BCN,80,Y,N,N^FD12345678^FS^XZ',
];

describe('printing over raw TCP', () => {
  it('delivers a multi-label job byte for byte: UTF-8 accents, ^FH escapes, CR LF and all', async () => {
    const printer = await zebra();
    const job = Buffer.from(`${HAND_MADE.join('\r\n')}\r\n${GOLDEN}`, 'utf8');

    expect(await transportFor(config(printer.port)).send(job)).toEqual({ kind: 'sent' });
    expect(printer.rawBytes().equals(job)).toBe(true);
    expect(printer.labels()).toEqual([...HAND_MADE, GOLDEN.trimEnd()]);
  });

  it("reads the printer's ~HS answer: ready, then out of paper with the formats still waiting", async () => {
    const printer = await zebra();
    const transport = tcpTransport('127.0.0.1', printer.port);
    expect(await transport.status()).toEqual({ ...READY, formatsInBuffer: 0 });

    printer.runOutOfPaperAfter(1);
    await transport.send(Buffer.from(HAND_MADE.join('')));
    expect(await transport.status()).toMatchObject({
      state: 'problem',
      paperOut: true,
      formatsInBuffer: 1,
      message: 'Carta esaurita',
    });
  });

  it(
    'says "not sent" and "unreachable" when the printer ' + 'refuses connections, and works again when it is back',
    async () => {
      const printer = await zebra();
      const transport = tcpTransport('127.0.0.1', printer.port);
      await printer.setUnreachable(true);

      expect(await transport.send(Buffer.from(HAND_MADE[0] ?? ''))).toMatchObject({
        kind: 'not_sent',
        error: expect.stringContaining('ECONNREFUSED'),
      });
      expect(await transport.status()).toMatchObject({ state: 'unreachable', message: 'Stampante non raggiungibile' });

      await printer.setUnreachable(false);
      expect(await transport.send(Buffer.from(HAND_MADE[0] ?? ''))).toEqual({ kind: 'sent' });
      expect(printer.labels()).toEqual([HAND_MADE[0]]);
    },
  );

  it('says "interrupted" when the connection breaks mid-job, where the printer got only part of it', async () => {
    const printer = await zebra();
    printer.dropNextConnectionAfterBytes(100);
    const job = Buffer.from(HAND_MADE.join('').repeat(50));

    const outcome = await tcpTransport('127.0.0.1', printer.port).send(job);
    expect(outcome.kind).toBe('interrupted');
    expect(printer.stats().bytesReceived).toBe(100);
  });

  it('says "interrupted" when the printer takes the bytes but never confirms the end of the job', async () => {
    const port = await oddPeer(() => undefined);
    const started = Date.now();
    const outcome = await tcpTransport('127.0.0.1', port).send(Buffer.from(HAND_MADE[0] ?? ''), 300);

    expect(outcome).toMatchObject({ kind: 'interrupted', error: expect.stringContaining('non ha confermato') });
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('says "interrupted" when the printer closes the connection before reading the whole job', async () => {
    const port = await oddPeer((socket) => socket.once('data', () => socket.resetAndDestroy()));
    const outcome = await tcpTransport('127.0.0.1', port).send(Buffer.alloc(64 * 1024, 0x41));
    expect(outcome.kind).toBe('interrupted');
  });

  it('tells "status unknown" from "unreachable" for a printer that takes jobs but ignores ~HS', async () => {
    const printer = await zebra();
    printer.setSilent(true);
    const transport = tcpTransport('127.0.0.1', printer.port);

    expect(await transport.status(300)).toMatchObject({
      state: 'unknown',
      message: 'Stato sconosciuto: la stampante non risponde a ~HS',
    });
    expect(await transport.send(Buffer.from(HAND_MADE[0] ?? ''))).toEqual({ kind: 'sent' });
  });

  it('reads a non-Zebra answer on the port, or a connection closed at once, as status unknown', async () => {
    const http = await oddPeer((socket) => socket.once('data', () => socket.end('HTTP/1.1 400 Bad Request\r\n\r\n')));
    expect(await tcpTransport('127.0.0.1', http).status(1_000)).toMatchObject({ state: 'unknown' });
    const hangUp = await oddPeer((socket) => socket.end());
    expect(await tcpTransport('127.0.0.1', hangUp).status(1_000)).toMatchObject({ state: 'unknown' });
  });

  it('takes the status from an answer that stops after the two strings that carry it', async () => {
    const printer = await zebra();
    printer.setState({ paused: true });
    const twoStrings = printer.statusText().split('\r\n').slice(0, 2).join('\r\n') + '\r\n';
    const port = await oddPeer((socket) => socket.once('data', () => socket.write(twoStrings)));

    expect(await tcpTransport('127.0.0.1', port).status(300)).toMatchObject({
      state: 'problem',
      paused: true,
      message: 'Stampante in pausa',
    });
  });
});
