// A batch's print jobs: one per printer, the labels of its shipments back to back in pick order on the label printer,
// their packing slips in the same order on the receipt printer. Queued under the batch's own id, so a station that
// stopped after queuing finds them again at its next start and never queues a second copy.
import type { Caller, Engine } from '../../engine/index';
import { batchJobsId, type BatchView } from '../../shared/domain/batches';
import type { NewPrintJob } from '../../shared/domain/printJobs';
import { packingSlipBytes } from '../../printing/receipt/packingSlip';
import type { StationPrinting } from '../printing/autoPrint';
import { packingSlipFor } from '../printing/packingSlip';

export type BatchPrinting = 'queued' | 'labels_not_ready';

/**
 * Reading a shipment's labels and drawing its slip take about a millisecond each: the station answers other commands
 * every few shipments while a batch of hundreds is put together, instead of stalling for the whole of it.
 */
const SHIPMENTS_BETWEEN_BREATHS = 5;
const breather = (i: number) =>
  i > 0 && i % SHIPMENTS_BETWEEN_BREATHS === 0 ? new Promise<void>((done) => setImmediate(done)) : Promise.resolve();

/** The shipments made, in pick order. */
const madeInOrder = (batch: BatchView) =>
  batch.orders.flatMap((o) => (o.state === 'made' && o.shipmentId !== undefined ? [o.shipmentId] : []));

/**
 * Queues what is not queued yet of the batch's jobs; 'labels_not_ready' while a shipment's labels are still to come
 * (a connected bench's remote makes them), to be asked again.
 */
export async function queueBatchJobs(
  engine: Engine,
  caller: Caller,
  printing: StationPrinting | undefined,
  batch: BatchView,
): Promise<BatchPrinting> {
  if (!printing) return 'queued';
  const batchId = batchJobsId(batch.id);
  const queued = engine.printJobs.list({ batchId, limit: 10 });
  const has = (printerId: string, kind: 'label' | 'slip') =>
    queued.some((job) => job.printerId === printerId && job.kind === kind);
  const shipments = madeInOrder(batch);
  if (shipments.length === 0) return 'queued';
  const jobs: NewPrintJob[] = [];
  const labelPrinter = printing.printers.find((p) => p.id === printing.labelPrinterId);
  if (labelPrinter && labelPrinter.language !== 'ESCPOS' && !has(labelPrinter.id, 'label')) {
    const { id: printerId, language: format, dpi } = labelPrinter;
    const labels: NewPrintJob[] = [];
    for (const [i, shipmentId] of shipments.entries()) {
      await breather(i);
      const own = engine.labelsForPrint(caller, shipmentId, format, dpi);
      if (!own?.length) return 'labels_not_ready';
      own.forEach((content, i) =>
        labels.push({ printerId, kind: 'label', shipmentId, nCollo: i + 1, format, content, batchId }),
      );
    }
    // ZPL formats follow one another in one job; PDF files cannot, so a PDF printer gets each label (each once).
    if (format === 'ZPL')
      jobs.push({ printerId, kind: 'label', format, content: Buffer.concat(labels.map((l) => l.content)), batchId });
    else jobs.push(...labels);
  }
  const receipt = printing.printers.find((p) => p.id === printing.receiptPrinterId);
  if (receipt && !has(receipt.id, 'slip')) {
    const courierName = (corriere: number) =>
      engine.couriers().find((c) => c.id === corriere)?.name ?? `Corriere ${corriere}`;
    const slips: Buffer[] = [];
    for (const [i, id] of shipments.entries()) {
      await breather(i);
      const slip = packingSlipFor(engine, caller, id, courierName);
      if (!slip) return 'labels_not_ready';
      slips.push(packingSlipBytes(slip, receipt.receiptModel ?? 'epson'));
    }
    jobs.push({ printerId: receipt.id, kind: 'slip', format: 'ESCPOS', content: Buffer.concat(slips), batchId });
  }
  for (const job of jobs) printing.spooler.print(job);
  return 'queued';
}
