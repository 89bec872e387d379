// Order files at the bench: a file is read into rows, its columns mapped (the mapping remembered per
// file layout), each order checked by the engine with the form's rules beside what the file itself gets wrong, shown
// as a preview with fixes per cell and the orders paid on delivery in view, and kept as orders waiting only when the
// operator confirms. The file is read on a thread of its own; big files are checked and kept in slices,
// yielding between them, so the station keeps answering and the screen shows progress. Previews are few and
// short-lived: each holds its whole file's rows.
import { randomUUID } from 'node:crypto';
import type { Engine, Caller } from '../../engine/index';
import type { ImportPreview, ImportProblem, ImportResult } from '../../shared/ipc/orderCommands';
import type { StationEvent } from '../../shared/ipc/events';
import type { OrderIssues } from '../../shared/domain/orders';
import type { ColumnMapping, OrderField } from '../../shared/domain/orderColumns';
import type { OrderFileLimitsInput } from '../../orderFiles/fileLimits';
import { readOrderFileOffThread } from '../../orderFiles/offThread';
import type { OrderTable } from '../../orderFiles/readFile';
import { readOrdersInSlices, type ReadOrder } from '../../orderFiles/orderDrafts';
import {
  checkOrders,
  codWords,
  keepOrders,
  keptCounts,
  keptNotes,
  layoutSettingKey,
  mappingFor,
  rememberedText,
  yieldToLoop,
} from './fromFiles';
import { checkOrdersShared, type SharedChecks } from './sharedChecks';
import { stationOrderFileLimits } from './fileLimits';

/** Problem rows and orders paid on delivery sent to the screen at most (the counts say how many there are). */
const MAX_PROBLEMS = 300;
const MAX_COD = 300;
const SAMPLE = 10;
/**
 * An import not confirmed within this time is forgotten (its file's rows stay in the station's memory until then), and
 * at most this many are kept, the least recently used forgotten first: a 100,000-row preview holds about 76 MB.
 */
export const PREVIEW_TTL_MS = 10 * 60_000;
export const MAX_PREVIEWS = 2;

interface Session {
  id: string;
  fileName: string;
  table: OrderTable;
  mapping: ColumnMapping;
  remembered: boolean;
  clientId: number;
  /** Cells corrected in the preview: row line → field → text. */
  fixes: Map<number, Map<OrderField, string>>;
  reads: ReadOrder[];
  issues: OrderIssues[];
  touched: number;
}

export interface OrderImports {
  preview(input: { fileName: string; bytes: Uint8Array; clientId?: number }): Promise<ImportPreview>;
  remap(importId: string, mapping: ColumnMapping, clientId?: number): Promise<ImportPreview | undefined>;
  fix(importId: string, line: number, field: OrderField, value: string): Promise<ImportPreview | undefined>;
  commit(importId: string): Promise<ImportResult | undefined>;
  cancel(importId: string): void;
}

const hasErrors = (issues: OrderIssues | undefined) => Object.keys(issues?.errors ?? {}).length > 0;

function previewOf(session: Session): ImportPreview {
  const problems: ImportProblem[] = [];
  const corrected: ImportPreview['corrected'] = [];
  const sample: ImportPreview['sample'] = [];
  const cod: ImportPreview['cod'] = [];
  let problemCount = 0;
  let codCount = 0;
  session.reads.forEach(({ draft, cells }, i) => {
    const issues = session.issues[i];
    const row = { line: draft.line, orderRef: draft.orderRef, cells };
    if (hasErrors(issues)) {
      problemCount += 1;
      if (problems.length < MAX_PROBLEMS) problems.push({ ...row, errors: issues?.errors ?? {} });
    } else {
      if (sample.length < SAMPLE) sample.push(row);
      if (session.fixes.has(draft.line) && corrected.length < MAX_PROBLEMS) corrected.push(row);
    }
    const amount = Number(draft.values.contrassegno ?? '0');
    if (amount > 0) {
      codCount += 1;
      if (cod.length < MAX_COD) cod.push({ ...row, amount: draft.values.contrassegno ?? '' });
    }
  });
  return {
    importId: session.id,
    fileName: session.fileName,
    format: session.table.format,
    encoding: session.table.encoding ?? '',
    damagedLines: session.table.damagedLines,
    headers: session.table.headers,
    mapping: session.mapping,
    remembered: session.remembered,
    clientId: session.clientId,
    rows: session.table.rows.length,
    orders: session.reads.length,
    valid: session.reads.length - problemCount,
    sample,
    problems,
    corrected,
    problemCount,
    cod,
    codCount,
  };
}

