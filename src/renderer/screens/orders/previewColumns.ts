// What the order file preview shows: the choice each column's select holds (a field, a part of one, or
// the fallback of one) and the cells of the correction grid, which offer every field a problem row lacks, mapped or
// not, so that "rcpt_phone: obbligatorio" always comes with a phone cell to type into; and the grid's rows, the one
// being corrected kept until the operator goes to another.
import {
  entryField,
  ORDER_FIELDS,
  OrderFieldSchema,
  type ColumnMapping,
  type OrderField,
} from '../../../shared/domain/orderColumns';
import type { ImportPreview, ImportProblem } from '../../../shared/ipc/orderCommands';
import type { MapRole } from '../../stores/ordersStore';

/** The select's value: '' not read, "rcpt_name" the field, "+rcpt_name" a part of it, "?rcpt_name" its fallback. */
export function choiceOf(mapping: ColumnMapping, column: number): string {
  const entry = mapping[column];
  if (entry === undefined || entry === '') return '';
  if (typeof entry === 'object') return `?${entry.fallback}`;
  return mapping.indexOf(entry) < column ? `+${entry}` : entry;
}

export function parseChoice(value: string): { field: OrderField | ''; role: MapRole } {
  const role: MapRole = value.startsWith('+') ? 'part' : value.startsWith('?') ? 'fallback' : 'only';
  const parsed = OrderFieldSchema.safeParse(role === 'only' ? value : value.slice(1));
  return { field: parsed.success ? parsed.data : '', role };
}

/** Fields with a column, in the vocabulary's order. */
export function mappedFields(mapping: ColumnMapping): OrderField[] {
  const fields = new Set(mapping.map(entryField));
  return ORDER_FIELDS.map((info) => info.field).filter((field) => fields.has(field));
}

const isOrderField = (key: string): key is OrderField => OrderFieldSchema.safeParse(key).success;

/** The grid's columns: every mapped field, the amount to collect, and any field a problem row is refused for. */
export function gridFields(preview: ImportPreview): OrderField[] {
  const wanted = new Set<string>(mappedFields(preview.mapping));
  for (const problem of preview.problems) {
    for (const key of [...Object.keys(problem.errors), ...Object.keys(problem.cells)]) wanted.add(key);
  }
  return ORDER_FIELDS.map((info) => info.field).filter((field) => wanted.has(field) && isOrderField(field));
}

/**
 * The grid's rows: every problem row, and the row being corrected once it passes, which stays (with no issue left)
 * until the operator goes to another row, so a fix never pulls the row from under the keyboard or the pointer.
 */
export function gridRows(preview: ImportPreview, editing: number | undefined): ImportProblem[] {
  const kept = preview.corrected.find((row) => row.line === editing);
  if (!kept || preview.problems.some((p) => p.line === editing)) return preview.problems;
  return [...preview.problems, { ...kept, errors: {} }].sort((a, b) => a.line - b.line);
}
