// One connection's byte stream as an Epson (ESC/POS) or Star (Star Line Mode) receipt printer reads it, command by
// command and across packet boundaries: text decoded in the code page selected (by this peer's own decoders, never the
// station's encoder), barcodes, cuts, real-time status queries, and every byte it does not know.

export type EscposModel = 'epson' | 'star';

export interface EscposBarcode {
  /** CODE128, EAN13, CODE39, ... */
  symbology: string;
  /** What a scanner reads: escapes undone, Code 128 set C pairs back to digits. */
  data: string;
  /** Printed with its human-readable text. */
  hri: boolean;
}

export interface EscposJob {
  /** The lines printed, decoded with the code page in force when each byte arrived; sizes and bold are dropped. */
  lines: string[];
  /** Code page numbers selected (ESC t n on Epson, ESC GS t n on Star), in order. */
  codePages: number[];
  barcodes: EscposBarcode[];
  cuts: number;
  /** Bytes this printer does not know, as hex with their offset ("1b 7e @ 12"): a clean job has none. */
  unknown: string[];
  /** The host ended the connection itself (false: it broke off). */
  complete: boolean;
  bytes: Buffer;
}

const [HT, LF, VT, CR, DLE, EOT, ESC, GS, RS, NUL] = [0x09, 0x0a, 0x0b, 0x0d, 0x10, 0x04, 0x1b, 0x1d, 0x1e, 0x00];

/**
 * Windows-1252's 0x80-0x9F by code point (the Unicode mapping table), written out here because Node 20's
 * TextDecoder('windows-1252') reads that range as Latin-1 control characters. 0xFFFD: no character.
 */
const CP1252_HIGH = [
  0x20ac, 0xfffd, 0x201a, 0x0192, 0x201e, 0x2026, 0x2020, 0x2021, 0x02c6, 0x2030, 0x0160, 0x2039, 0x0152, 0xfffd,
  0x017d, 0xfffd, 0xfffd, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x02dc, 0x2122, 0x0161, 0x203a,
  0x0153, 0xfffd, 0x017e, 0x0178,
];
type Decoder = (byte: number) => string;
/** Above 0x9F Windows-1252 is Latin-1: the byte is the code point. */
const cp1252: Decoder = (b) => String.fromCodePoint(b >= 0x80 && b < 0xa0 ? (CP1252_HIGH[b - 0x80] ?? 0xfffd) : b);
const viaIcu =
  (label: string): Decoder =>
  (b) =>
    new TextDecoder(label).decode(Uint8Array.of(b));
/** Pages this peer cannot read print their upper half as U+FFFD, which no test expects to see. */
const asciiOnly: Decoder = (b) => (b < 0x80 ? String.fromCharCode(b) : '\ufffd');

/** Code page numbers as each maker numbers them (Epson ESC t, Star ESC GS t). */
const PAGES: Record<EscposModel, Record<number, Decoder>> = {
  epson: { 16: cp1252, 17: viaIcu('ibm866'), 45: viaIcu('windows-1250'), 46: viaIcu('windows-1251') },
  star: { 32: cp1252, 10: viaIcu('ibm866'), 33: viaIcu('windows-1250'), 34: viaIcu('windows-1251') },
};

const EPSON_A: Record<number, string> = { 0: 'UPC-A', 1: 'UPC-E', 2: 'EAN13', 3: 'EAN8', 4: 'CODE39', 5: 'ITF' };
const EPSON_B: Record<number, string> = {
  65: 'UPC-A',
  66: 'UPC-E',
  67: 'EAN13',
  68: 'EAN8',
  69: 'CODE39',
  70: 'ITF',
  71: 'CODABAR',
  72: 'CODE93',
  73: 'CODE128',
};
const STAR_BARCODES = ['UPC-E', 'UPC-A', 'EAN8', 'EAN13', 'CODE39', 'ITF', 'CODE128', 'CODE93', 'CODABAR'];

/** Epson's GS k 73 data: "{A" "{B" "{C" choose the code set, "{{" is a brace, set C bytes are digit pairs. */
function epsonCode128(data: Buffer): string | undefined {
  let set: 'A' | 'B' | 'C' | undefined;
  let out = '';
  for (let i = 0; i < data.length; i += 1) {
    const byte = data[i] ?? 0;
    if (byte === 0x7b) {
      const next = String.fromCharCode(data[i + 1] ?? 0);
      i += 1;
      if (next === 'A' || next === 'B' || next === 'C') set = next;
      else if (next === '{') out += '{';
      else if (!'S1234'.includes(next)) return undefined;
      continue;
    }
    if (set === undefined) return undefined;
    if (set === 'C') out += String(byte).padStart(2, '0');
    else out += String.fromCharCode(byte);
  }
  return out;
}

