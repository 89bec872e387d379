// What a scale's lines mean, with no port in sight: Mettler Toledo's MT-SICS answers, the continuous ST/US/OL stream
// bench scales send by themselves, and the splitting of raw bytes into lines. Anything unreadable is never a weight.
import { SCALE_MESSAGES, type ScaleProtocol, type ScaleReading } from '../shared/domain/scale';

/** A reading as one line gives it; the port adds when it arrived. */
export type LineReading = Omit<ScaleReading, 'at'>;

/** MT-SICS level 0 "SI": the weight now, stable or not (S would block until stable and leave the screen waiting). */
export const MT_SICS_WEIGHT_NOW = 'SI\r\n';

/** A scale's line is under 30 characters; past this it is noise or the wrong baud rate, and is dropped unread. */
export const MAX_LINE_BYTES = 128;

const NUMBER = String.raw`([+-]?)\s*(\d+(?:\.\d+)?)`;
/** `S S      1.234 kg`, `S D     -0.120 kg`: the value is right-aligned in a field, so spaces vary. */
const MT_SICS_WEIGHT = new RegExp(String.raw`^S\s+([SD])\s+${NUMBER}\s*([A-Za-z]+)$`);
/** `S +` overload, `S -` underload, `S I` not executable now (taring, zeroing, or still settling for S). */
const MT_SICS_STATUS = /^S\s+([+\-I])$/;
/** The header of a continuous line: `ST,GS,` stable gross, `US,NT,` unstable net, `OL,GS,` overload, `TR` tare. */
const CONTINUOUS_HEAD = /^(ST|US|OL)\s*,\s*(GS|NT|TR)\s*,(.*)$/;
/** `+  1.234kg`, `-0.120 kg`, `+0001234g`; some scales put a comma before the unit. */
const CONTINUOUS_WEIGHT = new RegExp(String.raw`^\s*${NUMBER}\s*,?\s*([A-Za-z]+)$`);

/**
 * Kilograms from a value and its unit; undefined for any other unit. lb and oz are refused, not converted: an Italian
 * bench scale showing pounds has been set up wrong, and the operator would read one figure on its display and another
 * on the label. The operator sees the refusal and sets the scale to kg or g.
 */
function toKg(sign: string, digits: string, unit: string): number | undefined {
  const value = Number(digits);
  const factor = { kg: 1, g: 1_000 }[unit.toLowerCase()];
  if (factor === undefined || !Number.isFinite(value)) return undefined;
  // Division, not multiplication by 0.001: 9 / 1000 is the double '0.009' reads as, 9 * 0.001 is 0.009000000000000001.
  const kg = value / factor;
  return sign === '-' && kg !== 0 ? -kg : kg;
}

/** A weight the scale gave, as the station takes it: below zero is never a parcel, whatever the scale says. */
function weighed(stable: boolean, sign: string, digits: string, unit: string): LineReading {
  const weightKg = toKg(sign, digits, unit);
  if (weightKg === undefined) return { state: 'error', message: SCALE_MESSAGES.unsupportedUnit };
  if (weightKg < 0) return { state: 'underload', weightKg, message: SCALE_MESSAGES.negative };
  return stable
    ? { state: 'stable', weightKg, message: SCALE_MESSAGES.stable }
    : { state: 'unstable', weightKg, message: SCALE_MESSAGES.unstable };
}

/** One MT-SICS answer line (without its CR LF); undefined when it is not an answer to S or SI. */
export function parseMtSicsLine(line: string): LineReading | undefined {
  const text = line.trim();
  const weight = MT_SICS_WEIGHT.exec(text);
  if (weight) {
    const [, status = '', sign = '', digits = '', unit = ''] = weight;
    return weighed(status === 'S', sign, digits, unit);
  }
  const status = MT_SICS_STATUS.exec(text)?.[1];
  if (status === '+') return { state: 'overload', message: SCALE_MESSAGES.overload };
  if (status === '-') return { state: 'underload', message: SCALE_MESSAGES.underload };
  // Not a fault: the scale is taring or zeroing and will answer with a weight again in a moment.
  if (status === 'I') return { state: 'unstable', message: SCALE_MESSAGES.busy };
  // MT-SICS §2.2: ES the command was not understood, ET a character was garbled on the line, EL it cannot be done.
  if (text === 'ES') return { state: 'error', message: SCALE_MESSAGES.commandUnknown };
  if (text === 'ET') return { state: 'error', message: SCALE_MESSAGES.lineError };
  if (text === 'EL') return { state: 'error', message: SCALE_MESSAGES.commandRefused };
  return undefined;
}

/** One line of a continuous stream; undefined for tare lines and for anything not a whole line of the format. */
export function parseContinuousLine(line: string): LineReading | undefined {
  const head = CONTINUOUS_HEAD.exec(line.trim());
  if (!head) return undefined;
  const [, status = '', kind = '', rest = ''] = head;
  // The tare line only repeats what was taken off; the gross or net line carries the weight on the pan.
  if (kind === 'TR') return undefined;
  // An overloaded scale fills the field with its capacity, dashes or OL: whatever it holds, it is not a weight.
  if (status === 'OL') return { state: 'overload', message: SCALE_MESSAGES.overload };
  const weight = CONTINUOUS_WEIGHT.exec(rest);
  if (!weight) return undefined;
  const [, sign = '', digits = '', unit = ''] = weight;
  return weighed(status === 'ST', sign, digits, unit);
}

export function parseScaleLine(protocol: ScaleProtocol, line: string): LineReading | undefined {
  return protocol === 'mt-sics' ? parseMtSicsLine(line) : parseContinuousLine(line);
}

/**
 * Splits a byte stream into lines at CR, LF or CR LF (scales use all three), read as latin1 so that every noise byte
 * stays one character. A run longer than maxLineBytes without a line end is dropped together with the rest of its
 * line, so noise without newlines cannot grow the buffer; onDropped hears of each dropped line once.
 */
export function lineSplitter(
  onLine: (line: string) => void,
  onDropped: () => void = () => undefined,
  maxLineBytes = MAX_LINE_BYTES,
): (chunk: Buffer) => void {
  let pending = '';
  let dropping = false;
  return (chunk) => {
    const parts = (pending + chunk.toString('latin1')).split(/\r\n|\r|\n/);
    pending = parts.pop() ?? '';
    for (const part of parts) {
      if (dropping) dropping = false;
      else if (part.length > maxLineBytes) onDropped();
      else if (part.length > 0) onLine(part);
    }
    if (pending.length > maxLineBytes) {
      if (!dropping) onDropped();
      dropping = true;
      pending = '';
    }
  };
}
