// Zebra's host status (`~HS`): the command, and its three-string answer read into a PrinterStatus with the operator's
// Italian message. Field layout from the ZPL II programming guide, ~HS "Host Status Return".
import type { PrinterStatus } from './types';

/** Tilde commands run as soon as they arrive, even while the printer is paused or a format is half received. */
export const HS_COMMAND = '~HS';

export const READY_MESSAGE = 'Pronta';

const STX = '\u0002';
const ETX = '\u0003';
const STRING1_FIELDS = 12; // aaa,b,c,dddd,eee,f,g,h,iii,j,k,l
const STRING2_FIELDS = 11; // mmm,n,o,p,q,r,s,t,uuuuuuuu,v,www

/** The problems in the order an operator should look at them: the hardware first, then the printer's own state. */
const PROBLEMS = [
  ['headOpen', 'Testina aperta'],
  ['paperOut', 'Carta esaurita'],
  ['ribbonOut', 'Nastro esaurito'],
  ['paused', 'Stampante in pausa'],
  ['bufferFull', 'Buffer di ricezione pieno'],
] as const;

/** The two strings that carry status, each split into trimmed fields; string 3 (password, static RAM) is not needed. */
function statusStrings(text: string): [string[], string[]] | undefined {
  // eslint-disable-next-line no-control-regex -- the Zebra status answer is framed by STX (0x02) and ETX (0x03)
  const framed = [...text.matchAll(/\u0002([^\u0002\u0003]*)\u0003/g)].map((m) => m[1] ?? '');
  // Some serial and USB bridges strip the control characters and keep only the lines, so lines are accepted too.
  const strings =
    framed.length >= 2 ? framed : text.split(/[\r\n]+/).map((l) => l.replaceAll(STX, '').replaceAll(ETX, ''));
  const fields = strings.map((s) => s.split(',').map((f) => f.trim())).filter((f) => f.some((v) => v !== ''));
  const [first, second] = fields;
  if (!first || !second || first.length < STRING1_FIELDS || second.length < STRING2_FIELDS) return undefined;
  return [first, second];
}

const isFlag = (value: string | undefined): value is '0' | '1' => value === '0' || value === '1';

/** A PrinterStatus from the printer's answer to `~HS`, or undefined when the answer is not a whole, well-formed one. */
export function parseHostStatus(text: string): PrinterStatus | undefined {
  const strings = statusStrings(text);
  if (!strings) return undefined;
  const [s1, s2] = strings;
  const [paperOut, paused, formats, bufferFull, corruptRam, underTemp, overTemp] = [
    s1[1],
    s1[2],
    s1[4],
    s1[5],
    s1[9],
    s1[10],
    s1[11],
  ];
  const [headUp, ribbonOut] = [s2[2], s2[3]];
  const flags = [paperOut, paused, bufferFull, corruptRam, underTemp, overTemp, headUp, ribbonOut];
  if (!flags.every(isFlag) || formats === undefined || !/^\d{1,3}$/.test(formats)) return undefined;

  const status = {
    paperOut: paperOut === '1',
    headOpen: headUp === '1',
    paused: paused === '1',
    bufferFull: bufferFull === '1',
    ribbonOut: ribbonOut === '1',
  };
  const problems: string[] = PROBLEMS.filter(([flag]) => status[flag]).map(([, message]) => message);
  // No flag of their own in PrinterStatus, but the printer stops printing on them, so they still hold the queue.
  if (underTemp === '1' || overTemp === '1') problems.push('Temperatura della testina fuori intervallo');
  if (corruptRam === '1') problems.push('Memoria della stampante danneggiata');
  return {
    state: problems.length === 0 ? 'ready' : 'problem',
    ...status,
    formatsInBuffer: Number(formats),
    message: problems.length === 0 ? READY_MESSAGE : problems.join(', '),
  };
}