export function createOrderImports(
  engine: Engine,
  caller: Caller,
  emit: (event: StationEvent) => void,
  now: () => number = Date.now,
  /** The reader's bounds but the file size (a bench setting): the tests lower them to reach them quickly. */
  limits: OrderFileLimitsInput = {},
  /** The order-check thread the preview's checks are shared with, when the station has one. */
  shared?: SharedChecks,
): OrderImports {
  const sessions = new Map<string, Session>();
  const forgetExpired = () => {
    for (const [id, session] of sessions) if (now() - session.touched > PREVIEW_TTL_MS) sessions.delete(id);
  };
  /** Room for one more preview. */
  const makeRoom = () => {
    forgetExpired();
    while (sessions.size >= MAX_PREVIEWS) {
      const oldest = [...sessions.values()].sort((a, b) => a.touched - b.touched)[0];
      if (!oldest) break;
      sessions.delete(oldest.id);
    }
  };
  // An expired preview's rows are let go when it expires, not when the next file comes; the timer never keeps the
  // process alive.
  let sweep: NodeJS.Timeout | undefined;
  const sweepLater = () => {
    if (sweep || sessions.size === 0) return;
    const oldest = Math.min(...[...sessions.values()].map((session) => session.touched));
    sweep = setTimeout(
      () => {
        sweep = undefined;
        forgetExpired();
        sweepLater();
      },
      Math.max(0, oldest + PREVIEW_TTL_MS - now()) + 1_000,
    ).unref();
  };
  const defaultClient = () => caller.clientIds[0] ?? 0;
  // Read in slices: 100,000 rows take about 2 s, and the station answers between slices.
  const read = (session: Session) =>
    readOrdersInSlices(
      session.table,
      session.mapping,
      { clientId: session.clientId, fixes: session.fixes, codWords: codWords(engine) },
      yieldToLoop,
    );

  /** Checks every order of the session again, in slices, telling the screen how far it got. */
  const checkAll = async (session: Session) => {
    session.reads = await read(session);
    session.issues = await checkOrdersShared(engine, caller, session.reads, shared, (done, total) =>
      emit({ name: 'orders.progress', payload: { importId: session.id, phase: 'check', done, total } }),
    );
  };

  const touch = (importId: string) => {
    forgetExpired();
    const session = sessions.get(importId);
    if (session) session.touched = now();
    return session;
  };

  return {
    async preview({ fileName, bytes, clientId }) {
      makeRoom();
      const table = await readOrderFileOffThread(bytes, fileName, stationOrderFileLimits(engine, limits));
      makeRoom();
      const { mapping, remembered } = mappingFor(engine, table.headers);
      const session: Session = {
        id: randomUUID(),
        fileName,
        table,
        mapping,
        remembered,
        clientId: clientId ?? defaultClient(),
        fixes: new Map(),
        reads: [],
        issues: [],
        touched: now(),
      };
      sessions.set(session.id, session);
      sweepLater();
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
      const at = session.reads.findIndex((r) => r.draft.line === line);
      const regroups = field === 'order_ref' || field === 'client_id' || at < 0;
      if (regroups) await checkAll(session);
      else {
        // Only the order this row belongs to can change: the others keep their check.
        session.reads = await read(session);
        const index = session.reads.findIndex((r) => r.draft.line === line);
        const order = session.reads[index];
        if (order) session.issues[index] = checkOrders(engine, caller, [order])[0] ?? session.issues[index]!;
      }
      return previewOf(session);
    },
    async commit(importId) {
      const session = touch(importId);
      if (!session) return undefined;
      sessions.delete(importId);
      const kept = await keepOrders(engine, caller, session.reads, session.fileName, (done, total) =>
        emit({ name: 'orders.progress', payload: { importId, phase: 'import', done, total } }),
      );
      // Remembered once its orders are kept: written before, it would have made the engine check them all again
      // (a write to the database is a change a check may read; orders/checkMemo.ts).
      engine.settings.set(layoutSettingKey(session.table.headers), rememberedText(session.mapping));
      emit({ name: 'orders.changed', payload: {} });
      return { ...keptCounts(kept), notes: keptNotes(kept) };
    },
    cancel(importId) {
      sessions.delete(importId);
    },
  };
}
