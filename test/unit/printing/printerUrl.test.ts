// Printer addresses as operators type them in settings: raw TCP, an operating-system queue, a device file.
import { describe, expect, it } from 'vitest';
import { parsePrinterUrl, printerUrlOf } from '../../../src/printing/printerUrl';

/** The parsed target, or the parser's reason raised as an error for the cases below that expect one. */
function target(url: string) {
  const parsed = parsePrinterUrl(url);
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.value;
}

describe('a printer URL', () => {
  it("reads a network printer, on Zebra's raw port 9100 unless another is given", () => {
    expect(target('tcp://192.168.1.50')).toEqual({ kind: 'tcp', host: '192.168.1.50', port: 9100 });
    expect(target('tcp://zebra-banco1.local:6101/')).toEqual({
      kind: 'tcp',
      host: 'zebra-banco1.local',
      port: 6101,
    });
    expect(target('  TCP://[::1]:9100 ')).toEqual({ kind: 'tcp', host: '::1', port: 9100 });
  });

  it('reads an operating-system queue by its name, case kept', () => {
    expect(target('cups://Zebra_ZD420')).toEqual({ kind: 'cups', queue: 'Zebra_ZD420' });
    expect(target('cups://etichette-2.piano@banco/')).toEqual({
      kind: 'cups',
      queue: 'etichette-2.piano@banco',
    });
  });

  it('reads a device file from a file URL, percent escapes decoded', () => {
    expect(target('file:///dev/usb/lp0')).toEqual({ kind: 'device', path: '/dev/usb/lp0' });
    expect(target('file:///tmp/stampa%20prova.zpl')).toEqual({
      kind: 'device',
      path: '/tmp/stampa prova.zpl',
    });
  });

  it('refuses an empty or malformed host, a port out of range, and a path after the port', () => {
    for (const url of [
      'tcp://',
      'tcp://:9100',
      'tcp://bad host',
      'tcp://a..b',
      'tcp://-x',
      'tcp://[zz::1]',
      'tcp://h:0',
      'tcp://h:70000',
      'tcp://h:9100/x',
      'tcp://user@h',
    ]) {
      expect(() => target(url), url).toThrow(/Indirizzo della stampante non valido/);
    }
  });

  it('refuses a queue name CUPS would not accept or lp would take for an option', () => {
    for (const url of ['cups://', 'cups://due parole', 'cups://a/b', 'cups://-o', 'cups://a#b']) {
      expect(() => target(url), url).toThrow(/coda mancante o non valido/);
    }
  });

  it('refuses a file URL with a host, a folder, or a query', () => {
    for (const url of ['file://server/dev/lp0', 'file:///dev/usb/', 'file:///dev/lp0?x=1']) {
      expect(() => target(url), url).toThrow(/Indirizzo della stampante non valido/);
    }
  });

  it('names the accepted forms when the scheme is unknown or missing', () => {
    expect(() => target('ipp://printer/ipp')).toThrow(
      'schema ipp: non supportato (attesi tcp://host[:porta], cups://CODA o file:///dev/usb/lp0)',
    );
    expect(() => target('192.168.1.50:9100')).toThrow(/schema/);
    expect(() => target('/dev/usb/lp0')).toThrow(/manca lo schema/);
  });

  it('writes each target back as a URL that reads as the same target', () => {
    const targets = [
      { kind: 'tcp', host: '10.0.0.7', port: 9100 },
      { kind: 'tcp', host: '::1', port: 6101 },
      { kind: 'cups', queue: 'Zebra_ZD420' },
      { kind: 'device', path: '/tmp/stampa prova.zpl' },
    ] as const;
    for (const each of targets) expect(target(printerUrlOf(each))).toEqual(each);
    expect(printerUrlOf({ kind: 'tcp', host: '::1', port: 6101 })).toBe('tcp://[::1]:6101');
  });

  it('answers a bad address as a result with the reason, without throwing', () => {
    expect(parsePrinterUrl('tcp://')).toEqual({
      ok: false,
      error: expect.stringMatching(/^Indirizzo della stampante non valido "tcp:\/\/": host mancante o non valido/),
    });
    expect(parsePrinterUrl('file:///dev/usb/lp0?x=1')).toMatchObject({ ok: false });
  });
});
