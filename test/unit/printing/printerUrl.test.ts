// Printer addresses as operators type them in settings: raw TCP, an operating-system queue, a device file.
import { describe, expect, it } from 'vitest';
import { parsePrinterUrl, printerUrlOf } from '../../../src/printing/printerUrl';

describe('a printer URL', () => {
  it("reads a network printer, on Zebra's raw port 9100 unless another is given", () => {
    expect(parsePrinterUrl('tcp://192.168.1.50')).toEqual({ kind: 'tcp', host: '192.168.1.50', port: 9100 });
    expect(parsePrinterUrl('tcp://zebra-banco1.local:6101/')).toEqual({
      kind: 'tcp',
      host: 'zebra-banco1.local',
      port: 6101,
    });
    expect(parsePrinterUrl('  TCP://[::1]:9100 ')).toEqual({ kind: 'tcp', host: '::1', port: 9100 });
  });

  it('reads an operating-system queue by its name, case kept', () => {
    expect(parsePrinterUrl('cups://Zebra_ZD420')).toEqual({ kind: 'cups', queue: 'Zebra_ZD420' });
    expect(parsePrinterUrl('cups://etichette-2.piano@banco/')).toEqual({
      kind: 'cups',
      queue: 'etichette-2.piano@banco',
    });
  });

  it('reads a device file from a file URL, percent escapes decoded', () => {
    expect(parsePrinterUrl('file:///dev/usb/lp0')).toEqual({ kind: 'device', path: '/dev/usb/lp0' });
    expect(parsePrinterUrl('file:///tmp/stampa%20prova.zpl')).toEqual({
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
      expect(() => parsePrinterUrl(url), url).toThrow(/Indirizzo della stampante non valido/);
    }
  });

  it('refuses a queue name CUPS would not accept or lp would take for an option', () => {
    for (const url of ['cups://', 'cups://due parole', 'cups://a/b', 'cups://-o', 'cups://a#b']) {
      expect(() => parsePrinterUrl(url), url).toThrow(/coda mancante o non valido/);
    }
  });

  it('refuses a file URL with a host, a folder, or a query', () => {
    for (const url of ['file://server/dev/lp0', 'file:///dev/usb/', 'file:///dev/lp0?x=1']) {
      expect(() => parsePrinterUrl(url), url).toThrow(/Indirizzo della stampante non valido/);
    }
  });

  it('names the accepted forms when the scheme is unknown or missing', () => {
    expect(() => parsePrinterUrl('ipp://printer/ipp')).toThrow(
      'schema ipp: non supportato (attesi tcp://host[:porta], cups://CODA o file:///dev/usb/lp0)',
    );
    expect(() => parsePrinterUrl('192.168.1.50:9100')).toThrow(/schema/);
    expect(() => parsePrinterUrl('/dev/usb/lp0')).toThrow(/manca lo schema/);
  });

  it('writes each target back as a URL that reads as the same target', () => {
    const targets = [
      { kind: 'tcp', host: '10.0.0.7', port: 9100 },
      { kind: 'tcp', host: '::1', port: 6101 },
      { kind: 'cups', queue: 'Zebra_ZD420' },
      { kind: 'device', path: '/tmp/stampa prova.zpl' },
    ] as const;
    for (const target of targets) expect(parsePrinterUrl(printerUrlOf(target))).toEqual(target);
    expect(printerUrlOf({ kind: 'tcp', host: '::1', port: 6101 })).toBe('tcp://[::1]:6101');
  });
});
