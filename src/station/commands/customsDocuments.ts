// A shipment's customs papers for the bench: its invoice (commercial or proforma) or CN23, as the engine keeps them,
// and their copies printed on the bench's document printer.
import { fail, ok } from '../../shared/ipc/result';
import { shipmentPapers } from '../printing/customsPapers';
import { savedInvoiceCopies } from '../settings/keys';
import type { Handlers } from './context';

const REFUSED = {
  notFound: 'Spedizione non trovata',
  noLines: 'La spedizione non ha righe merce: la fattura si fa dalle righe',
  noCn23: 'Il corriere della spedizione non chiede il CN23',
} as const;

export const customsDocumentHandlers: Handlers<
  'shipments.invoice' | 'shipments.showDocument' | 'shipments.printInvoice'
> = {
  async 'shipments.invoice'({ station }, { id, document }) {
    const result = await station.engine.customsDocument(station.caller, id, document);
    if (!result.ok) return fail(result.reason === 'notFound' ? 'not_found' : 'refused', REFUSED[result.reason]);
    return ok({ base64: result.pdf.toString('base64'), name: result.name, kind: result.kind });
  },
  async 'shipments.showDocument'({ station, runtime }, { id, document }) {
    const show = runtime.host.showPdf;
    if (!show) return fail('refused', "L'anteprima in una finestra è dell'app desktop: qui si apre nel dettaglio");
    const result = await station.engine.customsDocument(station.caller, id, document);
    if (!result.ok) return fail(result.reason === 'notFound' ? 'not_found' : 'refused', REFUSED[result.reason]);
    const shown = await show(result.pdf, result.name);
    return shown.ok ? ok({}) : fail('refused', shown.message);
  },
  async 'shipments.printInvoice'({ station }, { id, document }) {
    if (!station.engine.getShipment(station.caller, id)) return fail('not_found', REFUSED.notFound);
    // The set the courier's pouch takes (the bench's copies, the CN23 as many as the invoice), at least one when asked
    // for by hand.
    const copies = Math.max(1, savedInvoiceCopies(station.engine.settings));
    const printing = station.printing;
    const printed = !printing
      ? 0
      : await (document === 'cn23' ? printing.printCn23(id, copies) : printing.printInvoice(id, copies));
    return ok({ printed, papers: shipmentPapers(station.engine, station.caller, printing, id) });
  },
};
