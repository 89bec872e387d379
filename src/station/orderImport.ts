// Order files at the bench (issue 15): a file is read into rows, its columns mapped (the mapping remembered per file
// layout), each order checked by the engine with the form's rules, shown as a preview with fixes per cell, and kept as
// orders waiting only when the operator confirms. Big files are checked and kept in slices, yielding between them, so
// the station keeps answering and the screen shows progress.
import { randomUUID } from 'node:crypto';
import type { Engine, Caller } from '../engine/index';
import type { ImportPreview, ImportProblem } from '../shared/ipc/benchCommands';
import type { StationEvent } from '../shared/ipc/events';
import type { OrderDraft, OrderIssues, OrderLine } from '../shared/domain/orders';
import { guessMapping, italianNumber, layoutKey, type OrderField } from '../shared/domain/orderColumns';
import { readOrderTable, type OrderTable } from '../orders/readFile';

/** Rows checked or kept between two yields to the event loop. */
const SLICE = 100;
/** Problem rows sent to the screen at most (the count says how many there are). */
const MAX_PROBLEMS = 300;
const SAMPLE = 10;
/** An import not confirmed within this time is forgotten (its file stays in the station's memory until then). */
const SESSION_TTL_MS = 30 * 60_000;
const MAX_SESSIONS = 4;

/** Form fields whose text is a decimal number: an Italian "1.234,5" becomes "1234.5" before the form's rules. */
const DECIMAL_FIELDS: ReadonlySet<string> = new Set(['peso', 'contrassegno', 'valore']);
const NOT_FORM_FIELDS: ReadonlySet<OrderField> = new Set([
  'order_ref',
  'client_id',
  'line_sku',
  'line_description',
  'line_qty',
] as OrderField[]);

type Mapping = (OrderField | '')[];

interface Session {
  id: string;
  fileName: string;
  table: OrderTable;
  mapping: Mapping;
  remembered: boolean;
  clientId: number;
  /** Cells corrected in the preview: row line → field → text. */
  fixes: Map<number, Map<OrderField, string>>;
  drafts: OrderDraft[];
  issues: OrderIssues[];
  touched: number;
}

const yieldToLoop = () => new Promise<void>((done) => setImmediate(done));

export const layoutSettingKey = (headers: readonly string[]) => `orders.layout.${layoutKey(headers)}`;

/** The mapping remembered for this layout (when it still fits the headers), or the best guess. */
export function mappingFor(engine: Engine, headers: readonly string[]): { mapping: Mapping; remembered: boolean } {
  const saved = engine.settings.get(layoutSettingKey(headers));
  if (saved) {
    try {
      const parsed = JSON.parse(saved) as unknown;
      if (Array.isArray(parsed) && parsed.length === headers.length)
        return { mapping: parsed as Mapping, remembered: true };
    } catch {
      // A damaged entry is a layout never seen: guess again.
    }
  }
  return { mapping: guessMapping(headers), remembered: false };
}

/**
 * The orders in a table: rows that share a client and reference are one order (a shop export lists an order once per
 * line item), its first row giving the recipient and every row a line.
 */
export function draftsOf(
  table: OrderTable,
  mapping: Mapping,
  defaultClientId: number,
  fixes: ReadonlyMap<number, ReadonlyMap<OrderField, string>> = new Map(),
): OrderDraft[] {
  const column = new Map<OrderField, number>();
  mapping.forEach((field, index) => {
    if (field !== '' && !column.has(field)) column.set(field, index);
  });
  const drafts: OrderDraft[] = [];
  const byKey = new Map<string, OrderDraft>();
  for (const row of table.rows) {
    const fixed = fixes.get(row.line);
    const cell = (field: OrderField): string => {
      const index = column.get(field);
      return (fixed?.get(field) ?? (index === undefined ? '' : (row.cells[index] ?? ''))).trim();
    };
    const orderRef = cell('order_ref');
    const clientText = cell('client_id');
    const clientId = clientText === '' ? defaultClientId : Number(clientText);
    const line = orderLine(cell('line_description'), cell('line_sku'), cell('line_qty'));
    const key = `${clientId}|${orderRef}`;
    const existing = orderRef === '' ? undefined : byKey.get(key);
    if (existing) {
      if (line) existing.lines.push(line);
      continue;
    }
    const values: Record<string, string> = {};
    for (const [field] of column) {
      if (NOT_FORM_FIELDS.has(field)) continue;
      const text = cell(field);
      if (text === '') continue;
      const number = DECIMAL_FIELDS.has(field) ? italianNumber(text) : undefined;
      values[field] = number === undefined ? text : String(number);
    }
    const draft: OrderDraft = {
      line: row.line,
      clientId: Number.isInteger(clientId) && clientId > 0 ? clientId : 0,
      orderRef,
      values,
      lines: line ? [line] : [],
    };
    drafts.push(draft);
    if (orderRef !== '') byKey.set(key, draft);
  }
  return drafts;
}

function orderLine(description: string, sku: string, qty: string): OrderLine | undefined {
  if (description === '' && sku === '') return undefined;
  const count = italianNumber(qty);
  return {
    description: (description || sku).slice(0, 200),
    ...(sku ? { sku: sku.slice(0, 60) } : {}),
    qty: count !== undefined && count > 0 ? count : 1,
  };
}

export interface OrderImports {
  preview(input: { fileName: string; bytes: Uint8Array; clientId?: number }): Promise<ImportPreview>;
  remap(importId: string, mapping: Mapping, clientId?: number): Promise<ImportPreview | undefined>;
  fix(importId: string, line: number, field: OrderField, value: string): Promise<ImportPreview | undefined>;
  commit(importId: string): Promise<{ added: number; duplicates: number; invalid: number } | undefined>;
  cancel(importId: string): void;
}

