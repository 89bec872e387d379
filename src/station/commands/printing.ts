// The printers at the bench: their views with the spooler's status, the list saved from the settings screen, a test
// page, labels (re)printed, and finding printers (a network printer checked, the system's queues listed).
import { otherIssue, type FieldIssues } from '../../shared/api/fieldIssues';
import { fail, failFields, ok } from '../../shared/ipc/result';
import type { PrinterView } from '../../shared/ipc/views';
import { queryEscposStatus } from '../../printing/transports/escpos';
import { parsePrinterUrl, printerUrlOf } from '../../printing/printerUrl';
import { NO_PRINTER_MESSAGE, probeNetworkPrinter } from '../../printing/discovery';
import { statusView } from '../../printing/transports/status';
import type { PrinterConfig } from '../../printing/types';
import { papersUnprinted } from '../../shared/domain/customsPapers';
import { shipmentPapers } from '../printing/customsPapers';
import type { Station } from '../index';
import { DATABASE_SETTING_KEYS } from '../settings/keys';
import type { Handlers } from './context';

const NO_LABEL_PRINTER = 'Nessuna stampante configurata';

/** How many of the day's shipments the status bar's reminder reads at most (the latest). */
const UNPRINTED_PAPERS_READ = 1_000;

export function printerViews(station: Station): PrinterView[] {
  return (station.printing?.printers ?? []).map((p) => {
    const status = station.printing?.spooler.status(p.id);
    return {
      id: p.id,
      name: p.name,
      language: p.language,
      dpi: p.dpi,
      ...(p.receiptModel ? { receiptModel: p.receiptModel } : {}),
      url: printerUrlOf(p.target),
      status: status ? statusView(status) : null,
    };
  });
}

export const printingHandlers: Handlers<
  | 'printing.printers'
  | 'printing.testPrint'
  | 'printing.printLabels'
  | 'printing.reprintLast'
  | 'printing.savePrinters'
  | 'printing.discover'
  | 'printing.probe'
  | 'printing.unprintedPapers'
> = {
  'printing.unprintedPapers'({ station }, { day }) {
    // The day's last ones first read: a bench's day is a few hundred parcels, each read from its own rows.
    const ids = station.engine.shipmentIdsCreatedOn(station.caller, day).slice(-UNPRINTED_PAPERS_READ);
    const papers = ids.map((shipmentId) => ({
      shipmentId,
      papers: shipmentPapers(station.engine, station.caller, station.printing, shipmentId),
    }));
    return ok(papers.filter((p) => papersUnprinted(p.papers)));
  },
  'printing.printers'({ station }) {
    return ok(printerViews(station));
  },
  'printing.testPrint'({ station }, { printerId }) {
    const jobId = station.printing?.testPrint(printerId);
    return jobId === undefined ? fail('not_found', 'Stampante di etichette non trovata') : ok({ jobId });
  },
  'printing.printLabels'({ station }, { ids, reprintReason }) {
    if (!station.printing) return fail('refused', NO_LABEL_PRINTER);
    return ok(station.printing.printLabels(ids, reprintReason ? { reprintReason } : {}));
  },
  'printing.reprintLast'({ station }, { reprintReason }) {
    const id = Number(station.engine.settings.get(DATABASE_SETTING_KEYS.lastSaved) ?? '');
    const record = Number.isInteger(id) && id > 0 ? station.engine.getShipment(station.caller, id) : undefined;
    if (!record || record.num_spedizione === '' || record.status !== 0) return ok({ shipment: null, queued: 0 });
    if (!station.printing) return fail('refused', NO_LABEL_PRINTER);
    const { queued } = station.printing.printLabels([id], { reprintReason });
    return ok({ shipment: { id, ddtAlpha: record.ddt_alpha }, queued });
  },
  async 'printing.savePrinters'({ station }, { printers, labelPrinterId }) {
    const configs: PrinterConfig[] = [];
    const fields: FieldIssues = {};
    printers.forEach((p, i) => {
      const target = parsePrinterUrl(p.url);
      if (target.ok)
        configs.push({
          id: p.id,
          name: p.name,
          language: p.language,
          dpi: p.dpi,
          ...(p.language === 'ESCPOS' ? { receiptModel: p.receiptModel ?? 'epson' } : {}),
          target: target.value,
        });
      else fields[`printers.${i}.url`] = otherIssue(target.error);
    });
    if (Object.keys(fields).length > 0) return failFields(fields);
    if (new Set(configs.map((c) => c.id)).size !== configs.length)
      return fail('invalid', 'Ogni stampante deve avere un codice diverso');
    if (labelPrinterId && !configs.some((c) => c.id === labelPrinterId))
      return fail('invalid', 'Stampante etichette non presente nella lista');
    await station.setPrinters(configs, labelPrinterId);
    return ok(printerViews(station));
  },
  async 'printing.probe'({ station }, { url, language }) {
    const parsed = parsePrinterUrl(url);
    if (!parsed.ok) return fail('invalid', parsed.error, { url: otherIssue(parsed.error) });
    const target = parsed.value;
    if (target.kind !== 'tcp') return fail('invalid', 'Solo le stampanti di rete (tcp://) si possono verificare così');
    if (language === 'ESCPOS') {
      const receipt = await queryEscposStatus(target.host, target.port, 2000);
      if (receipt.state === 'unreachable') return ok({ reachable: false, ...statusView(receipt) });
      station.noteProbedStatus(target, receipt);
      return ok({ reachable: true, ...statusView(receipt) });
    }
    const status = await probeNetworkPrinter(target.host, target.port, 2000);
    if (!status)
      return ok({ reachable: false, state: 'unreachable', reasons: ['noPrinter'], message: NO_PRINTER_MESSAGE });
    // What the check just read is what the bench should see for that printer, not "unknown" until a label prints.
    station.noteProbedStatus(target, status);
    return ok({ reachable: true, ...statusView(status) });
  },
  async 'printing.discover'({ station }) {
    return ok(await station.discoverQueues());
  },
};
