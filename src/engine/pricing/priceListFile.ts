// A price-list file as an operator brings it: one list, an array of lists, or an object whose `price_lists` holds them
// (the service config's key, so the very same file prices with `npm run quote -- --config FILE`). Every problem is
// reported with the line it is on, in Italian, so a person can fix the file in any editor; jsonc-parser gives each
// value's place in the text (hand-counting offsets through JSON is what it does better than we would).
import { parseTree, printParseErrorCode, type ParseError } from 'jsonc-parser';
import { z } from 'zod';
import { holdsMoreThan, STRICT, textPlaces, TOO_DEEP, tooDeepAt } from './operatorJson';
import { PriceListSchema, type PriceList } from './priceList';

export interface PriceListFileError {
  /** 1-based line of the value (or of the nearest enclosing one when the value is missing). */
  line: number;
  /** Where in the file, as a path (`price_lists.0.brackets.2.max_kg`); "" for the file as a whole. */
  path: string;
  message: string;
}

export type PriceListFile =
  | { ok: true; lists: PriceList[] }
  | {
      ok: false;
      /** The first MAX_ERRORS problems, then one line saying how many more. */
      errors: PriceListFileError[];
      /** How many problems were found in all (lists past CHECKED_ERRORS problems are not checked, so at least). */
      errorCount: number;
    };

const ITALIAN = z.locales.it().localeError;
/** Problems listed one by one; past these the answer says how many more there are (a wrong 5 MB file has millions). */
export const MAX_ERRORS = 50;

/**
 * Zod reports every wrong value of a list, a few hundred bytes each: a list is checked only when it holds at most
 * MAX_LIST_VALUES values (real lists hold hundreds, the longest postal-code lists a few thousand), and no further
 * list is checked once CHECKED_ERRORS problems are known, so a wrong 5 MB file costs a bounded amount of work.
 */
export const MAX_LIST_VALUES = 20_000;
const CHECKED_ERRORS = 1_000;
const TOO_BIG_LIST = `Listino troppo grande: più di ${MAX_LIST_VALUES.toLocaleString('it-IT')} valori`;

/** JSON.parse reads 1e400 as Infinity, which zod's Italian text calls "atteso numero, ricevuto numero". */
const NOT_FINITE = 'Numero troppo grande';
const errorMap: z.core.$ZodErrorMap = (issue) =>
  issue.code === 'invalid_type' && typeof issue.input === 'number' && !Number.isFinite(issue.input)
    ? NOT_FINITE
    : ITALIAN(issue);

const fileError = (message: string, line = 1): PriceListFile => ({
  ok: false,
  errors: [{ line, path: '', message }],
  errorCount: 1,
});

/** The first MAX_ERRORS problems by line, then one line saying how many more (from the line of the first left out). */
function capped(errors: PriceListFileError[], unchecked = 0): PriceListFileError[] {
  const sorted = errors.sort((a, b) => a.line - b.line);
  const next = sorted[MAX_ERRORS];
  if (!next && unchecked === 0) return sorted;
  const more = sorted.length - Math.min(MAX_ERRORS, sorted.length);
  const notChecked = unchecked === 1 ? 'un listino non è stato' : `${unchecked} listini non sono stati`;
  const message =
    unchecked > 0
      ? `… e altri ${more} errori; ${notChecked} controllati`
      : more === 1
        ? '… e un altro errore'
        : `… e altri ${more} errori`;
  return [...sorted.slice(0, MAX_ERRORS), { line: next?.line ?? sorted.at(-1)?.line ?? 1, path: '', message }];
}

const FileSchema = z.union([
  z.array(z.unknown()),
  z.looseObject({ price_lists: z.array(z.unknown()) }),
  z.looseObject({ corriere: z.unknown() }),
]);

/** A text JSON.parse refused, told by jsonc-parser's errors with their lines. */
function syntaxErrors(text: string, lineAt: (offset: number) => number): PriceListFile {
  const syntax: ParseError[] = [];
  const root = parseTree(text, syntax, STRICT);
  const errors = syntax.map((e) => ({
    line: lineAt(e.offset),
    path: '',
    message: `JSON non valido (${printParseErrorCode(e.error)})`,
  }));
  if (errors.length > 0) return { ok: false, errorCount: errors.length, errors: capped(errors) };
  // jsonc-parser reads a few texts more leniently than JSON.parse; they are still not JSON.
  return fileError(root ? 'JSON non valido' : 'File vuoto');
}

export function readPriceListFile(text: string): PriceListFile {
  const { lineAt, lineOf } = textPlaces(text);
  // Before anything that recurses on the text's nesting (jsonc-parser, zod).
  const deep = tooDeepAt(text);
  if (deep !== -1) return fileError(TOO_DEEP, lineAt(deep));
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return syntaxErrors(text, lineAt);
  }
  const shape = FileSchema.safeParse(raw);
  if (!shape.success)
    return fileError('Il file deve contenere un listino, un elenco di listini o un oggetto con "price_lists"');
  const [items, prefix]: [unknown[], (string | number)[]] = Array.isArray(shape.data)
    ? [shape.data, []]
    : 'price_lists' in shape.data && Array.isArray(shape.data.price_lists)
      ? [shape.data.price_lists, ['price_lists']]
      : [[shape.data], []];
  const single = !Array.isArray(shape.data) && prefix.length === 0;
  const placeOf = (i: number): (string | number)[] => (single ? [] : [...prefix, i]);
  const valid: Array<{ i: number; list: PriceList }> = [];
  const errors: PriceListFileError[] = [];
  let unchecked = 0;
  items.forEach((item, i) => {
    const at = placeOf(i);
    if (errors.length >= CHECKED_ERRORS) {
      unchecked++;
      return;
    }
    if (holdsMoreThan(item, MAX_LIST_VALUES)) {
      errors.push({ line: lineOf(at), path: at.join('.'), message: TOO_BIG_LIST });
      return;
    }
    const parsed = PriceListSchema.safeParse(item, { error: errorMap });
    if (parsed.success) valid.push({ i, list: parsed.data });
    else
      for (const issue of parsed.error.issues) {
        const path = [...at, ...issue.path.map((p) => (typeof p === 'number' ? p : String(p)))];
        errors.push({ line: lineOf(path), path: path.join('.'), message: issue.message });
      }
  });
  const seen = new Map<string, number>();
  for (const { i, list } of valid) {
    const key = `${list.corriere}/${list.servizio}/${list.invoiced_client_id ?? 0}`;
    const first = seen.get(key);
    if (first !== undefined) {
      const at = placeOf(i);
      errors.push({
        line: lineOf(at),
        path: at.join('.'),
        message: `Listino ripetuto per corriere ${list.corriere}, servizio ${list.servizio} (già elemento ${first})`,
      });
    } else seen.set(key, i);
  }
  if (errors.length > 0) return { ok: false, errorCount: errors.length, errors: capped(errors, unchecked) };
  if (valid.length === 0) return fileError('Nessun listino nel file');
  return { ok: true, lists: valid.map((v) => v.list) };
}