export function createOrderImports(
  engine: Engine,
  caller: Caller,
  emit: (event: StationEvent) => void,
  now: () => number = Date.now,
): OrderImports {
  const sessions = new Map<string, Session>();
  const forgetOld = () => {
    for (const [id, session] of sessions) if (now() - session.touched > SESSION_TTL_MS) sessions.delete(id);
    while (sessions.size >= MAX_SESSIONS) {
      const oldest = [...sessions.values()].sort((a, b) => a.touched - b.touched)[0];
      if (!oldest) break;
      sessions.delete(oldest.id);
    }
  };
  const defaultClient = () => caller.clientIds[0] ?? 0;

  /** Checks every draft of the session again, in slices, telling the screen how far it got. */
  const checkAll = async (session: Session) => {
    session.drafts = draftsOf(session.table, session.mapping, session.clientId, session.fixes);
    const issues: OrderIssues[] = [];
    for (let start = 0; start < session.drafts.length; start += SLICE) {
      issues.push(...engine.orders.check(caller, session.drafts.slice(start, start + SLICE)));
      emit({
        name: 'orders.progress',
        payload: {
          importId: session.id,
          phase: 'check',
          done: Math.min(start + SLICE, session.drafts.length),
          total: session.drafts.length,
        },
      });
      await yieldToLoop();
    }
    session.issues = issues;
  };

  const previewOf = (session: Session): ImportPreview => {
    const cellsOf = (draft: OrderDraft): Record<string, string> => {
      const row = session.table.rows.find((r) => r.line === draft.line);
      const fixed = session.fixes.get(draft.line);
      const cells: Record<string, string> = {};
      session.mapping.forEach((field, index) => {
        if (field !== '' && !(field in cells)) cells[field] = fixed?.get(field) ?? row?.cells[index] ?? '';
      });
      for (const [field, text] of fixed ?? []) cells[field] = text;
      return cells;
    };
    const problems: ImportProblem[] = [];
    const sample: ImportPreview['sample'] = [];
    let problemCount = 0;
    session.drafts.forEach((draft, i) => {
      const errors = session.issues[i]?.errors ?? {};
      if (Object.keys(errors).length > 0) {
        problemCount += 1;
        if (problems.length < MAX_PROBLEMS)
          problems.push({ line: draft.line, orderRef: draft.orderRef, cells: cellsOf(draft), errors });
      } else if (sample.length < SAMPLE)
        sample.push({ line: draft.line, orderRef: draft.orderRef, cells: cellsOf(draft) });
    });
    return {
      importId: session.id,
      fileName: session.fileName,
      format: session.table.format,
      encoding: session.table.encoding ?? '',
      headers: session.table.headers,
      mapping: session.mapping,
      remembered: session.remembered,
      clientId: session.clientId,
      rows: session.table.rows.length,
      orders: session.drafts.length,
      valid: session.drafts.length - problemCount,
      sample,
      problems,
      problemCount,
    };
  };

  const touch = (importId: string) => {
    const session = sessions.get(importId);
    if (session) session.touched = now();
    return session;
  };

  return {
    async preview({ fileName, bytes, clientId }) {
      forgetOld();
      const table = await readOrderTable(bytes, fileName);
      const { mapping, remembered } = mappingFor(engine, table.headers);
      const session: Session = {
        id: randomUUID(),
        fileName,
        table,
        mapping,
        remembered,
        clientId: clientId ?? defaultClient(),
        fixes: new Map(),
        drafts: [],
        issues: [],
        touched: now(),
      };
      sessions.set(session.id, session);
      await checkAll(session);
      return previewOf(session);
    },
    async remap(importId, mapping, clientId) {
      const session = touch(importId);
      if (!session) return undefined;
      session.mapping = session.table.headers.map((_, i) => mapping[i] ?? '');
      session.remembered = false;
      if (clientId !== undefined) session.clientId = clientId;
      await checkAll(session);
      return previewOf(session);
    },
    async fix(importId, line, field, value) {
      const session = touch(importId);
      if (!session) return undefined;
      const fixes = session.fixes.get(line) ?? new Map<OrderField, string>();
      fixes.set(field, value);
      session.fixes.set(line, fixes);
      const at = session.drafts.findIndex((d) => d.line === line);
      const regroups = field === 'order_ref' || field === 'client_id' || at < 0;
      if (regroups) await checkAll(session);
      else {
        // Only the order this row belongs to can change: the others keep their check.
        session.drafts = draftsOf(session.table, session.mapping, session.clientId, session.fixes);
        const index = session.drafts.findIndex((d) => d.line === line);
        const draft = session.drafts[index];
        if (draft) session.issues[index] = engine.orders.check(caller, [draft])[0] ?? session.issues[index]!;
      }
      return previewOf(session);
    },
    async commit(importId) {
      const session = touch(importId);
      if (!session) return undefined;
      sessions.delete(importId);
      engine.settings.set(layoutSettingKey(session.table.headers), JSON.stringify(session.mapping));
      let added = 0;
      let duplicates = 0;
      let invalid = 0;
      for (let start = 0; start < session.drafts.length; start += SLICE) {
        const kept = engine.orders.add(caller, session.drafts.slice(start, start + SLICE), session.fileName);
        added += kept.added;
        duplicates += kept.duplicates;
        invalid += kept.invalid.length;
        emit({
          name: 'orders.progress',
          payload: {
            importId,
            phase: 'import',
            done: Math.min(start + SLICE, session.drafts.length),
            total: session.drafts.length,
          },
        });
        await yieldToLoop();
      }
      emit({ name: 'orders.changed', payload: {} });
      return { added, duplicates, invalid };
    },
    cancel(importId) {
      sessions.delete(importId);
    },
  };
}