/** Star's Code 128 data: "%0" is a percent sign, "%" + 0x40-0x5F a control code, "%1"-"%8" functions and starts. */
function starCode128(data: Buffer): string {
  let out = '';
  for (let i = 0; i < data.length; i += 1) {
    const byte = data[i] ?? 0;
    if (byte !== 0x25) {
      out += String.fromCharCode(byte);
      continue;
    }
    const next = data[i + 1] ?? 0;
    i += 1;
    if (next === 0x30) out += '%';
    else if (next === 0x35) out += '\x7f';
    else if (next >= 0x40 && next <= 0x5f) out += String.fromCharCode(next - 0x40);
  }
  return out;
}

export class EscposStream {
  private pending: Buffer = Buffer.alloc(0);
  private offset = 0;
  private line = '';
  private decode: Decoder = asciiOnly;
  private hri = false;
  private printed = false;
  private readonly received: Buffer[] = [];
  readonly job: Omit<EscposJob, 'complete' | 'bytes'> = {
    lines: [],
    codePages: [],
    barcodes: [],
    cuts: 0,
    unknown: [],
  };

  constructor(
    private readonly model: EscposModel,
    private readonly onStatusQuery: (n: number) => void,
  ) {}

  /** True once the connection carried anything but status queries. */
  get hasPrintData(): boolean {
    return this.printed;
  }

  push(chunk: Buffer) {
    this.received.push(Buffer.from(chunk));
    this.pending = this.pending.length > 0 ? Buffer.concat([this.pending, chunk]) : chunk;
    let at = 0;
    while (at < this.pending.length) {
      const used = this.step(this.pending, at);
      if (used === undefined) break;
      at += used;
    }
    this.offset += at;
    this.pending = Buffer.from(this.pending.subarray(at));
  }

  finish(complete: boolean): EscposJob {
    if (this.pending.length > 0) this.unknown(this.pending, 0, this.pending.length, 'incomplete');
    if (this.line !== '') this.endLine();
    return { ...this.job, complete, bytes: Buffer.concat(this.received) };
  }

  /** LF: the line printed (an empty one is a blank line fed). */
  private endLine(): 1 {
    this.job.lines.push(this.line);
    this.line = '';
    return 1;
  }

  /** Prints what waits in the line, if anything, without a blank line (a cut, a feed by dots). */
  private flush() {
    if (this.line !== '') this.endLine();
  }

  /** "Print and feed n lines": the waiting line is the first of them. */
  private feedLines(n: number) {
    if (n === 0) return this.flush();
    for (let i = 0; i < n; i += 1) this.endLine();
  }

  private unknown(data: Buffer, at: number, length: number, note = '') {
    const hex = [...data.subarray(at, at + length)].map((b) => b.toString(16).padStart(2, '0')).join(' ');
    this.job.unknown.push(`${hex} @ ${this.offset + at}${note ? ` (${note})` : ''}`);
  }

  private init() {
    this.decode = asciiOnly;
    this.hri = false;
  }

  private selectPage(n: number) {
    this.job.codePages.push(n);
    this.decode = PAGES[this.model][n] ?? asciiOnly;
  }

  private cut() {
    this.flush();
    this.job.cuts += 1;
  }

  /** Bytes used by the command at `at`, or undefined while it is not all here yet. */
  private step(data: Buffer, at: number): number | undefined {
    const byte = data[at] ?? 0;
    const left = data.length - at;
    const arg = (k: number) => data[at + k] ?? 0;
    if (byte === DLE) {
      if (left < 3) return undefined;
      if (arg(1) === EOT && arg(2) >= 1 && arg(2) <= 4) {
        this.onStatusQuery(arg(2));
        return 3;
      }
    }
    this.printed = true;
    if (byte >= 0x20 && byte !== 0x7f) {
      this.line += this.decode(byte);
      return 1;
    }
    if (byte === LF) return this.endLine();
    // Star's vertical tab feeds to the next tab position, a line feed when none is set.
    if (byte === VT && this.model === 'star') return this.endLine();
    if (byte === CR) return 1;
    if (byte === HT) {
      this.line += '\t';
      return 1;
    }
    const used =
      byte === ESC ? this.escape(data, at) : byte === GS && this.model === 'epson' ? this.group(data, at) : 0;
    if (used === undefined || used > 0) return used;
    this.unknown(data, at, 1);
    return 1;
  }

  /** ESC commands; 0 when this model has no such command. */
  private escape(data: Buffer, at: number): number | undefined {
    const left = data.length - at;
    if (left < 2) return undefined;
    const arg = (k: number) => data[at + k] ?? 0;
    const command = String.fromCharCode(arg(1));
    if (command === '@') {
      this.init();
      return 2;
    }
    return this.model === 'epson' ? this.epsonEscape(command, data, at) : this.starEscape(command, data, at);
  }

