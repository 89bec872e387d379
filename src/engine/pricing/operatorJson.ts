// Reading an operator's JSON text (a price-list file) safely and in linear time: the nesting limit checked before
// anything recursive reads the text, the line of an offset, and the node of a path in jsonc-parser's tree. Every
// problem is reported for a person with a line, so the cost of a wrong file must not grow with its errors × its size.
import { parseTree, type Node, type ParseError, type ParseOptions } from 'jsonc-parser';

/** Strict JSON, as JSON.parse reads it: no comments, no trailing commas. */
export const STRICT: ParseOptions = { disallowComments: true, allowTrailingComma: false };

/** Deepest nesting of `[` and `{` an operator file may have: a price list needs 7; parsers recurse on each level. */
export const MAX_JSON_DEPTH = 32;

export const TOO_DEEP = `File troppo annidato: più di ${MAX_JSON_DEPTH} livelli di parentesi [ ] o { }`;

const QUOTE = 34;
const BACKSLASH = 92;
const OPEN_SQUARE = 91;
const OPEN_CURLY = 123;
const CLOSE_SQUARE = 93;
const CLOSE_CURLY = 125;

/**
 * The offset where the text first nests deeper than MAX_JSON_DEPTH, or -1. One pass, no recursion: it runs before
 * jsonc-parser, whose recursive descent ends in a stack overflow ("Errore interno") on a few thousand levels.
 */
export function tooDeepAt(text: string): number {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) inString = true;
    else if (c === OPEN_SQUARE || c === OPEN_CURLY) {
      if (++depth > MAX_JSON_DEPTH) return i;
    } else if (c === CLOSE_SQUARE || c === CLOSE_CURLY) depth = Math.max(0, depth - 1);
  }
  return -1;
}

/**
 * Whether a parsed JSON value holds more than `max` values (itself, its items, its keys' values), counted without
 * recursion and stopping at `max`: a cheap check before a schema that reports a problem per value.
 */
export function holdsMoreThan(value: unknown, max: number): boolean {
  const pending: unknown[] = [value];
  let count = 0;
  while (pending.length > 0) {
    const next = pending.pop();
    if (++count > max) return true;
    if (Array.isArray(next)) for (const item of next) pending.push(item);
    else if (typeof next === 'object' && next !== null) for (const item of Object.values(next)) pending.push(item);
  }
  return false;
}

/** 1-based line of an offset, from one index of the text's line ends (a binary search each, not a scan). */
export function lineIndex(text: string): (offset: number) => number {
  const ends: number[] = [];
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) ends.push(i);
  return (offset) => {
    let low = 0;
    let high = ends.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if ((ends[mid] ?? Infinity) < offset) low = mid + 1;
      else high = mid;
    }
    return low + 1;
  };
}

/**
 * The node at a path, or the deepest one that exists on the way to it (a missing key is reported on its object).
 * An object's keys are indexed once, so a file with thousands of wrong keys in one object is not searched per key;
 * the first of repeated keys is the one found, as jsonc-parser's findNodeAtLocation finds it.
 */
function nodeFinder(root: Node): (path: readonly (string | number)[]) => Node {
  const keysOf = new WeakMap<Node, Map<string, Node>>();
  const child = (node: Node, segment: string | number): Node | undefined => {
    if (typeof segment === 'number')
      return node.type === 'array' && segment >= 0 ? node.children?.[segment] : undefined;
    if (node.type !== 'object') return undefined;
    let keys = keysOf.get(node);
    if (!keys) {
      keys = new Map();
      for (const property of node.children ?? []) {
        const [key, value] = property.children ?? [];
        if (property.children?.length === 2 && value && typeof key?.value === 'string' && !keys.has(key.value))
          keys.set(key.value, value);
      }
      keysOf.set(node, keys);
    }
    return keys.get(segment);
  };
  return (path) => {
    let node = root;
    for (const segment of path) {
      const next = child(node, segment);
      if (!next) return node;
      node = next;
    }
    return node;
  };
}

export interface TextPlaces {
  /** 1-based line of an offset. */
  lineAt(offset: number): number;
  /** 1-based line of the value at a path, or of the nearest enclosing one. */
  lineOf(path: readonly (string | number)[]): number;
}

/** Lines of a text's offsets and paths; the syntax tree is built only when a path's line is first asked for. */
export function textPlaces(text: string): TextPlaces {
  const lineAt = lineIndex(text);
  let find: ((path: readonly (string | number)[]) => Node) | undefined | null;
  return {
    lineAt,
    lineOf(path) {
      if (find === undefined) {
        const syntax: ParseError[] = [];
        const root = parseTree(text, syntax, STRICT);
        find = root ? nodeFinder(root) : null;
      }
      return find ? lineAt(find(path).offset) : 1;
    },
  };
}
