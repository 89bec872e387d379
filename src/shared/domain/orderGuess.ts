// The first guess of an order file's mapping and the key a chosen mapping is remembered by. Headers
// are compared with the vocabulary of ./orderColumns without case, accents, punctuation or spacing; a shipping
// header ("Zip (Shipping)") names the recipient's field, a billing one ("Billing Zip") its fallback, a sender's none.
import {
  ADDRESS_GROUP,
  ITEM_EXPORT_HEADERS,
  entryField,
  ORDER_FIELDS,
  type ColumnEntry,
  type ColumnMapping,
  type OrderField,
  type OrderFieldInfo,
} from './orderColumns';

/** Words that only say "of the recipient" ("CAP destinatario", "Zip (Shipping)", "Indirizzo di consegna"). */
const SHIP_TO_WORDS: ReadonlySet<string> = new Set([
  'shipping',
  'ship',
  'to',
  'delivery',
  'consegna',
  'spedizione',
  'destinatario',
  'destinazione',
  'dest',
  'di',
  'del',
  'della',
  'recipient',
]);
/** Words of the billing party: its columns are the recipient's fallback (an order with no shipping address). */
const BILLING_WORDS: ReadonlySet<string> = new Set(['billing', 'fatturazione', 'fattura', 'invoice']);
/** Words of the sender: "CAP mittente" is never taken for the recipient's. */
const SENDER_WORDS: ReadonlySet<string> = new Set(['mittente', 'sender', 'from']);

/** "Città di Consegna" → ["citta", "di", "consegna"]; "ShippingZip" and "shipping_zip" → ["shipping", "zip"]. */
function wordsOf(header: string): string[] {
  return header
    .replace(/(\p{Ll})(\p{Lu})/gu, '$1 $2')
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word !== '');
}

/** Words joined without spaces, so "E-mail", "Address 1" and "N° ordine" meet "email", "address1", "nordine". */
const compact = (words: readonly string[]): string => words.join('');
const shipToCore = (words: readonly string[]): string => compact(words.filter((w) => !SHIP_TO_WORDS.has(w)));

interface Header {
  exact: string;
  /** Without the words that name its party. */
  core: string;
  party: 'plain' | 'ship' | 'billing' | 'sender';
}

function headerOf(text: string): Header {
  const words = wordsOf(text);
  const exact = compact(words);
  if (words.some((w) => SENDER_WORDS.has(w))) return { exact, core: '', party: 'sender' };
  const core = compact(words.filter((w) => !SHIP_TO_WORDS.has(w) && !BILLING_WORDS.has(w)));
  if (words.some((w) => BILLING_WORDS.has(w))) return { exact, core, party: 'billing' };
  return { exact, core, party: core === exact ? 'plain' : 'ship' };
}

interface Synonym {
  field: OrderField;
  rank: number;
}

function indexSynonyms(
  select: (words: string[]) => string,
  only: (info: OrderFieldInfo) => boolean,
  headers: (info: OrderFieldInfo) => readonly string[] = (info) => info.headers,
) {
  const index = new Map<string, Synonym[]>();
  for (const info of ORDER_FIELDS.filter(only)) {
    headers(info).forEach((header, rank) => {
      const key = select(wordsOf(header));
      if (key === '') return;
      const list = index.get(key) ?? [];
      if (!list.some((s) => s.field === info.field)) list.push({ field: info.field, rank });
      index.set(key, list);
    });
  }
  return index;
}

const EXACT = indexSynonyms(compact, () => true);
const SHIP_TO = indexSynonyms(shipToCore, (info) => info.shipTo === true);
const BESIDE_ITEMS = indexSynonyms(
  compact,
  () => true,
  (info) => info.besideItems ?? [],
);
const ITEM_EXPORT: ReadonlySet<string> = new Set(ITEM_EXPORT_HEADERS.map((h) => compact(wordsOf(h))));
/** A qualified header ("CAP destinatario") ranks after every exact one. */
const QUALIFIED_RANK = 1000;

interface Pair {
  column: number;
  field: OrderField;
  rank: number;
}

/** Each field takes its best-ranked header and each header one field, best pairs first. */
function assign(pairs: Pair[], mapping: ColumnMapping, entryFor: (field: OrderField) => ColumnEntry): OrderField[] {
  pairs.sort((a, b) => a.rank - b.rank || a.column - b.column);
  const taken = new Set<OrderField>();
  for (const pair of pairs) {
    if (taken.has(pair.field) || mapping[pair.column] !== '') continue;
    mapping[pair.column] = entryFor(pair.field);
    taken.add(pair.field);
  }
  return [...taken];
}

/** The column read after the one a field took, when the vocabulary joins them ("Last Name" after "First Name"). */
function joinCompanions(headers: readonly Header[], mapping: ColumnMapping, column: number, field: OrderField) {
  const joins = ORDER_FIELDS.find((info) => info.field === field)?.joins ?? {};
  const own = headers[column];
  for (const [first, then] of Object.entries(joins)) {
    if (!own || compact(wordsOf(first)) !== own.core) continue;
    const wanted = compact(wordsOf(then));
    const at = headers.findIndex((h, i) => mapping[i] === '' && h.party === own.party && h.core === wanted);
    if (at >= 0) mapping[at] = mapping[column] ?? '';
  }
}

/**
 * The first guess of a file's mapping: every header is compared with every field's list; each field takes its
 * best-ranked header and each header one field, best pairs first, so Shopify's "Shipping Address1" wins rcpt_addr over
 * "Shipping Street" (both lines joined), which is left unmapped beside "Shipping Address2", the second line. A header
 * the vocabulary joins to the chosen one is read with it (WooCommerce's last name). Billing headers then become the
 * fallback of the recipient's fields, or the field itself when the file has no shipping column for it (WooCommerce's
 * "Phone (Billing)"); a billing address column is never the field itself beside shipping address columns, so the two
 * addresses are never mixed.
 */
