// Cash on delivery at the bench: the report, a courier's payment typed, its remittance list read off the station's
// thread (the order files' reader, sized for a remittance list) then matched by the engine, and the report exported.
// The file is read again when it is saved: what is saved is matched against the parcels as they are then.
import { createHash } from 'node:crypto';
import type { Engine } from '../../engine/index';
import { readOrderFileOffThread } from '../../orderFiles/offThread';
import { OrderFileError } from '../../orderFiles/readFile';
import { remittanceLines, writeCodReportCsv } from '../../orderFiles/remittanceFile';
import type { CodFilter, RemittanceLine } from '../../shared/domain/cod';
import { formats } from '../../shared/format';
import { fail, ok } from '../../shared/ipc/result';
import type { Handlers } from './context';

type CodCommand = 'cod.report' | 'cod.pay' | 'cod.previewFile' | 'cod.importFile' | 'cod.export';

const IT = formats('it');
/** An instant as the bench's day, dd/mm/yyyy. */
const benchDay = (ms: number) => IT.localDateTime(new Date(ms)).slice(0, 10);

/** The list's lines and the hash of its bytes, or why it cannot be read as a remittance list. */
async function readRemittance(
  base64: string,
  fileName: string,
): Promise<{ lines: RemittanceLine[]; hash: string } | { message: string }> {
  const bytes = Buffer.from(base64, 'base64');
  const hash = createHash('sha256').update(bytes).digest('hex');
  try {
    const table = await readOrderFileOffThread(new Uint8Array(bytes), fileName, { kind: 'remittances' }, true);
    const read = remittanceLines(table);
    return 'error' in read ? { message: read.error } : { lines: read.lines, hash };
  } catch (error) {
    if (error instanceof OrderFileError) return { message: error.message };
    throw error;
  }
}

function couriersOf(engine: Engine, report: ReturnType<Engine['cod']['report']>) {
  const named = new Map(engine.couriers().map((c) => [c.id, c.name]));
  for (const p of report.parcels) if (!named.has(p.courier)) named.set(p.courier, p.courierName);
  return [...named].map(([id, name]) => ({ id, name }));
}

const fileNameOf = (filter: CodFilter, ext: string) =>
  `contrassegni${filter.courier === undefined ? '' : `-${filter.courier}`}` +
  `${filter.from ? `-${filter.from}` : ''}${filter.to ? `-${filter.to}` : ''}.${ext}`;

export const codHandlers: Handlers<CodCommand> = {
  'cod.report'({ station }, filter) {
    const report = station.engine.cod.report(station.caller, filter);
    return ok({ report, couriers: couriersOf(station.engine, report) });
  },
  'cod.pay'({ station }, payment) {
    const paid = station.engine.cod.record(station.caller, payment);
    return paid.ok ? ok({ paidCents: paid.paidCents, parcels: paid.parcels }) : fail('invalid', paid.message);
  },
  async 'cod.previewFile'({ station }, { base64, fileName, courier }) {
    const read = await readRemittance(base64, fileName);
    if ('message' in read) return fail('invalid', read.message);
    return ok(station.engine.cod.preview(station.caller, courier, read.lines, read.hash));
  },
  async 'cod.importFile'({ station }, { base64, fileName, courier, paidOn, reference }) {
    const read = await readRemittance(base64, fileName);
    if ('message' in read) return fail('invalid', read.message);
    const file = { courier, paidOn, reference, fileName, fileHash: read.hash, lines: read.lines };
    const alreadyImported = station.engine.cod.preview(station.caller, courier, [], read.hash).importedAt !== null;
    const paid = station.engine.cod.importFile(station.caller, file);
    if (!paid.ok) return fail('invalid', paid.message);
    return ok({ paidCents: paid.paidCents, parcels: paid.parcels, alreadyImported });
  },
  async 'cod.export'({ station }, { format, ...filter }) {
    if (format === 'csv') {
      const report = station.engine.cod.report(station.caller, filter);
      return ok({ fileName: fileNameOf(filter, 'csv'), text: writeCodReportCsv(report, benchDay), base64: '' });
    }
    const pdf = await station.engine.cod.reportPdf(station.caller, filter);
    return ok({ fileName: fileNameOf(filter, 'pdf'), text: '', base64: Buffer.from(pdf).toString('base64') });
  },
};
