// Orders read from an order file's table: rows sharing a client and reference are one order (a shop
// export lists an order once per item), its first row giving the recipient and every row an item. Columns of one
// field are joined, fallbacks taken, a company made the recipient's name (the person its contact), the amount to
// collect read from the payment columns; what the file itself gets wrong (too many items, unreadable bytes, a payment
// that cannot be read) is named per order, for the operator to fix in the preview before anything is kept.
import { otherIssue, type FieldIssue } from '../shared/api/fieldIssues';
import {
  ADDRESS_GROUP,
  ADDRESS_PRESENT,
  entryField,
  inGrams,
  isFallback,
  italianNumber,
  type ColumnMapping,
  type OrderField,
} from '../shared/domain/orderColumns';
import {
  ORDER_LINES_MAX,
  tooManyLinesMessage,
  UNIT_VALUE_MAX,
  type OrderDraft,
  type OrderLine,
} from '../shared/domain/orders';
import { paymentKind } from './paymentMethod';
import type { OrderTable, OrderTableRow } from './readFile';

/** Cells corrected in the preview: row line → field → text. */
export type Fixes = ReadonlyMap<number, ReadonlyMap<OrderField, string>>;

export interface ReadOrder {
  draft: OrderDraft;
  /** What the preview shows of the order: each field's text as it will be kept (fixes included). */
  cells: Record<string, string>;
  /** What the file gets wrong about it, by field; an order with any is not kept. */
  issues: Record<string, FieldIssue>;
}

export interface ReadOptions {
  clientId: number;
  fixes?: Fixes;
  /** The shop's own words for cash on delivery, beside the defaults. */
  codWords?: readonly string[];
}

/** Form fields whose text is a decimal number: an Italian "1.234,5" becomes "1234.5" before the form's rules. */
const DECIMAL_FIELDS: ReadonlySet<string> = new Set(['peso', 'contrassegno', 'valore']);
/** Read by the import but no field of the shipment form: never stored among the order's values. */
const NOT_FORM_FIELDS: ReadonlySet<OrderField> = new Set<OrderField>([
  'order_ref',
  'client_id',
  'line_sku',
  'line_description',
  'line_qty',
  'line_weight',
  'line_price',
  'line_barcode',
  'rcpt_company',
  'payment_method',
  'order_total',
  'amount_due',
]);
/** Fields whose line breaks are kept; in every other one a run of spaces, tabs or line ends is one space. */
const MULTILINE: ReadonlySet<OrderField> = new Set<OrderField>(['note']);
/** What the decoder puts for bytes that are not UTF-8 (readFile keeps such a file UTF-8 when they are few). */
const UNREADABLE = '\uFFFD';

export const ORDER_MESSAGES = {
  tooManyLines: tooManyLinesMessage,
  unreadable: 'Caratteri illeggibili (byte non UTF-8 nel file): correggere il testo',
  unknownPayment: (method: string) =>
    `Metodo di pagamento non riconosciuto: ${method}; indicare il contrassegno (0 se pagato)`,
  noPayment: 'Metodo di pagamento mancante: indicare il contrassegno (0 se pagato)',
  codWithoutAmount: (method: string) =>
    `Pagamento alla consegna (${method}) senza importo da incassare: indicare il contrassegno`,
};

type Columns = ReadonlyMap<OrderField, readonly number[]>;

function columnsOf(mapping: ColumnMapping): { own: Columns; fallback: Columns } {
  const own = new Map<OrderField, number[]>();
  const fallback = new Map<OrderField, number[]>();
  mapping.forEach((entry, column) => {
    const field = entryField(entry);
    if (!field) return;
    const into = isFallback(entry) ? fallback : own;
    into.set(field, [...(into.get(field) ?? []), column]);
  });
  return { own, fallback };
}

const joined = (row: OrderTableRow, columns: readonly number[] = []): string =>
  // Most fields are one column: taken as it is, without the lists a join makes (10,000 rows read a dozen each).
  columns.length === 1
    ? (row.cells[columns[0] ?? -1] ?? '').trim()
    : columns
        .map((column) => (row.cells[column] ?? '').trim())
        .filter((text) => text !== '')
        .join(' ');

const personKey = (name: string) => name.toLocaleLowerCase('it').replace(/\s+/g, ' ').trim();
const samePerson = (a: string, b: string) => personKey(a) === personKey(b);

/** Whitespace that `clean` changes: a run of two, or any but a plain space. */
const UNEVEN_SPACE = /\s\s|[^\S ]/;
const clean = (field: OrderField, text: string): string =>
  (MULTILINE.has(field) || !UNEVEN_SPACE.test(text) ? text : text.replace(/\s+/g, ' ')).trim();

const formText = (field: string, text: string): string => {
  const number = DECIMAL_FIELDS.has(field) ? italianNumber(text) : undefined;
  return number === undefined ? text : String(number);
};

