// The customs papers the station prints on the bench's document printer: a shipment's invoice and its postal
// courier's CN23, asked for at the detail, or with the label of a parcel leaving the EU customs territory.
import type { Caller, Engine } from '../../engine/index';
import type { Spooler } from '../../printing/spooler';
import type { PrinterConfig } from '../../printing/types';
import { outsideEuCustoms } from '../../shared/domain/customs';

export interface CustomsPrinting {
  /** Copies of the invoice: `auto` (with the label) each copy once; otherwise as asked, every time. */
  printInvoice(shipmentId: number, copies: number, auto?: boolean): Promise<number>;
  /** printInvoice for the CN23 of a shipment whose courier declares it; 0 for any other. */
  printCn23(shipmentId: number, copies: number, auto?: boolean): Promise<number>;
  /** What prints with the label of a shipment whose labels are ready: nothing unless it leaves the EU customs. */
  printWithLabel(shipmentId: number): Promise<void>;
}

/** `printer`: the document printer (none: nothing prints); `invoiceCopies`: the bench's setting (3 by default). */
export function createCustomsPrinting(
  engine: Engine,
  caller: Caller,
  spooler: Spooler,
  printer: PrinterConfig | undefined,
  invoiceCopies?: () => number,
): CustomsPrinting {
  /** The copies of a customs paper (a job kind of its own each, so the queue names it and numbers its copies apart). */
  const printCustoms = async (
    document: 'invoice' | 'cn23',
    shipmentId: number,
    copies: number,
    auto: boolean,
  ): Promise<number> => {
    if (!printer || printer.language !== 'PDF' || copies < 1) return 0;
    const doc = await engine.customsDocument(caller, shipmentId, document);
    if (!doc.ok) return 0;
    let queued = 0;
    for (let copy = 1; copy <= copies; copy += 1) {
      // A copy numbered (n_collo) prints once, like a parcel's label; one asked for at the detail has no number.
      const job = { printerId: printer.id, kind: document, shipmentId, format: 'PDF' as const };
      if (spooler.print({ ...job, ...(auto ? { nCollo: copy } : {}), content: doc.pdf }) !== undefined) queued += 1;
    }
    return queued;
  };
  const printInvoice = (shipmentId: number, copies: number, auto = false) =>
    printCustoms('invoice', shipmentId, copies, auto);
  const printCn23 = (shipmentId: number, copies: number, auto = false) =>
    printCustoms('cn23', shipmentId, copies, auto);
  /**
   * A parcel leaving the EU customs territory gets its invoice copies with its label, and, when its courier declares
   * the CN23 (a postal service), as many copies of that after them: the pouch's set (docs/decisions.md).
   */
  const printWithLabel = async (shipmentId: number) => {
    const record = engine.getShipment(caller, shipmentId);
    if (!record || !outsideEuCustoms(String(record.rcpt_country_code), String(record.rcpt_cap))) return;
    const copies = invoiceCopies?.() ?? 3;
    await printInvoice(shipmentId, copies, true);
    await printCn23(shipmentId, copies, true);
  };

  return { printInvoice, printCn23, printWithLabel };
}
