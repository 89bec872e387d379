// The cores bench's baseline drawn in a process of its own (forked by cores.ts): the label model, ZPL, PDF and JPG
// of the same shipment, one after another, and the CPU (process.cpuUsage, every thread) they took. In the bench's own
// process the same drawing measured 18-20 ms a label when the cores bench ran alone and 35 ms after the benchmarks
// before it had grown that process's heap and left its timers: the baseline must not depend on what ran earlier.
import { buildLabelModel, renderJpg, renderPdf, renderZpl, type LabelData } from '../../src/engine/labels';
import { resources } from '../helpers/resources';

/** What cores.ts asks: draw labels `from` to `from + count - 1` of `data`. */
export interface DrawRequest {
  data: LabelData;
  from: number;
  count: number;
}

/**
 * Label i: its own barcode, waybill number and tracking link, as each create's label has in the service, so the
 * barcode and QR caches do not make the baseline look cheaper.
 */
export function labelNumber(data: LabelData, i: number): LabelData {
  // The last six digits of each number replaced, as consecutive waybills differ, the lengths kept.
  const numbered = (text: string) => `${text.slice(0, -6)}${String(i).padStart(6, '0')}`;
  const link = numbered(data.trackingLink);
  return {
    ...data,
    numSpedizione: numbered(data.numSpedizione),
    trackingLink: link,
    qr: link,
    parcel: { ...data.parcel, barcode: numbered(data.parcel.barcode) },
  };
}

/** CPU (ms) of drawing `count` labels in this process, the three formats each, as the service draws them. */
export async function drawLabels({ data, from, count }: DrawRequest): Promise<number> {
  const date = new Date();
  const start = process.cpuUsage();
  for (let i = from; i < from + count; i += 1) {
    const model = buildLabelModel(resources, labelNumber(data, i));
    renderZpl(resources, model, 203);
    await renderPdf(resources, model, { date });
    await renderJpg(resources, model);
  }
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
}

// Forked: each message is a DrawRequest, answered with its CPU in ms.
if (process.send) {
  process.on('message', (request: DrawRequest) => {
    void drawLabels(request).then((cpuMs) => process.send?.({ cpuMs }));
  });
  process.send({ ready: true });
}