const positive = (text: string): number | undefined => {
  const value = italianNumber(text);
  return value !== undefined && value > 0 ? value : undefined;
};

/** Rows taken one by one into orders: a file's rows can be taken a slice at a time, the caller yielding between. */
export interface OrderReader {
  take(row: OrderTableRow): void;
  /** The orders of every row taken so far, with too many lines named. */
  orders(): ReadOrder[];
}

export function orderReader(headers: readonly string[], mapping: ColumnMapping, options: ReadOptions): OrderReader {
  const { own, fallback } = columnsOf(mapping);
  const fields = new Set<OrderField>([...own.keys(), ...fallback.keys()]);
  const groupFallsBack = [...fallback.keys()].some((field) => ADDRESS_GROUP.has(field));
  const weightColumn = own.get('line_weight')?.[0] ?? fallback.get('line_weight')?.[0];
  const grams = weightColumn !== undefined && inGrams(headers[weightColumn] ?? '');

  const textOf = (row: OrderTableRow, field: OrderField, billing: boolean): string => {
    const main = joined(row, own.get(field));
    const back = fallback.get(field);
    if (!back) return main;
    if (ADDRESS_GROUP.has(field)) return billing ? joined(row, back) : main;
    if (field === 'rcpt_company' && !billing && main === '') {
      // The billing company is the recipient's when the parcel goes to the person who bills (WooCommerce's checkout
      // asks the company once, on the billing side); a parcel sent to someone else is not theirs.
      const person = joined(row, own.get('rcpt_name'));
      const payer = joined(row, fallback.get('rcpt_name'));
      return person === '' || payer === '' || samePerson(person, payer) ? joined(row, back) : '';
    }
    // A billing address taken whole brings its company with it.
    if (field === 'rcpt_company' && billing) return joined(row, back);
    return main !== '' ? main : joined(row, back);
  };

  const orders: ReadOrder[] = [];
  const byKey = new Map<string, ReadOrder>();
  const lineCount = new Map<ReadOrder, number>();
  // The row being taken, its fixes, whether its address is the billing one, and its fields' texts so far: one set for
  // the reader, reset per row (10,000 rows made a map and a closure each).
  let row: OrderTableRow = { line: 0, cells: [] };
  let fixed: ReadonlyMap<OrderField, string> | undefined;
  let billing = false;
  // A field is asked for more than once per row (the reference, the lines' fields): worked out once.
  const seen = new Map<OrderField, string>();
  const text = (field: OrderField): string => {
    let value = seen.get(field);
    if (value === undefined) {
      value = clean(field, fixed?.get(field) ?? textOf(row, field, billing));
      seen.set(field, value);
    }
    return value;
  };
  const take = (taken: OrderTableRow) => {
    row = taken;
    seen.clear();
    fixed = options.fixes?.get(row.line);
    // The whole address comes from the billing columns when the shipping ones are blank, never a part of it.
    billing = groupFallsBack && ADDRESS_PRESENT.every((field) => joined(taken, own.get(field)) === '');
    const orderRef = text('order_ref');
    const clientText = text('client_id');
    const clientId = clientText === '' ? options.clientId : Number(clientText);
    const line = orderLine(
      {
        description: text('line_description'),
        sku: text('line_sku'),
        qty: text('line_qty'),
        barcode: text('line_barcode'),
      },
      { weight: text('line_weight'), grams, price: text('line_price') },
    );
    const key = `${clientId}|${orderRef}`;
    const existing = orderRef === '' ? undefined : byKey.get(key);
    if (existing) {
      if (!line) return;
      // Lines past the bound are counted, not kept: a wrong reference column must not hold a whole file in memory.
      lineCount.set(existing, (lineCount.get(existing) ?? existing.draft.lines.length) + 1);
      if (existing.draft.lines.length < ORDER_LINES_MAX) existing.draft.lines.push(line);
      return;
    }
    const read = firstRow(row.line, text, fields, fixed, options.codWords ?? []);
    read.draft.orderRef = orderRef;
    read.draft.clientId = Number.isInteger(clientId) && clientId > 0 ? clientId : 0;
    if (line) read.draft.lines.push(line);
    orders.push(read);
    if (orderRef !== '') byKey.set(key, read);
  };
  return {
    take,
    orders() {
      for (const [read, count] of lineCount) {
        if (count > ORDER_LINES_MAX) read.issues.order_ref = otherIssue(ORDER_MESSAGES.tooManyLines(count));
      }
      return orders;
    },
  };
}

/** The orders in a table, each with what the preview shows of it and what the file gets wrong about it. */
export function readOrders(table: OrderTable, mapping: ColumnMapping, options: ReadOptions): ReadOrder[] {
  const reader = orderReader(table.headers, mapping, options);
  for (const row of table.rows) reader.take(row);
  return reader.orders();
}

