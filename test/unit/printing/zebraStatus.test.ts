// Zebra's ~HS answer read into the printer's status and the operator's message, from answers laid out as the ZPL II
// programming guide documents them (three strings, each STX … ETX CR LF).
import { describe, expect, it } from 'vitest';
import { HS_COMMAND, parseHostStatus } from '../../../src/printing/zebraStatus';
import { READY } from '../../fixtures/printers';

interface Answer {
  paperOut?: boolean;
  paused?: boolean;
  formats?: number;
  bufferFull?: boolean;
  headUp?: boolean;
  ribbonOut?: boolean;
  underTemp?: boolean;
  overTemp?: boolean;
  corruptRam?: boolean;
}

const bit = (value: boolean | undefined) => (value ? '1' : '0');

/** An answer as a ZD420 sends it: 203 dpi, 150 mm label (1199 dots), tear-off, thermal transfer. */
function hostStatus(a: Answer = {}): string {
  const eee = String(a.formats ?? 0).padStart(3, '0');
  const one =
    `030,${bit(a.paperOut)},${bit(a.paused)},1199,${eee},${bit(a.bufferFull)},0,0,000,` +
    `${bit(a.corruptRam)},${bit(a.underTemp)},${bit(a.overTemp)}`;
  const two = `001,0,${bit(a.headUp)},${bit(a.ribbonOut)},1,2,6,0,00000000,1,000`;
  return `\x02${one}\x03\r\n\x02${two}\x03\r\n\x021234,0\x03\r\n`;
}

describe('the ~HS answer of a Zebra printer', () => {
  it('is asked with the tilde command the printer runs at once', () => {
    expect(HS_COMMAND).toBe('~HS');
  });

  it('reads an idle printer with nothing waiting as ready, "Pronta"', () => {
    expect(parseHostStatus(hostStatus())).toEqual({ ...READY, formatsInBuffer: 0 });
  });

  it('names each problem in Italian and stops printing for it', () => {
    const cases: [Answer, string, Record<string, boolean>][] = [
      [{ paperOut: true }, 'Carta esaurita', { paperOut: true }],
      [{ headUp: true }, 'Testina aperta', { headOpen: true }],
      [{ paused: true }, 'Stampante in pausa', { paused: true }],
      [{ bufferFull: true }, 'Buffer di ricezione pieno', { bufferFull: true }],
      [{ ribbonOut: true }, 'Nastro esaurito', { ribbonOut: true }],
    ];
    for (const [answer, message, flags] of cases) {
      expect(parseHostStatus(hostStatus(answer)), message).toMatchObject({ state: 'problem', message, ...flags });
    }
  });

  it('joins several problems with commas, the head and the paper first', () => {
    const status = parseHostStatus(hostStatus({ paperOut: true, paused: true, headUp: true, formats: 2 }));
    expect(status).toMatchObject({
      state: 'problem',
      paperOut: true,
      paused: true,
      headOpen: true,
      formatsInBuffer: 2,
    });
    expect(status?.message).toBe('Testina aperta, Carta esaurita, Stampante in pausa');
  });

  it('counts the formats waiting in the receive buffer', () => {
    expect(parseHostStatus(hostStatus({ paused: true, formats: 12 }))?.formatsInBuffer).toBe(12);
  });

  it('holds printing for a head out of temperature or corrupt memory, which have no flag of their own', () => {
    expect(parseHostStatus(hostStatus({ overTemp: true }))).toMatchObject({
      state: 'problem',
      message: 'Temperatura della testina fuori intervallo',
    });
    expect(parseHostStatus(hostStatus({ corruptRam: true }))).toMatchObject({
      state: 'problem',
      message: 'Memoria della stampante danneggiata',
    });
  });

  it(
    'accepts spaces around fields, bare LF or CR line ends, ' + 'and an answer whose control characters were stripped',
    () => {
      const spaced = hostStatus({ paperOut: true }).replace(/,/g, ' , ').replace(/\r\n/g, '\n');
      expect(parseHostStatus(`\r\n  ${spaced}\r\n`)).toMatchObject({ state: 'problem', paperOut: true });
      const stripped = hostStatus({ paused: true })
        // eslint-disable-next-line no-control-regex -- the Zebra status answer is framed by STX (0x02) and ETX (0x03)
        .replace(/[\x02\x03]/g, '')
        .replace(/\r\n/g, '\r');
      expect(parseHostStatus(stripped)).toMatchObject({ state: 'problem', paused: true });
    },
  );

  it('reads an answer with only the first two strings, which are all the status there is', () => {
    const twoStrings = hostStatus({ ribbonOut: true }).split('\r\n').slice(0, 2).join('\r\n');
    expect(parseHostStatus(twoStrings)).toMatchObject({ state: 'problem', ribbonOut: true });
  });

  it('refuses answers that are cut short, missing fields, or not flags where flags belong', () => {
    const whole = hostStatus();
    expect(parseHostStatus('')).toBeUndefined();
    expect(parseHostStatus(whole.slice(0, 40))).toBeUndefined();
    expect(parseHostStatus('\x02030,0,0,1199,000\x03\r\n\x02001,0,0,0,1,2,6,0,00000000,1,000\x03\r\n')).toBeUndefined();
    expect(parseHostStatus(whole.replace('030,0,0', '030,X,0'))).toBeUndefined();
    expect(parseHostStatus(whole.replace('001,0,0,0', '001,0,2,0'))).toBeUndefined();
    expect(parseHostStatus('HTTP/1.1 400 Bad Request\r\n\r\n')).toBeUndefined();
  });
});
