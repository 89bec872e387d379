// An order file's bytes as text: UTF-8 (its BOM dropped) or Windows-1252, what Italian shop programs
// and Excel write, told apart by the bytes themselves; a UTF-8 file with a few stray bytes stays UTF-8.

const UTF8_BOM = [0xef, 0xbb, 0xbf];
export const startsWith = (bytes: Uint8Array, prefix: readonly number[]) => prefix.every((b, i) => bytes[i] === b);

/**
 * UTF-8 when the bytes are valid UTF-8 (a BOM dropped), or when its valid multi-byte sequences outnumber its invalid
 * bytes: a Windows-1252 file (what Excel "CSV" writes in Italy) has an invalid byte for every accent and almost never
 * a valid sequence, while a UTF-8 file with a few stray bytes has many. Such a file stays UTF-8, its bad bytes shown
 * as U+FFFD in rows that are then named, rather than every accent of it turned into "Ã²".
 */
export function decode(bytes: Uint8Array): { text: string; encoding: 'utf-8' | 'windows-1252' } {
  const body = startsWith(bytes, UTF8_BOM) ? bytes.subarray(UTF8_BOM.length) : bytes;
  const { valid, invalid } = utf8Evidence(body);
  if (invalid === 0 || valid > invalid) {
    return { text: new TextDecoder('utf-8', { ignoreBOM: true }).decode(body), encoding: 'utf-8' };
  }
  const text = new TextDecoder('windows-1252').decode(body);
  return {
    text: text.replace(/[\u0080-\u009f]/g, (c) => WINDOWS_1252_HIGH[c.charCodeAt(0) - 0x80] ?? c),
    encoding: 'windows-1252',
  };
}

/** The length of the well-formed UTF-8 sequence starting at `at` (Unicode's table 3-7), 0 when there is none. */
function sequenceAt(bytes: Uint8Array, at: number): number {
  const lead = bytes[at] ?? 0;
  const cont = (i: number, low = 0x80, high = 0xbf) => {
    const b = bytes[at + i];
    return b !== undefined && b >= low && b <= high;
  };
  if (lead >= 0xc2 && lead <= 0xdf) return cont(1) ? 2 : 0;
  if (lead >= 0xe0 && lead <= 0xef) {
    const [low, high] = lead === 0xe0 ? [0xa0, 0xbf] : lead === 0xed ? [0x80, 0x9f] : [0x80, 0xbf];
    return cont(1, low, high) && cont(2) ? 3 : 0;
  }
  if (lead >= 0xf0 && lead <= 0xf4) {
    const [low, high] = lead === 0xf0 ? [0x90, 0xbf] : lead === 0xf4 ? [0x80, 0x8f] : [0x80, 0xbf];
    return cont(1, low, high) && cont(2) && cont(3) ? 4 : 0;
  }
  return 0;
}

/** Valid multi-byte UTF-8 sequences and bytes that belong to none. */
function utf8Evidence(bytes: Uint8Array): { valid: number; invalid: number } {
  let valid = 0;
  let invalid = 0;
  for (let at = 0; at < bytes.length;) {
    if ((bytes[at] ?? 0) < 0x80) {
      at += 1;
      continue;
    }
    const length = sequenceAt(bytes, at);
    if (length > 0) valid += 1;
    else invalid += 1;
    at += Math.max(1, length);
  }
  return { valid, invalid };
}

/**
 * Bytes 0x80-0x9F of Windows-1252 (WHATWG index; five are unassigned and stay as they are). Node's TextDecoder decodes
 * them as Latin-1 since 20.18.3 (nodejs/node#56542, #60888): the euro sign and Word's curly quotes came out as
 * control characters. Mapping what it leaves there is right both before and after Node fixes it.
 */
const WINDOWS_1252_HIGH =
  '\u20ac\u0081\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u008d\u017d\u008f' +
  '\u0090\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u009d\u017e\u0178';