export function guessMapping(texts: readonly string[]): ColumnMapping {
  const headers = texts.map(headerOf);
  const itemExport = headers.some((h) => ITEM_EXPORT.has(h.exact));
  const own: Pair[] = [];
  const billing: Pair[] = [];
  headers.forEach(({ exact, core, party }, column) => {
    if (party === 'billing') {
      for (const s of SHIP_TO.get(core) ?? []) billing.push({ column, field: s.field, rank: s.rank });
      return;
    }
    if (party === 'sender') return;
    if (itemExport) for (const s of BESIDE_ITEMS.get(exact) ?? []) own.push({ column, field: s.field, rank: -1 });
    for (const s of EXACT.get(exact) ?? []) own.push({ column, ...s });
    if (party !== 'ship' || core === '') return;
    for (const s of SHIP_TO.get(core) ?? []) own.push({ column, field: s.field, rank: QUALIFIED_RANK + s.rank });
  });
  const mapping: ColumnMapping = texts.map(() => '');
  const mains = new Set(assign(own, mapping, (field) => field));
  mapping.forEach((entry, column) => {
    if (typeof entry === 'string' && entry !== '') joinCompanions(headers, mapping, column, entry);
  });
  const hasAddress = [...mains].some((field) => ADDRESS_GROUP.has(field));
  const before = [...mapping];
  assign(billing, mapping, (field) =>
    mains.has(field) || (ADDRESS_GROUP.has(field) && hasAddress) ? { fallback: field } : field,
  );
  mapping.forEach((entry, column) => {
    if (before[column] !== '' || entry === '') return;
    joinCompanions(headers, mapping, column, typeof entry === 'string' ? entry : entry.fallback);
  });
  return mapping;
}

/**
 * The key a file's layout is remembered by: its headers normalised as guessMapping compares them, in their order
 * (a mapping is per position), trailing blank headers left out. Another day's file from the same export has the same
 * key; a column added or moved makes a new layout, whose mapping is asked again.
 */
export function layoutKey(headers: readonly string[]): string {
  const names = headers.map((header) => compact(wordsOf(header)));
  while (names.length > 0 && names[names.length - 1] === '') names.pop();
  return names.join('|');
}

/**
 * A mapping remembered before the vocabulary knew fallbacks, joined fields and the payment columns, brought up to
 * date: a column it left unread takes the guess's field when that field is new to it, or when it reads the field from
 * the column(s) the guess would. So a WooCommerce layout remembered with the first name alone gets the last name, the
 * billing phone and the payment method, and a field the operator had mapped otherwise is left as they chose it.
 */
export function upgradedMapping(old: ColumnMapping, guess: ColumnMapping): ColumnMapping {
  const mainColumns = (mapping: ColumnMapping, field: OrderField) =>
    mapping.flatMap((entry, column) => (entry === field ? [column] : []));
  return old.map((entry, column) => {
    const guessed = guess[column];
    const field = entryField(guessed);
    if (entry !== '' || !field) return entry;
    const own = mainColumns(old, field);
    const theirs = mainColumns(guess, field);
    return own.every((c) => theirs.includes(c)) ? (guessed ?? '') : '';
  });
}

/**
 * The fields the vocabulary learnt at each version of a remembered layout after 2 (the first with fallbacks and
 * payment columns): a layout remembered before reads them where the guess finds them.
 */
export const FIELDS_SINCE: Readonly<Record<number, readonly OrderField[]>> = {
  3: ['line_price'],
  4: ['rcpt_addr2'],
  5: ['line_barcode'],
};

/**
 * A mapping remembered at `version` with the fields learnt since: each takes the column the guess gives it, when the
 * mapping reads that column as nothing and the field from no column (the operator could not have chosen otherwise:
 * the field was not offered yet).
 */
export function withFieldsSince(old: ColumnMapping, guess: ColumnMapping, version: number): ColumnMapping {
  const learnt = new Set(
    Object.entries(FIELDS_SINCE).flatMap(([since, fields]) => (Number(since) > version ? fields : [])),
  );
  const read = new Set(old.map(entryField));
  const taken = old.map((entry, column) => {
    const field = entryField(guess[column]);
    return entry === '' && field !== undefined && learnt.has(field) && !read.has(field) ? (guess[column] ?? '') : entry;
  });
  return withFirstLine(old, taken, guess);
}

const sameEntry = (a: ColumnEntry | undefined, b: ColumnEntry | undefined) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Where a remembered layout now reads the second address line apart (its own or the billing one), the first line is
 * read from the guess's column too: the one it read, Shopify's "Shipping Street", has both lines joined, and the
 * second would be printed twice. A first line the guess finds nowhere, or in a column read as something else, stays.
 */
function withFirstLine(old: ColumnMapping, taken: ColumnMapping, guess: ColumnMapping): ColumnMapping {
  const out = [...taken];
  const roles = [
    ['rcpt_addr', 'rcpt_addr2'],
    [{ fallback: 'rcpt_addr' }, { fallback: 'rcpt_addr2' }],
  ] as const;
  for (const [first, second] of roles) {
    const tookSecond = out.some((entry, column) => old[column] === '' && sameEntry(entry, second));
    const theirs = guess.flatMap((entry, column) => (sameEntry(entry, first) ? [column] : []));
    const mine = out.flatMap((entry, column) => (sameEntry(entry, first) ? [column] : []));
    if (!tookSecond || theirs.length === 0 || theirs.some((column) => out[column] !== '')) continue;
    for (const column of mine) out[column] = '';
    for (const column of theirs) out[column] = first;
  }
  return out;
}
