// The folder a shop program drops order files into: each file, once complete and claimed by this bench
// (folderWatch.ts), is imported without a click when its layout's columns are known (remembered from a preview, or
// recognised: reference, name, address, postal code and city), then moved to `importati/`; a file that cannot be read
// goes to `scartati/` with the reason beside it. A file whose columns are not recognised is put back, named in the
// log, for the operator to open through the preview once (the mapping is then remembered).
import { randomBytes } from 'node:crypto';
import type { Caller, Engine } from '../../engine/index';
import { fieldLabel } from '../../shared/api/fieldLabels';
import type { StationEvent } from '../../shared/ipc/events';
import type { Log } from '../../shared/log';
import { entryField, type OrderField } from '../../shared/domain/orderColumns';
import { readOrderFileOffThread } from '../../orderFiles/offThread';
import { readOrdersInSlices } from '../../orderFiles/orderDrafts';
import { watchOrderFolder, type TakenFile, type Verdict } from '../../orderFiles/folderWatch';
import { codWords, keepOrders, keptCounts, keptNotes, mappingFor, yieldToLoop } from './fromFiles';
import { orderFileMaxBytes, stationOrderFileLimits } from './fileLimits';
import { SETTING_KEYS } from '../settings/keys';
import { errorMessage } from '../../shared/errorMessage';

export interface FolderImport {
  at: number;
  file: string;
  added: number;
  /** Orders already waiting that the file corrected (older log entries have none). */
  updated?: number;
  duplicates: number;
  invalid: number;
  /** The rows not kept, a line each ("riga 7 (ORD-1003): rcpt_email: …"), the first MAX_REJECTED of them. */
  rejected?: string[];
  /** What the file did to orders already here (corrected, unchanged, shipped), a line each, the first MAX_NOTES. */
  notes?: string[];
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

/** This bench's id in the folder's claim subfolder: made once, kept with the bench's settings. */
export function folderBenchId(engine: Engine): string {
  const saved = engine.settings.get(SETTING_KEYS.orderFolderBench);
  if (saved) return saved;
  const made = randomBytes(4).toString('hex');
  engine.settings.set(SETTING_KEYS.orderFolderBench, made);
  return made;
}

export function startOrderFolder(
  engine: Engine,
  caller: Caller,
  dir: string,
  emit: (event: StationEvent) => void,
  options: { everyMs?: number; log?: Log } = {},
): { stop(): Promise<void>; scanNow(): Promise<void> } {
  const note = (entry: FolderImport) => {
    engine.settings.set(LOG_KEY, JSON.stringify([entry, ...folderLog(engine)].slice(0, LOG_SIZE)));
    emit({ name: 'orders.changed', payload: {} });
  };
  const nothing = { added: 0, duplicates: 0, invalid: 0 };
  const importFile = async ({ name: file, bytes }: TakenFile): Promise<Verdict> => {
    const at = Date.now();
    let table;
    try {
      // On a thread of its own, with the bench's limits: a hostile file ends that thread, not the station.
      table = await readOrderFileOffThread(bytes, file, stationOrderFileLimits(engine));
    } catch (error) {
      const reason = errorMessage(error);
      return { to: 'scartati', reason, settled: () => note({ at, file, ...nothing, error: reason }) };
    }
    const { mapping } = mappingFor(engine, table.headers);
    const missing = NEEDED.filter((field) => !mapping.some((entry) => entryField(entry) === field));
    if (missing.length > 0) {
      const error = `Colonne non riconosciute (${missing.join(', ')}): aprire il file da «Importa ordini» una volta`;
      const already = folderLog(engine).some((entry) => entry.file === file && entry.error);
      return { to: 'back', settled: () => (already ? undefined : note({ at, file, ...nothing, error })) };
    }
    const reads = await readOrdersInSlices(
      table,
      mapping,
      { clientId: caller.clientIds[0] ?? 0, codWords: codWords(engine) },
      yieldToLoop,
    );
    const kept = await keepOrders(engine, caller, reads, file);
    const total = keptCounts(kept);
    const rejected = kept.invalid.slice(0, MAX_REJECTED).map((issue) => {
      // Each field as the screens label it, never by its name in the API.
      const why = Object.entries(issue.errors).map(([field, { message }]) => `${fieldLabel(field)}: ${message}`);
      return `riga ${issue.line}${issue.orderRef ? ` (${issue.orderRef})` : ''}: ${why.join('; ')}`;
    });
    const notes = keptNotes(kept);
    for (const line of notes) options.log?.warn(`${file}: ${line}`);
    // The rows not kept are named, so the shop can send them again corrected (the file itself is in importati/).
    const entry = {
      at,
      file,
      ...total,
      ...(rejected.length > 0 ? { rejected } : {}),
      ...(notes.length ? { notes } : {}),
    };
    return { to: 'importati', settled: () => note(entry) };
  };
  return watchOrderFolder(dir, {
    bench: folderBenchId(engine),
    onFile: importFile,
    onSetAside: (file, reason) => note({ at: Date.now(), file, ...nothing, error: `Messo in scartati/: ${reason}` }),
    everyMs: options.everyMs,
    maxBytes: () => orderFileMaxBytes(engine),
    log: options.log,
  });
}
