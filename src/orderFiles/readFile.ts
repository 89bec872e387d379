// An order file read into a table of text: CSV in the encoding and separator the shop's program wrote,
// or the first sheet of an .xlsx, told apart by content, not by name; control characters stripped from every cell.
// What the text means is the mapping's and the engine's business; what cannot be read is refused here with a message
// a bench operator can act on.
import Papa from 'papaparse';
import { orderFileLimits, type OrderFileLimits, type OrderFileLimitsInput, type XlsxLimits } from './fileLimits';
import { ORDER_FILE_MESSAGES as MESSAGES, OrderFileError } from './orderFileError';
import { decode, startsWith } from './textDecoding';
import { checkedXlsx } from './xlsxZip';
import { withoutControls } from '../shared/domain/orderText';

export { OrderFileError, type OrderFileProblem } from './orderFileError';

export interface OrderTableRow {
  /** The row's line (CSV) or row number (xlsx) in the file, for messages; a quoted field may span several lines. */
  line: number;
  /** Trimmed text, at least as many cells as headers: a longer row keeps its extra cells for the checker. */
  cells: string[];
}

export interface OrderTable {
  format: 'csv' | 'xlsx';
  encoding?: 'utf-8' | 'windows-1252';
  delimiter?: string;
  headers: string[];
  rows: OrderTableRow[];
  /** Rows with bytes that are not UTF-8 in a file read as UTF-8: their text shows U+FFFD where the bytes were. */
  damagedLines: number[];
}

const ZIP = [0x50, 0x4b, 0x03, 0x04];
/** OLE compound file: .xls (BIFF), and also an .xlsx saved with a password, which Excel wraps in one. */
const OLE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const PDF = [0x25, 0x50, 0x44, 0x46];

/**
 * On the thread it is called on: the station calls readOrderFileOffThread (offThread.ts), which runs this on a thread
 * of its own. Limits not given are the defaults (fileLimits.ts).
 */
export async function readOrderTable(
  bytes: Uint8Array,
  fileName: string,
  given: OrderFileLimitsInput = {},
): Promise<OrderTable> {
  const limits = orderFileLimits(given);
  if (bytes.length > limits.maxBytes)
    throw new OrderFileError('tooLarge', MESSAGES.fileSize(bytes.length, limits.maxBytes, limits.kind));
  const table = await readTable(bytes, fileName, limits);
  if (table.rows.length > limits.maxRows) {
    throw new OrderFileError('tooLarge', MESSAGES.rows(table.rows.length, limits.maxRows, limits.kind));
  }
  return table;
}

async function readTable(bytes: Uint8Array, fileName: string, limits: OrderFileLimits): Promise<OrderTable> {
  if (bytes.length === 0) throw new OrderFileError('empty', MESSAGES.empty);
  if (startsWith(bytes, ZIP)) return readXlsx(bytes, limits.xlsx);
  if (startsWith(bytes, OLE)) throw new OrderFileError('oldExcel', MESSAGES.oldExcel);
  if (startsWith(bytes, PDF)) throw new OrderFileError('otherFormat', MESSAGES.pdf);
  if (startsWith(bytes, [0xff, 0xfe]) || startsWith(bytes, [0xfe, 0xff])) {
    throw new OrderFileError('otherFormat', MESSAGES.utf16);
  }
  const { text, encoding } = decode(bytes);
  if (looksBinary(text)) {
    // A name ending in .xlsx over bytes that are neither a ZIP nor text: most often a copy cut short.
    const damaged = /\.xlsx$/i.test(fileName);
    throw new OrderFileError(damaged ? 'damaged' : 'unreadable', damaged ? MESSAGES.damaged : MESSAGES.unreadable);
  }
  if (/^\s*</.test(text)) throw new OrderFileError('otherFormat', MESSAGES.markup);
  return withDamage({ format: 'csv', encoding, ...readCsv(text) });
}

/** The rows whose cells hold U+FFFD: bytes the UTF-8 decoder could not read (or text damaged before the export). */
function withDamage(table: Omit<OrderTable, 'damagedLines'>): OrderTable {
  const damaged = table.rows.filter((row) => row.cells.some((cell) => cell.includes('\uFFFD')));
  return { ...table, damagedLines: damaged.map((row) => row.line) };
}

/**
 * Any byte decodes as Windows-1252, so a binary file is told by its control characters: a NUL, or more than two and
 * more than one in a hundred (text has none but tab and line ends; the Ctrl-Z old DOS programs end a file with is
 * let through).
 */
