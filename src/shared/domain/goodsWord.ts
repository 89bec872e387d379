// The goods word (`merce`) of a parcel leaving the EU customs territory, from its goods lines, so that nobody
// types it: the lines' customs descriptions, whole, as many as fit a length every courier takes. Pure.
import { customsLinesOf, type LineValues } from './goodsLinesForm';

/**
 * The longest goods word made from the lines: the shortest `merce` a built-in courier takes (Demo Express, 30; a test
 * reads their data files), so a word the bench made never rules out the cheapest courier.
 */
export const GOODS_WORD_MAX = 30;

/**
 * The lines' descriptions (each once, in the lines' order) joined with ", " while they fit `max`; a first description
 * longer than that is cut at its last space that fits (or at `max`). '' when no line has a description.
 */
export function goodsWordOfLines(lines: readonly LineValues[], max: number = GOODS_WORD_MAX): string {
  const seen = new Set<string>();
  const descriptions: string[] = [];
  for (const { line } of customsLinesOf(lines)) {
    const text = line.description.replace(/\s+/g, ' ');
    if (text === '' || seen.has(text.toLowerCase())) continue;
    seen.add(text.toLowerCase());
    descriptions.push(text);
  }
  const [first, ...rest] = descriptions;
  if (first === undefined) return '';
  if (first.length > max) {
    const space = first.lastIndexOf(' ', max);
    return (space > 0 ? first.slice(0, space) : first.slice(0, max)).replace(/[\s,;.:-]+$/, '');
  }
  let word = first;
  for (const text of rest) {
    if (word.length + 2 + text.length > max) break;
    word = `${word}, ${text}`;
  }
  return word;
}
