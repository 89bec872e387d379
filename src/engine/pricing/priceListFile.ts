// A price-list file as an operator brings it: one list, an array of lists, or an object whose `price_lists` holds them
// (the service config's key, so the very same file prices with `npm run quote -- --config FILE`). Every problem is
// reported with the line it is on, in Italian, so a person can fix the file in any editor; jsonc-parser gives each
// value's place in the text (hand-counting offsets through JSON is what it does better than we would).
import { findNodeAtLocation, parseTree, printParseErrorCode, type Node, type ParseError } from 'jsonc-parser';
import { z } from 'zod';
import { PriceListSchema, type PriceList } from './priceList';

export interface PriceListFileError {
  /** 1-based line of the value (or of the nearest enclosing one when the value is missing). */
  line: number;
  /** Where in the file, as a path (`price_lists.0.brackets.2.max_kg`); "" for the file as a whole. */
  path: string;
  message: string;
}

export type PriceListFile = { ok: true; lists: PriceList[] } | { ok: false; errors: PriceListFileError[] };

const ITALIAN = z.locales.it().localeError;
const MAX_ERRORS = 50;

const FileSchema = z.union([
  z.array(z.unknown()),
  z.looseObject({ price_lists: z.array(z.unknown()) }),
  z.looseObject({ corriere: z.unknown() }),
]);

function lineAt(text: string, offset: number): number {
  let line = 1;
  for (let i = 0; i < offset && i < text.length; i++) if (text.charCodeAt(i) === 10) line++;
  return line;
}

/** The node at a path, or the deepest one that exists on the way to it (a missing key is reported on its object). */
function nearest(root: Node, path: (string | number)[]): Node {
  for (let n = path.length; n > 0; n--) {
    const node = findNodeAtLocation(root, path.slice(0, n));
    if (node) return node;
  }
  return root;
}

export function readPriceListFile(text: string): PriceListFile {
  const syntax: ParseError[] = [];
  const root = parseTree(text, syntax, { disallowComments: true, allowTrailingComma: false });
  if (syntax.length > 0 || !root) {
    const errors = syntax.slice(0, MAX_ERRORS).map((e) => ({
      line: lineAt(text, e.offset),
      path: '',
      message: `JSON non valido (${printParseErrorCode(e.error)})`,
    }));
    return { ok: false, errors: errors.length ? errors : [{ line: 1, path: '', message: 'File vuoto' }] };
  }
  const raw: unknown = JSON.parse(text);
  const shape = FileSchema.safeParse(raw);
  if (!shape.success)
    return {
      ok: false,
      errors: [
        {
          line: 1,
          path: '',
          message: 'Il file deve contenere un listino, un elenco di listini o un oggetto con "price_lists"',
        },
      ],
    };
  const [items, prefix]: [unknown[], (string | number)[]] = Array.isArray(shape.data)
    ? [shape.data, []]
    : 'price_lists' in shape.data && Array.isArray(shape.data.price_lists)
      ? [shape.data.price_lists, ['price_lists']]
      : [[shape.data], []];
  const single = !Array.isArray(shape.data) && prefix.length === 0;
  const placeOf = (i: number): (string | number)[] => (single ? [] : [...prefix, i]);
  const valid: Array<{ i: number; list: PriceList }> = [];
  const errors: PriceListFileError[] = [];
  items.forEach((item, i) => {
    const at = placeOf(i);
    const parsed = PriceListSchema.safeParse(item, { error: ITALIAN });
    if (parsed.success) valid.push({ i, list: parsed.data });
    else
      for (const issue of parsed.error.issues) {
        const path = [...at, ...issue.path.map((p) => (typeof p === 'number' ? p : String(p)))];
        errors.push({ line: lineAt(text, nearest(root, path).offset), path: path.join('.'), message: issue.message });
      }
  });
  const seen = new Map<string, number>();
  for (const { i, list } of valid) {
    const key = `${list.corriere}/${list.servizio}/${list.invoiced_client_id ?? 0}`;
    const first = seen.get(key);
    if (first !== undefined) {
      const at = placeOf(i);
      errors.push({
        line: lineAt(text, nearest(root, at).offset),
        path: at.join('.'),
        message: `Listino ripetuto per corriere ${list.corriere}, servizio ${list.servizio} (già elemento ${first})`,
      });
    } else seen.set(key, i);
  }
  if (errors.length > 0) return { ok: false, errors: errors.sort((a, b) => a.line - b.line).slice(0, MAX_ERRORS) };
  if (valid.length === 0) return { ok: false, errors: [{ line: 1, path: '', message: 'Nessun listino nel file' }] };
  return { ok: true, lists: valid.map((v) => v.list) };
}