function looksBinary(text: string): boolean {
  const sample = withoutCtrlZ(text.slice(0, 65_536));
  let controls = 0;
  for (let i = 0; i < sample.length; i++) {
    const code = sample.charCodeAt(i);
    if (code === 0) return true;
    if ((code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) || (code >= 0x7f && code <= 0x9f)) {
      controls++;
    }
  }
  return controls > Math.max(2, sample.length / 100);
}

function withoutCtrlZ(text: string): string {
  let end = text.length;
  while (end > 0 && text.charCodeAt(end - 1) === 0x1a) end--;
  return text.slice(0, end);
}

const DELIMITERS = [';', '\t', ','] as const;
const SEP_LINE = /^"?sep=([^\n"])"?[ \t]*(?:\n|$)/i;
const isBlank = (cells: readonly string[]) => cells.every((cell) => cell.trim() === '');

function readCsv(text: string): { delimiter: string; headers: string[]; rows: OrderTableRow[] } {
  // One line end for papaparse, which guesses a single one per file; a quoted CRLF becomes LF in the cell, as typed.
  let body = withoutCtrlZ(text).replace(/\r\n?/g, '\n');
  let line = 1;
  const sep = SEP_LINE.exec(body);
  if (sep) {
    body = body.slice(sep[0].length);
    line = 2;
  }
  const delimiter = sep?.[1] ?? guessDelimiter(body);
  const parsed = Papa.parse<string[]>(body, { delimiter, newline: '\n', quoteChar: '"', skipEmptyLines: false });
  const lines: number[] = [];
  for (const record of parsed.data) {
    lines.push(line);
    line += 1;
    for (const cell of record) for (let at = cell.indexOf('\n'); at >= 0; at = cell.indexOf('\n', at + 1)) line++;
  }
  const unclosed = parsed.errors.find((error) => error.code === 'MissingQuotes');
  if (unclosed) {
    const at = lines[unclosed.row ?? 0] ?? 1;
    throw new OrderFileError('unclosedQuote', MESSAGES.unclosedQuote(at), at);
  }
  const rows = parsed.data.map((record, i) => ({ line: lines[i] ?? 0, cells: record.map(csvCellText) }));
  return { delimiter, ...tableOf(rows) };
}

/**
 * The separator the header row splits best on and the next rows agree with. papaparse's own guess is not used: on
 * `Rossi;2,5` it finds commas as consistent as semicolons and falls back to ','. Ties go to ';', the Italian Excel's.
 */
function guessDelimiter(body: string): string {
  let best: { delimiter: string; score: readonly number[] } | undefined;
  for (const delimiter of DELIMITERS) {
    const records = Papa.parse<string[]>(body, { delimiter, newline: '\n', preview: 60 }).data;
    // A row of separators only (";;;", Excel's blank row) is blank whichever separator it turns out to be.
    const sample = records.filter((record) => !/^[\s;,]*$/.test(record.join('')));
    const header = headerIndex(sample);
    const width = sample[header]?.length ?? 0;
    const next = sample.slice(header + 1);
    const agreeing = next.filter((record) => record.length === width).length / Math.max(1, next.length);
    const score = [width > 1 ? 1 : 0, agreeing, width];
    if (!best || beats(score, best.score)) best = { delimiter, score };
  }
  return best?.delimiter ?? ';';
}

/** Lexicographic: the first differing criterion decides. */
function beats(a: readonly number[], b: readonly number[]): boolean {
  const at = a.findIndex((value, i) => value !== b[i]);
  return at >= 0 && (a[at] ?? 0) > (b[at] ?? 0);
}

/**
 * A number kept as text the way a spreadsheet writes it: `'00184` (the apostrophe Excel and LibreOffice take for "this
 * is text", written out by some exports and by a copy and paste) is the postal code 00184, `'+39 333` the phone.
 * Only before a number: an apostrophe before words is the text's own.
 */
const TEXT_MARK = /^'([+\d][\d .,\-/()]*)$/;
const withoutTextMark = (text: string): string => TEXT_MARK.exec(text)?.[1] ?? text;

/** Trimmed; `="06100"`, the formula some programs write to keep a postal code's zero in Excel, as its text. */
function csvCellText(cell: string): string {
  const text = withoutControls(cell).trim();
  const formula = /^="(.*)"$/s.exec(text);
  return formula ? (formula[1] ?? '').trim() : withoutTextMark(text);
}

/** Lines of one cell above the header taken for a title ("Ordini del 14/03"), not for the header. */
const MAX_TITLE_ROWS = 3;

/**
 * The header is the first row with any text (its blank trailing cells dropped), or the first with two cells after up
 * to three lines of one cell (a title above the table: the header of a one-column file is still its first line);
 * blank rows are skipped; a short row is padded with '' and a long one keeps its extra cells, up to its last non-blank
 * one (Excel's trailing separators are no extra data).
 */
