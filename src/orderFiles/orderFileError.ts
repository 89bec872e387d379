// Why an order file could not be read: `problem` for the program, a message in Italian for the
// operator, saying what to do where there is something to do. Every refusal of the order-file readers is here.
import type { FileKind } from './fileLimits';

export type OrderFileProblem =
  'unreadable' | 'oldExcel' | 'otherFormat' | 'damaged' | 'empty' | 'unclosedQuote' | 'tooLarge' | 'notAFile';

export class OrderFileError extends Error {
  override readonly name = 'OrderFileError';

  constructor(
    readonly problem: OrderFileProblem,
    message: string,
    /** The line the problem starts at, when it has one. */
    readonly line?: number,
  ) {
    super(message);
  }
}

const MB = 1024 * 1024;
/** "20 MB", "1,2 MB", "0,5 MB": the operator's unit, Italian decimals. */
export const megabytes = (bytes: number): string =>
  `${(bytes / MB).toLocaleString('it-IT', { maximumFractionDigits: bytes < 10 * MB ? 1 : 0 })} MB`;
const count = (n: number) => n.toLocaleString('it-IT');
const SPLIT = 'dividerlo in file più piccoli o salvarlo di nuovo come CSV';
const FOR_A: Record<FileKind, string> = {
  orders: "per un file d'ordini",
  products: 'per un elenco prodotti',
  remittances: 'per una distinta di contrassegni',
};

export const ORDER_FILE_MESSAGES = {
  unreadable: 'File non leggibile: non è un CSV né un file Excel (.xlsx)',
  oldExcel:
    'File Excel 97-2003 (.xls) o protetto da password: aprirlo in Excel e salvarlo come "Cartella di lavoro di ' +
    'Excel (.xlsx)" senza password, oppure come CSV',
  damaged: 'File Excel (.xlsx) danneggiato o incompleto: salvarlo di nuovo da Excel, come .xlsx o come CSV',
  empty: 'Il file non contiene righe: nessun ordine da leggere',
  ods: 'Foglio LibreOffice/OpenOffice (.ods): salvarlo come .xlsx o come CSV',
  utf16: 'Testo Unicode (UTF-16), come lo salva Excel con "Testo Unicode": salvarlo come "CSV UTF-8" o come .xlsx',
  markup: 'Pagina HTML o XML salvata come foglio di calcolo: aprirla in Excel e salvarla come .xlsx o come CSV',
  pdf: 'È un PDF, non un elenco di ordini: serve il CSV o il file Excel (.xlsx) esportato dal gestionale',
  unclosedQuote: (line: number) =>
    `Virgolette aperte e mai chiuse alla riga ${line}: il resto del file finirebbe in una sola cella`,
  fileSize: (size: number, limit: number, kind: FileKind = 'orders') =>
    `File di ${megabytes(size)}, oltre il limite di ${megabytes(limit)} ${FOR_A[kind]}: ${SPLIT}`,
  rows: (rows: number, limit: number, kind: FileKind = 'orders') =>
    `Il file ha ${count(rows)} righe, oltre il limite di ${count(limit)} ${FOR_A[kind]}: ${SPLIT}`,
  notAFile: 'Non è un file normale (collegamento, cartella o dispositivo): non viene letto',
  zip64: `File Excel (.xlsx) in formato ZIP64, usato solo per file enormi: file troppo grande o danneggiato; ${SPLIT}`,
  xlsxEntries: (entries: number, limit: number) =>
    `File Excel (.xlsx) di ${count(entries)} parti interne, oltre il limite di ${count(limit)}: file troppo grande ` +
    `o danneggiato; ${SPLIT}`,
  xlsxEntry: (name: string, size: number, limit: number) =>
    `File Excel (.xlsx) la cui parte "${name}" una volta aperta occuperebbe ${megabytes(size)}, oltre il limite di ` +
    `${megabytes(limit)}: file troppo grande o danneggiato; ${SPLIT}`,
  xlsxRatio: (name: string, ratio: number, limit: number) =>
    `File Excel (.xlsx) la cui parte "${name}" si espande ${count(Math.round(ratio))} volte (al massimo ${limit}): ` +
    `file danneggiato o costruito per bloccare la postazione; salvarlo di nuovo da Excel o come CSV`,
  xlsxTotal: (limit: number) =>
    `File Excel (.xlsx) che una volta aperto occuperebbe più di ${megabytes(limit)}: file troppo grande o ` +
    `danneggiato; ${SPLIT}`,
  memory: (limitMb: number) =>
    `File troppo grande o danneggiato: la lettura ha superato la memoria concessa (${limitMb} MB) ed è stata ` +
    `interrotta; ${SPLIT}`,
  timeout: (ms: number) =>
    `File troppo grande o danneggiato: la lettura non è finita in ${Math.round(ms / 1000)} s ed è stata interrotta; ` +
    SPLIT,
  stopped: (reason: string) => `File troppo grande o danneggiato: la lettura si è interrotta (${reason})`,
};
