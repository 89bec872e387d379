// The Zebra-like peer on 127.0.0.1 behaves as a raw port-9100 printer: formats assembled across packets and
// connections, ~HS answered in Zebra's layout, and the faults the spooler must live with (paper, pause, silence,
// power off, a cable pulled mid-job).
import { Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { printingMs, startZebraPrinter, type ZebraPrinter } from '../../peers/zebraPrinter';

const printers: ZebraPrinter[] = [];
afterEach(async () => {
  await Promise.all(printers.splice(0).map((p) => p.close()));
});

async function printer(options: Parameters<typeof startZebraPrinter>[0] = {}): Promise<ZebraPrinter> {
  const started = await startZebraPrinter(options);
  printers.push(started);
  return started;
}

interface Exchange {
  answer: string;
  error?: string;
}

/** One connection: the chunks written in order (each flushed before the next), our side ended, the printer's answer. */
function exchange(port: number, chunks: (string | Buffer)[], timeoutMs = 3_000): Promise<Exchange> {
  return new Promise((resolve) => {
    const socket = new Socket();
    const answer: Buffer[] = [];
    let error: string | undefined;
    const timer = setTimeout(() => socket.destroy(new Error('timeout')), timeoutMs);
    socket.on('data', (chunk: Buffer) => answer.push(chunk));
    socket.on('error', (e) => {
      error = (e as NodeJS.ErrnoException).code ?? e.message;
    });
    socket.on('close', () => {
      clearTimeout(timer);
      resolve({ answer: Buffer.concat(answer).toString('latin1'), ...(error ? { error } : {}) });
    });
    socket.connect(port, '127.0.0.1', async () => {
      for (const chunk of chunks) await new Promise<void>((done) => socket.write(chunk, () => done()));
      socket.end();
    });
  });
}

// eslint-disable-next-line no-control-regex -- the Zebra status answer is framed by STX (0x02) and ETX (0x03)
const hsStrings = (answer: string): string[] => [...answer.matchAll(/\x02([^\x03]*)\x03\r\n/g)].map((m) => m[1] ?? '');
const LABEL_A = '^XA^CI28^FO20,20^A0N,40,40^FH_^FDCittà Forlì _5E ok^FS^XZ';
const LABEL_B = '^XA^CI28^FO20,20^FDSpedizione 2/2 – Straße^FS^XZ';

describe('the Zebra peer', () => {
  it('prints each whole format as received, in order, even split across packets and connections', async () => {
    const zebra = await printer();
    await exchange(zebra.port, [`${LABEL_A}\r\n${LABEL_B.slice(0, 10)}`]);
    await exchange(zebra.port, [LABEL_B.slice(10, 11), Buffer.from(LABEL_B.slice(11), 'utf8')]);
    // The ^XZ marker itself split between two connections.
    await exchange(zebra.port, ['^XA^FDterza^FS^X']);
    await exchange(zebra.port, ['Z']);

    expect(zebra.labels()).toEqual([LABEL_A, LABEL_B, '^XA^FDterza^FS^XZ']);
    expect(zebra.rawBytes().toString('utf8')).toBe(`${LABEL_A}\r\n${LABEL_B}^XA^FDterza^FS^XZ`);
    expect(zebra.stats()).toMatchObject({ connections: 4, formatsReceived: 3, labelsPrinted: 3, formatsInBuffer: 0 });
    expect(zebra.stats().bytesPerConnection[3]).toBe(1);
  });

  it('answers ~HS with three STX…ETX CR LF strings in the documented field layout', async () => {
    const zebra = await printer();
    const { answer } = await exchange(zebra.port, ['~HS']);

    // eslint-disable-next-line no-control-regex -- the Zebra status answer is framed by STX (0x02) and ETX (0x03)
    expect(answer).toMatch(/^(\x02[^\x02\x03]*\x03\r\n){3}$/);
    const [one, two, three] = hsStrings(answer).map((s) => s.split(','));
    expect(one).toHaveLength(12);
    expect(two).toHaveLength(11);
    expect(three).toHaveLength(2);
    expect(two?.[8]).toMatch(/^\d{8}$/);
    expect(zebra.stats()).toMatchObject({ statusQueries: 1, statusAnswers: 1 });
  });

  it('answers ~HS mixed with formats, counting what is already waiting', async () => {
    const zebra = await printer();
    zebra.setState({ paused: true });
    const { answer } = await exchange(zebra.port, [`${LABEL_A}~HS${LABEL_B}~hs`]);

    const [first, second] = [hsStrings(answer)[0], hsStrings(answer)[3]].map((s) => s?.split(','));
    expect(first?.slice(1, 3)).toEqual(['0', '1']);
    expect(first?.[4]).toBe('001');
    expect(second?.[4]).toBe('002');
    expect(zebra.labels()).toEqual([]);
    expect(zebra.bufferedFormats()).toEqual([LABEL_A, LABEL_B]);

    zebra.setState({ paused: false });
    expect(zebra.labels()).toEqual([LABEL_A, LABEL_B]);
  });

  it(
    'runs out of paper after the given labels, keeps later ' + 'formats in its buffer and prints them on new paper',
    async () => {
      const zebra = await printer();
      zebra.runOutOfPaperAfter(2);
      await exchange(zebra.port, ['^XA^FD1^FS^XZ^XA^FD2^FS^XZ^XA^FD3^FS^XZ']);
      await exchange(zebra.port, ['^XA^FD4^FS^XZ']);
      const { answer } = await exchange(zebra.port, ['~HS']);

      expect(zebra.labels()).toEqual(['^XA^FD1^FS^XZ', '^XA^FD2^FS^XZ']);
      expect(zebra.state().paperOut).toBe(true);
      expect(hsStrings(answer)[0]?.split(',').slice(1, 5)).toEqual(['1', '0', '1199', '002']);

      zebra.setState({ paperOut: false });
      expect(zebra.labels()).toEqual(['^XA^FD1^FS^XZ', '^XA^FD2^FS^XZ', '^XA^FD3^FS^XZ', '^XA^FD4^FS^XZ']);
      expect(zebra.stats()).toMatchObject({ labelsPrinted: 4, formatsInBuffer: 0 });
    },
  );

  it('reports an open head, no ribbon and a full buffer in the second and first strings', async () => {
    const zebra = await printer();
    zebra.setState({ headOpen: true, ribbonOut: true, bufferFull: true });
    const [one, two] = hsStrings((await exchange(zebra.port, ['~HS'])).answer).map((s) => s.split(','));

    expect(one?.[5]).toBe('1');
    expect(two?.slice(2, 4)).toEqual(['1', '1']);
    await exchange(zebra.port, [LABEL_A]);
    expect(zebra.labels()).toEqual([]);
  });

  it('takes jobs but never answers ~HS when silent', async () => {
    const zebra = await printer();
    zebra.setSilent(true);
    const { answer } = await exchange(zebra.port, [`~HS${LABEL_A}`]);

    expect(answer).toBe('');
    expect(zebra.labels()).toEqual([LABEL_A]);
    expect(zebra.stats()).toMatchObject({ statusQueries: 1, statusAnswers: 0 });
  });

  it('refuses connections while unreachable and comes back on the same port with its labels', async () => {
    const zebra = await printer();
    await exchange(zebra.port, [LABEL_A]);
    await zebra.setUnreachable(true);
    expect((await exchange(zebra.port, [LABEL_B])).error).toBe('ECONNREFUSED');

    await zebra.setUnreachable(false);
    await exchange(zebra.port, [LABEL_B]);
    expect(zebra.labels()).toEqual([LABEL_A, LABEL_B]);
  });

  it('resets a connection after the given bytes, as a pulled cable would, and drops that half format', async () => {
    const zebra = await printer();
    zebra.dropNextConnectionAfterBytes(20);
    const cut = await exchange(zebra.port, [Buffer.from(`${LABEL_A}${LABEL_B}`, 'utf8')]);

    expect(cut.error).toMatch(/ECONNRESET|EPIPE/);
    expect(zebra.stats()).toMatchObject({ droppedConnections: 1, bytesReceived: 20, labelsPrinted: 0 });
    await exchange(zebra.port, [LABEL_B]);
    expect(zebra.labels()).toEqual([LABEL_B]);
    expect(zebra.stats().partialFormatsDiscarded).toBe(1);
  });

  it('still answers ~HS while a format is half received, as tilde commands act at once', async () => {
    const zebra = await printer();
    const { answer } = await exchange(zebra.port, ['^XA^FDmeta', '~HS']);
    expect(hsStrings(answer)[0]?.split(',')[7]).toBe('1');
    await exchange(zebra.port, ['^FS^XZ']);
    expect(zebra.labels()).toEqual(['^XA^FDmeta^FS^XZ']);
  });

  it('waits for labels up to a time limit', async () => {
    const zebra = await printer();
    const waiting = zebra.waitForLabels(1, 2_000);
    await exchange(zebra.port, [LABEL_A]);
    await expect(waiting).resolves.toBeUndefined();
    await expect(zebra.waitForLabels(2, 50)).rejects.toThrow('1 of 2 labels printed after 50 ms');
  });

  it("takes a label its length to print at a real printer's pace: 6 inches at 6 ips a second, ^PQ2 twice that", () => {
    expect(printingMs('^XA^LL1218^FDa^FS^XZ', 6, 203)).toBe(1_000);
    expect(printingMs('^XA^LL1800^FDa^FS^XZ', 6, 300)).toBe(1_000);
    expect(printingMs('^XA^LL1218^PQ2^FDa^FS^XZ', 14, 203)).toBe(857);
    // No ^LL: a 4×6 inch label.
    expect(printingMs('^XA^FDa^FS^XZ', 6, 203)).toBe(1_000);
  });

  it("at a printer's pace prints one label after another, the rest waiting in its memory as ~HS says", async () => {
    // 203 dots at 203 dpi and 4 ips: a quarter of a second a label.
    const zebra = await printer({ printSpeedIps: 4 });
    const label = (n: number) => `^XA^LL203^FDpezzo ${n}^FS^XZ`;
    await exchange(zebra.port, [label(1), label(2), label(3)]);
    await zebra.waitForLabels(1, 5_000);
    expect(zebra.labels()).toEqual([label(1)]);
    expect(zebra.bufferedFormats()).toEqual([label(2), label(3)]);
    const { answer } = await exchange(zebra.port, ['~HS']);
    expect(hsStrings(answer)[0]?.split(',')[4]).toBe('002');
    await zebra.waitForLabels(3, 5_000);
    expect(zebra.labels()).toEqual([label(1), label(2), label(3)]);
  });

  it("at a printer's pace stops with the paper and goes on with the label it had not printed", async () => {
    const zebra = await printer({ printSpeedIps: 14 });
    zebra.runOutOfPaperAfter(1);
    await exchange(zebra.port, ['^XA^LL20^FDuno^FS^XZ', '^XA^LL20^FDdue^FS^XZ']);
    await zebra.waitForLabels(1, 5_000);
    expect(zebra.state().paperOut).toBe(true);
    expect(zebra.bufferedFormats()).toEqual(['^XA^LL20^FDdue^FS^XZ']);
    zebra.setState({ paperOut: false });
    await zebra.waitForLabels(2, 5_000);
    expect(zebra.labels()).toEqual(['^XA^LL20^FDuno^FS^XZ', '^XA^LL20^FDdue^FS^XZ']);
  });
});