/**
 * Where the header is among rows with text: the first one, or, after a title, the first of two cells followed by
 * another (so that "1002,5" in a one-column list of references is not taken for a header under a title).
 */
function headerIndex(rows: readonly (readonly string[])[]): number {
  const wide = (cells: readonly string[] | undefined) => (cells ?? []).filter((cell) => cell.trim() !== '').length > 1;
  const at = rows.findIndex((cells) => wide(cells));
  return at > 0 && at <= MAX_TITLE_ROWS && wide(rows[at + 1]) ? at : 0;
}

function tableOf(rows: readonly OrderTableRow[]): { headers: string[]; rows: OrderTableRow[] } {
  const filled = rows.filter((row) => !isBlank(row.cells));
  const [first, ...rest] = filled.slice(headerIndex(filled.map((row) => row.cells)));
  if (!first) throw new OrderFileError('empty', MESSAGES.empty);
  const headers = withoutTrailingBlanks(first.cells);
  const width = headers.length;
  return {
    headers,
    rows: rest.map((row) => {
      const cells = row.cells.length > width ? withoutTrailingBlanks(row.cells) : [...row.cells];
      while (cells.length < width) cells.push('');
      return { line: row.line, cells };
    }),
  };
}

function withoutTrailingBlanks(cells: readonly string[]): string[] {
  let end = cells.length;
  while (end > 0 && cells[end - 1] === '') end--;
  return cells.slice(0, end);
}

async function readXlsx(bytes: Uint8Array, limits: XlsxLimits): Promise<OrderTable> {
  // An .ods is a ZIP too; its first entry, stored uncompressed, names its type.
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, 120));
  if (head.includes('application/vnd.oasis.opendocument')) throw new OrderFileError('otherFormat', MESSAGES.ods);
  // Judged by its directory before a byte is inflated; what exceljs gets has nothing left to inflate.
  const checked = checkedXlsx(bytes, limits);
  // exceljs is loaded on the first .xlsx, not with the station: importing it costs about 300 ms, which every start of
  // the station (and every test file that makes one) would pay for a bench that may never open an Excel file.
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  try {
    // A copy of exactly these bytes: a Node Buffer may be a view into a larger shared pool.
    await workbook.xlsx.load(checked.slice().buffer);
  } catch {
    throw new OrderFileError('damaged', MESSAGES.damaged);
  }
  // Visible sheets first: a hidden one holds lookups and settings, not the orders.
  const sheets = [...workbook.worksheets].sort((a, b) => Number(a.state !== 'visible') - Number(b.state !== 'visible'));
  for (const sheet of sheets) {
    const rows: OrderTableRow[] = [];
    sheet.eachRow({ includeEmpty: false }, (row, rowNumber) => {
      const cells: string[] = [];
      row.eachCell({ includeEmpty: false }, (cell, column) => {
        // A merged range shows its text once, in its top-left cell.
        cells[column - 1] =
          cell.isMerged && cell.master !== cell ? '' : withoutTextMark(withoutControls(valueText(cell.value)).trim());
      });
      rows.push({ line: rowNumber, cells: Array.from(cells, (cell) => cell ?? '') });
    });
    if (rows.some((row) => !isBlank(row.cells))) return withDamage({ format: 'xlsx', ...tableOf(rows) });
  }
  throw new OrderFileError('empty', MESSAGES.empty);
}

/**
 * A cell as Excel shows it: a number without exponent or float noise (0.1+0.2 → "0.3"), a date as YYYY-MM-DD, rich
 * text and hyperlinks as their text, a formula as its saved result, an error as ''. A boolean is VERO/FALSO, the
 * text an Italian Excel shows and writes when it saves the same sheet as CSV, so both files read the same.
 */
function valueText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return numberText(value);
  if (typeof value === 'boolean') return value ? 'VERO' : 'FALSO';
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : value.toISOString().slice(0, 10);
  if (typeof value !== 'object') return '';
  if ('richText' in value && Array.isArray(value.richText)) {
    return value.richText.map((run: unknown) => (isRun(run) ? run.text : '')).join('');
  }
  if ('formula' in value || 'sharedFormula' in value) return 'result' in value ? valueText(value.result) : '';
  if ('text' in value) return valueText(value.text);
  return '';
}

const isRun = (run: unknown): run is { text: string } =>
  typeof run === 'object' && run !== null && 'text' in run && typeof run.text === 'string';

function numberText(value: number): string {
  if (!Number.isFinite(value)) return '';
  const clean = Number(value.toPrecision(15));
  const plain = String(clean);
  return plain.includes('e')
    ? clean.toLocaleString('en-US', { useGrouping: false, maximumSignificantDigits: 15 })
    : plain;
}
