// The goods word (`merce`) made from what the shipment holds, so that nobody types it and no order carries another's:
// an order's word from its lines as the shop wrote them ("T-shirt blu M + 2 altri"), and outside the EU customs
// territory the goods lines' customs descriptions, whole, as many as fit. Both fit a length every courier takes. Pure.
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
  const descriptions = distinct(customsLinesOf(lines).map(({ line }) => line.description));
  const [first, ...rest] = descriptions;
  if (first === undefined) return '';
  if (first.length > max) return cut(first, max);
  let word = first;
  for (const text of rest) {
    if (word.length + 2 + text.length > max) break;
    word = `${word}, ${text}`;
  }
  return word;
}

/**
 * An order's goods word from its lines, whatever the destination: all the descriptions (each once, in the lines'
 * order) joined with ", " when they fit `max`, else the first with how many others there are ("T-shirt blu M + 2
 * altri"), the first cut at a space to leave room for them. '' when no line has a description (the bench's default
 * goods or the operator then give it).
 */
export function goodsWordOfOrder(lines: readonly { description: string }[], max: number = GOODS_WORD_MAX): string {
  const [first, ...rest] = distinct(lines.map((line) => line.description));
  if (first === undefined) return '';
  const all = [first, ...rest].join(', ');
  if (all.length <= max) return all;
  if (rest.length === 0) return cut(first, max);
  const others = rest.length === 1 ? ' + 1 altro' : ` + ${rest.length} altri`;
  return `${cut(first, max - others.length)}${others}`;
}

/**
 * A scanned order's goods word: its own goods column, else its lines' ("T-shirt blu M + 2 altri"), else the bench's
 * default goods; '' when none of them says (the form then asks for it). Never another order's.
 */
export function orderGoodsWord(
  order: { values: Readonly<Record<string, string>>; lines: readonly { description: string }[] },
  goodsDefault: string,
): string {
  return (order.values.merce ?? '').trim() || goodsWordOfOrder(order.lines) || goodsDefault;
}

/** The texts trimmed, with runs of spaces made one, each once whatever its case, blank ones left out. */
function distinct(texts: readonly string[]): string[] {
  const seen = new Set<string>();
  return texts.flatMap((raw) => {
    const text = raw.trim().replace(/\s+/g, ' ');
    if (text === '' || seen.has(text.toLowerCase())) return [];
    seen.add(text.toLowerCase());
    return [text];
  });
}

/** A text no longer than `max`: cut at its last space that fits (or at `max`), without a dangling separator. */
function cut(text: string, max: number): string {
  if (text.length <= max) return text;
  const space = text.lastIndexOf(' ', max);
  return (space > 0 ? text.slice(0, space) : text.slice(0, max)).replace(/[\s,;.:+-]+$/, '');
}
