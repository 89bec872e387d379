// One connection's reading of a scale's lines: each line parsed and told, a stable weight trusted only once repeated
// (neither protocol has a checksum), unreadable lines counted, and a scale gone quiet told as such. It also decides
// when an MT-SICS scale is asked SI: one question outstanding at a time. The port itself is ./scale's.
import { SCALE_MESSAGES, type ScaleProtocol } from '../shared/domain/scale';
import { parseScaleLine, type LineReading } from './protocols';

/** An MT-SICS scale answers SI in tens of milliseconds; after a second it is not going to. */
export const ANSWER_TIMEOUT_MS = 1_000;

export interface LineReaderOptions {
  protocol: ScaleProtocol;
  /** A continuous scale that said nothing for longer than this is silent. */
  staleAfterMs: number;
  tell(reading: LineReading): void;
  log(line: string): void;
  now(): number;
}

export interface LineReader {
  /** A whole line from the scale. */
  line(text: string): void;
  /** A line dropped before it was read (too long to be a scale's). */
  unreadable(): void;
  /** The poll: tells a silence that is due; true when SI is to be sent now (MT-SICS). */
  tick(): boolean;
}

/** Made for each connection: what one line told says nothing about the next connection's. */
export function createLineReader({ protocol, staleAfterMs, tell, log, now }: LineReaderOptions): LineReader {
  let askedAt: number | undefined;
  let lastReadAt = now();
  let unreadableLines = 0;
  let previousWeight: number | undefined;

  /**
   * Neither protocol carries a checksum, so a byte lost on the line turns 1.234 kg into 1.34 kg with nothing to tell.
   * A stable weight is trusted when the line before it gave the same weight; until then it reads as settling.
   */
  function confirmed(line: LineReading): LineReading {
    const before = previousWeight;
    previousWeight = line.weightKg;
    if (line.state !== 'stable' || line.weightKg === before) return line;
    return { ...line, state: 'unstable', message: SCALE_MESSAGES.unstable };
  }

  /** No answer in time (MT-SICS) or nothing said for staleAfterMs (continuous). */
  function silent() {
    previousWeight = undefined;
    // Lines that came but could not be read mean the line works and the format or the baud rate is wrong.
    const idle = protocol === 'mt-sics' ? SCALE_MESSAGES.noAnswer : SCALE_MESSAGES.silent;
    tell({ state: 'error', message: unreadableLines > 0 ? SCALE_MESSAGES.invalid : idle });
  }

  return {
    line(text) {
      const parsed = parseScaleLine(protocol, text);
      if (parsed === undefined) {
        unreadableLines += 1;
        if (unreadableLines === 1) log(`riga illeggibile ignorata: ${JSON.stringify(text.slice(0, 40))}`);
        return;
      }
      askedAt = undefined;
      lastReadAt = now();
      unreadableLines = 0;
      // The line as the scale sent it goes with the reading: a disputed weight is shown as the scale gave it.
      tell({ ...confirmed(parsed), raw: text });
    },

    unreadable() {
      unreadableLines += 1;
    },

    tick() {
      const at = now();
      if (protocol === 'continuous') {
        if (at - lastReadAt > staleAfterMs) silent();
        return false;
      }
      // One SI outstanding at a time: a scale that falls behind is not buried under questions.
      if (askedAt !== undefined && at - askedAt < ANSWER_TIMEOUT_MS) return false;
      if (askedAt !== undefined) silent();
      askedAt = at;
      return true;
    },
  };
}
