// The folder a shop program drops order files into: each file, once it has stopped growing, is imported
// without a click when its layout's columns are known (remembered from a preview, or recognised: reference, name,
// address, postal code and city), then moved to `importati/`. A file whose columns are not recognised stays where it
// is, named in the log, for the operator to open through the preview once (the mapping is then remembered).
import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import type { Caller, Engine } from '../engine/index';
import type { StationEvent } from '../shared/ipc/events';
import { entryField, type OrderField } from '../shared/domain/orderColumns';
import { readOrderTable } from '../orderFiles/readFile';
import { readOrders } from '../orderFiles/orderDrafts';
import { moveToDone, watchOrderFolder } from '../orderFiles/folderWatch';
import { codWords, keepOrders, mappingFor } from './importedOrders';

export interface FolderImport {
  at: number;
  file: string;
  added: number;
  duplicates: number;
  invalid: number;
  /** The rows not kept, a line each ("riga 7 (ORD-1003): rcpt_email: …"), the first MAX_REJECTED of them. */
  rejected?: string[];
  error?: string;
}

const LOG_KEY = 'orders.folderLog';
const LOG_SIZE = 20;
const MAX_REJECTED = 20;
/** Without these the rows cannot become orders a bench can ship: the file waits for a person. */
const NEEDED: readonly OrderField[] = ['order_ref', 'rcpt_name', 'rcpt_addr', 'rcpt_cap', 'rcpt_city'];

export function folderLog(engine: Engine): FolderImport[] {
  try {
    const parsed = JSON.parse(engine.settings.get(LOG_KEY) ?? '[]') as unknown;
    return Array.isArray(parsed) ? (parsed as FolderImport[]) : [];
  } catch {
    return [];
  }
}

export function startOrderFolder(
  engine: Engine,
  caller: Caller,
  dir: string,
  emit: (event: StationEvent) => void,
  options: { everyMs?: number; log?(line: string): void } = {},
): { stop(): Promise<void>; scanNow(): Promise<void> } {
  const note = (entry: FolderImport) => {
    engine.settings.set(LOG_KEY, JSON.stringify([entry, ...folderLog(engine)].slice(0, LOG_SIZE)));
    emit({ name: 'orders.changed', payload: {} });
  };
  const importFile = async (path: string) => {
    const file = basename(path);
    const at = Date.now();
    let table;
    try {
      table = await readOrderTable(await readFile(path), file);
    } catch (error) {
      note({
        at,
        file,
        added: 0,
        duplicates: 0,
        invalid: 0,
        error: error instanceof Error ? error.message : String(error),
      });
      moveToDone(path, 'scartati');
      return;
    }
    const { mapping } = mappingFor(engine, table.headers);
    const missing = NEEDED.filter((field) => !mapping.some((entry) => entryField(entry) === field));
    if (missing.length > 0) {
      const already = folderLog(engine).some((entry) => entry.file === file && entry.error);
      if (!already)
        note({
          at,
          file,
          added: 0,
          duplicates: 0,
          invalid: 0,
          error: `Colonne non riconosciute (${missing.join(', ')}): aprire il file da «Importa ordini» una volta`,
        });
      return;
    }
    const reads = readOrders(table, mapping, { clientId: caller.clientIds[0] ?? 0, codWords: codWords(engine) });
    const kept = await keepOrders(engine, caller, reads, file);
    const total = { added: kept.added, duplicates: kept.duplicates, invalid: kept.invalid.length };
    const rejected = kept.invalid.slice(0, MAX_REJECTED).map((issue) => {
      const why = Object.entries(issue.errors).map(([field, { message }]) => `${field}: ${message}`);
      return `riga ${issue.line}${issue.orderRef ? ` (${issue.orderRef})` : ''}: ${why.join('; ')}`;
    });
    moveToDone(path);
    // The rows not kept are named, so the shop can send them again corrected (the file itself is in importati/).
    note({ at, file, ...total, ...(rejected.length > 0 ? { rejected } : {}) });
  };
  return watchOrderFolder(dir, { onFile: importFile, everyMs: options.everyMs, log: options.log });
}
