// Text for a receipt printer in Windows-1252, the code page the packing slip selects on Epson (ESC t 16) and Star
// (ESC GS t 32) alike: every character made printable first (a readable ASCII stand-in, or "?"), then one byte each.
// Our own table, not node-thermal-printer's text path: that one switches code page mid-line for a character outside
// the current page, never back, and passes control bytes (ESC, DLE) from the text on to the printer as commands.

/** 0x80-0x9F, where Windows-1252 differs from Latin-1, in byte order; \0 where a byte has no character. */
const HIGH = '€\0‚ƒ„…†‡ˆ‰Š‹Œ\0Ž\0\0‘’“”•–—˜™š›œ\0žŸ';

const BYTE_OF = new Map<string, number>();
for (let byte = 0x20; byte <= 0xff; byte += 1) {
  const char = byte >= 0x80 && byte < 0xa0 ? HIGH.charAt(byte - 0x80) : String.fromCharCode(byte);
  // 0x7F (DEL) and 0xAD (soft hyphen) are not characters a person wrote to be seen.
  if (char !== '\0' && byte !== 0x7f && byte !== 0xad) BYTE_OF.set(char, byte);
}

/**
 * Stand-ins for what no accent-stripping reaches: letters with a stroke (Polish ł, Croatian đ), dotless i, dashes and
 * quotes beyond the page, arrows. What is neither here nor a letter with an accent prints as one "?".
 */
const STROKED = 'łŁđĐħĦıŀĿŧŦĸ‐‑‒−―′‛″‟';
const PLAIN = `lLdDhHilLtTk-----''""`;
const STAND_INS: ReadonlyMap<string, string> = new Map([
  ...[...STROKED].map((char, i): [string, string] => [char, PLAIN.charAt(i)]),
  ['ẞ', 'SS'],
  ['→', '->'],
  ['←', '<-'],
  ['⇒', '=>'],
  ['≤', '<='],
  ['≥', '>='],
  ['≠', '!='],
  ['№', 'N.'],
]);

const COMBINING = /\p{M}/gu;
/** Zero-width joiners, direction marks, soft hyphens: they change nothing a printer could show. */
const INVISIBLE = /\p{Cf}/gu;
const graphemes = new Intl.Segmenter('it', { granularity: 'grapheme' });

/** One character the printer can show: itself, its letters without accents, a stand-in, or undefined. */
function standIn(char: string): string | undefined {
  if (BYTE_OF.has(char)) return char;
  const known = STAND_INS.get(char);
  if (known !== undefined) return known;
  // Compatibility decomposition too: the "ﬁ" ligature reads "fi", a full-width "Ａ" reads "A".
  const bare = char.normalize('NFKD').replace(COMBINING, '');
  if (bare !== '' && bare !== char && [...bare].every((c) => BYTE_OF.has(c) || STAND_INS.has(c)))
    return [...bare].map((c) => STAND_INS.get(c) ?? c).join('');
  return undefined;
}

/**
 * Characters that print as they are: on the page, each its own grapheme and unchanged by NFC; the no-break space is
 * printed as a plain one, so it is not among them.
 */
const AS_THEY_ARE: ReadonlySet<string> = new Set([...BYTE_OF.keys()].filter((char) => char !== '\u00a0'));

/**
 * The text as the printer will show it, one character per column: control characters and any other whitespace become
 * spaces, each character the page lacks becomes its stand-in, and each symbol with none (an emoji with its skin tone,
 * a Greek letter) a single "?".
 */
export function printableText(text: string): string {
  // Most of a slip is plain Italian already: segmenting it grapheme by grapheme cost a slip 1-5 ms.
  let plain = true;
  for (const char of text) {
    if (AS_THEY_ARE.has(char)) continue;
    plain = false;
    break;
  }
  if (plain) return text;
  let out = '';
  // Segmented before the invisible marks go: an emoji family joined by ZWJ stays one symbol, one "?".
  for (const { segment: raw } of graphemes.segment(text.normalize('NFC'))) {
    const segment = raw.replace(INVISIBLE, '');
    if (segment === '') continue;
    if (/^\s+$/u.test(segment) || /^\p{Cc}+$/u.test(segment)) {
      out += ' ';
      continue;
    }
    const whole = standIn(segment);
    if (whole !== undefined) {
      out += whole;
      continue;
    }
    const parts = [...segment.replace(COMBINING, '')].map(standIn);
    out += parts.length > 0 && parts.every((p) => p !== undefined) ? parts.join('') : '?';
  }
  return out;
}

/** The bytes of text in Windows-1252; anything not yet printable goes through `printableText` first. */
export function cp1252Bytes(text: string): Buffer {
  const printable = printableText(text);
  const bytes = Buffer.alloc(printable.length);
  let length = 0;
  for (const char of printable) bytes[length++] = BYTE_OF.get(char) ?? 0x3f;
  return bytes.subarray(0, length);
}