/** How long rows are read between two pauses; the clock is looked at every CLOCK_EVERY rows (a row takes ~20 µs). */
export const READ_SLICE_MS = 5;
const CLOCK_EVERY = 32;

/**
 * readOrders, pausing (`pause`: the station yields to its event loop) whenever it has read for `sliceMs`: a 100,000-row
 * file reads in about 2 s, never more than a few milliseconds at a stretch, even while the runtime is slow a moment.
 */
export async function readOrdersInSlices(
  table: OrderTable,
  mapping: ColumnMapping,
  options: ReadOptions,
  pause: () => Promise<void>,
  sliceMs = READ_SLICE_MS,
): Promise<ReadOrder[]> {
  const reader = orderReader(table.headers, mapping, options);
  let since = performance.now();
  for (let i = 0; i < table.rows.length; i += 1) {
    reader.take(table.rows[i]!);
    if (i % CLOCK_EVERY === CLOCK_EVERY - 1 && performance.now() - since >= sliceMs) {
      await pause();
      since = performance.now();
    }
  }
  return reader.orders();
}

/** An order from its first row: the recipient, the amount to collect, the cells the preview shows. */
function firstRow(
  line: number,
  text: (field: OrderField) => string,
  fields: ReadonlySet<OrderField>,
  fixed: ReadonlyMap<OrderField, string> | undefined,
  codWords: readonly string[],
): ReadOrder {
  const values: Record<string, string> = {};
  const cells: Record<string, string> = {};
  const issues: Record<string, FieldIssue> = {};
  for (const field of fields) {
    const value = text(field);
    // A form field's cell shows the value as kept (below); a blank one is still there to be filled in.
    cells[field] = NOT_FORM_FIELDS.has(field) ? value : '';
    if (!NOT_FORM_FIELDS.has(field) && value !== '') values[field] = formText(field, value);
  }
  // The label's "ragione sociale" is the company, its "c.a." the person; a private person is the name alone.
  const company = text('rcpt_company');
  if (company !== '') {
    const person = values.rcpt_name;
    values.rcpt_name = company;
    if (!values.rcpt_contact && person) values.rcpt_contact = person;
  }
  if (!values.contrassegno && fields.has('payment_method')) {
    const method = text('payment_method');
    const kind = paymentKind(method, codWords);
    if (kind === 'cod') {
      const amount = positive(text('amount_due')) ?? positive(text('order_total'));
      if (amount === undefined) issues.contrassegno = otherIssue(ORDER_MESSAGES.codWithoutAmount(method));
      else values.contrassegno = String(amount);
    } else if (kind === 'unknown') {
      issues.contrassegno = otherIssue(
        method === '' ? ORDER_MESSAGES.noPayment : ORDER_MESSAGES.unknownPayment(method),
      );
    }
  }
  for (const [field, raw] of fixed ?? []) {
    if (NOT_FORM_FIELDS.has(field)) continue;
    const value = clean(field, raw);
    if (value === '') delete values[field];
    else values[field] = formText(field, value);
    delete issues[field];
  }
  // The reference, then the values (which never hold it), with no merged copy made per order.
  if (text('order_ref').includes(UNREADABLE)) issues.order_ref ??= otherIssue(ORDER_MESSAGES.unreadable);
  for (const field in values) {
    if (values[field]?.includes(UNREADABLE)) issues[field] ??= otherIssue(ORDER_MESSAGES.unreadable);
  }
  Object.assign(cells, values);
  if (fields.has('payment_method')) cells.contrassegno = values.contrassegno ?? '';
  return { draft: { line, clientId: 0, orderRef: '', values, lines: [] }, cells, issues };
}

function orderLine(
  item: { description: string; sku: string; qty: string; barcode: string },
  piece: { weight: string; grams: boolean; price: string },
): OrderLine | undefined {
  const { description, sku, qty, barcode } = item;
  if (description === '' && sku === '') return undefined;
  const count = italianNumber(qty);
  // A quantity of 0 is an item refunded or removed (WooCommerce's "Quantity (- Refund)"): nothing to pack.
  if (count !== undefined && count <= 0) return undefined;
  const each = positive(piece.weight);
  const weightKg = each === undefined ? undefined : piece.grams ? each / 1000 : each;
  // One piece's price, to the cent: the customs line's unit value and the product list's when it has none.
  const price = positive(piece.price);
  const unitValue = price !== undefined && price <= UNIT_VALUE_MAX ? Math.round(price * 100) / 100 : undefined;
  return {
    description: description.slice(0, 200) || sku.slice(0, 200),
    ...(sku ? { sku: sku.slice(0, 60) } : {}),
    qty: count === undefined ? 1 : Math.min(count, 1_000_000),
    ...(weightKg !== undefined && Number.isFinite(weightKg) ? { weightKg } : {}),
    ...(unitValue !== undefined && unitValue > 0 ? { unitValue } : {}),
    ...(barcode ? { barcode: barcode.slice(0, 64) } : {}),
  };
}