  private epsonEscape(command: string, data: Buffer, at: number): number | undefined {
    const left = data.length - at;
    const n = data[at + 2] ?? 0;
    // One-parameter commands that change nothing this peer records: align, bold, print mode, underline, double
    // strike, font, international set, line spacing, right spacing, upside down, rotation.
    if (command === '2') return 2;
    if (command === 'i' || command === 'm') {
      this.cut();
      return 2;
    }
    if (command === 'p') return left < 5 ? undefined : 5;
    if (left < 3) return 'aE!-GMR3 {VtdJ'.includes(command) ? undefined : 0;
    if ('aE!-GMR3 {V'.includes(command)) return 3;
    if (command === 't') this.selectPage(n);
    else if (command === 'd') this.feedLines(n);
    else if (command === 'J') this.flush();
    else return 0;
    return 3;
  }

  private starEscape(command: string, data: Buffer, at: number): number | undefined {
    const left = data.length - at;
    const n = data[at + 2] ?? 0;
    if (command === 'E' || command === 'F' || command === '4' || command === '5' || command === '0') return 2;
    // Underline, upperline, expansions, line spacing, international set: one parameter, nothing recorded.
    if (command === 'b') return this.starBarcode(data, at);
    if (command === 'i' || command === '\x1d' || command === '\x1e') {
      if (left < 4) return undefined;
      if (command === 'i') return 4;
      // ESC GS t n: code page; ESC GS a n: alignment; ESC RS F n: font.
      const sub = String.fromCharCode(n);
      if (command === '\x1e') return sub === 'F' ? 4 : 0;
      if (sub === 't') this.selectPage(data[at + 3] ?? 0);
      else if (sub !== 'a') return 0;
      return 4;
    }
    if (left < 3) return '-_WhzRaJd'.includes(command) ? undefined : 0;
    // Underline, upperline, expansions, line spacing, international set: one parameter, nothing recorded.
    if ('-_WhzR'.includes(command)) return 3;
    // ESC a n feeds n lines; ESC J n feeds n/4 mm; ESC d n cuts (full or partial, with or without a feed).
    if (command === 'a') this.feedLines(n);
    else if (command === 'J') this.flush();
    else if (command === 'd') this.cut();
    else return 0;
    return 3;
  }

  /** ESC b n1 n2 n3 n4 d... RS: type, text under the bars and line feed, module width, height, data. */
  private starBarcode(data: Buffer, at: number): number | undefined {
    const end = data.indexOf(RS, at + 6);
    if (end < 0) return undefined;
    const [type, under] = [(data[at + 2] ?? 0) % 48, data[at + 3] ?? 0];
    const body = data.subarray(at + 6, end);
    const symbology = STAR_BARCODES[type] ?? `STAR-${type}`;
    const text = symbology === 'CODE128' ? starCode128(body) : body.toString('latin1');
    this.job.barcodes.push({ symbology, data: text, hri: under % 48 === 2 || under % 48 === 4 });
    return end + 1 - at;
  }

  /** Epson GS commands; 0 when unknown. */
  private group(data: Buffer, at: number): number | undefined {
    const left = data.length - at;
    if (left < 3) return undefined;
    const command = String.fromCharCode(data[at + 1] ?? 0);
    const m = data[at + 2] ?? 0;
    if (command === 'H') {
      this.hri = m % 48 !== 0;
      return 3;
    }
    // Size, reverse, HRI font, bar height and module width: nothing this peer records.
    if ('!Bfhw'.includes(command)) return 3;
    if (command === 'V') {
      const withFeed = [65, 66, 97, 98, 103, 104].includes(m);
      if (!withFeed && ![0, 1, 48, 49].includes(m)) return 0;
      if (withFeed && left < 4) return undefined;
      this.cut();
      return withFeed ? 4 : 3;
    }
    if (command === 'k') return this.epsonBarcode(data, at, m);
    return 0;
  }

  /** GS k m d... NUL (function A, m 0-6) or GS k m n d1...dn (function B, m 65 and up). */
  private epsonBarcode(data: Buffer, at: number, m: number): number | undefined {
    if (m <= 6) {
      const end = data.indexOf(NUL, at + 3);
      if (end < 0) return undefined;
      const symbology = EPSON_A[m] ?? `EPSON-${m}`;
      this.job.barcodes.push({ symbology, data: data.toString('latin1', at + 3, end), hri: this.hri });
      return end + 1 - at;
    }
    if (data.length - at < 4) return undefined;
    const n = data[at + 3] ?? 0;
    if (data.length - at < 4 + n) return undefined;
    const body = data.subarray(at + 4, at + 4 + n);
    const symbology = EPSON_B[m] ?? `EPSON-${m}`;
    const text = symbology === 'CODE128' ? epsonCode128(body) : body.toString('latin1');
    if (text === undefined) this.unknown(data, at, 4 + n, 'Code 128 data without a code set');
    else this.job.barcodes.push({ symbology, data: text, hri: this.hri });
    return 4 + n;
  }
}
