// The customs invoice at a real station with a Zebra label printer and an A4 document printer (a CUPS queue): a
// parcel to Zürich comes out as its label and the invoice's copies (the bench setting, 3 by default) each printed
// once; from the shipment's detail the invoice prints again on demand, or comes as the PDF without a document printer.
// A postal courier's parcel leaving the EU (Demo Poste to Livigno) gets as many copies of its CN23 after the invoice's.
import { describe, expect, it } from 'vitest';
import { validShipment } from '../../../fixtures/shipments';
import { livignoShipment, zurichShipment } from '../../../fixtures/customsLines';
import { pdfText } from '../../../helpers/pdf';
import { useCustomsBench } from '../../../helpers/customsBench';
import { commandValue } from '../../../helpers/stationCommands';
import { pause, until } from '../../../helpers/until';

const bench = useCustomsBench();

const ZURICH = zurichShipment({ labelType: 'ZPL' });
const LIVIGNO = livignoShipment({ labelType: 'ZPL' });

/** A page's text squeezed to single spaces, so a table's columns read as words. */
const squeezed = (text: string) => text.replace(/[ \t]+/g, ' ');

describe('the customs invoice at the bench’s printers', () => {
  it('prints three copies with the label of a parcel to Zürich, each once, naming both lines', async () => {
    const dispatch = await bench.start();
    const { id } = commandValue<{ id: number }>(await dispatch('shipments.create', { body: ZURICH }));
    await bench.zebra?.waitForLabels(1, 15_000);
    await until(() => (bench.cups?.jobCount() ?? 0) >= 3, 15_000);
    const jobs = bench.cups?.jobs() ?? [];
    expect(jobs.map((j) => j.queue)).toEqual(['Ufficio', 'Ufficio', 'Ufficio']);
    const text = (await pdfText(jobs[0]?.bytes ?? Buffer.alloc(0))).replace(/[ \t]+/g, ' ');
    expect(text).toContain('Fattura commerciale / Commercial invoice');
    expect(text).toMatch(/Printed books 490199 IT/);
    expect(text).toMatch(/Porcelain mug 691110 IT/);
    for (const job of jobs) expect(job.bytes.equals(jobs[0]?.bytes ?? Buffer.alloc(0))).toBe(true);
    // The labels ready again (the bench retrying) print no fourth copy.
    expect(await bench.station?.printing?.printInvoice(id, 3, true)).toBe(0);
    await pause(300);
    expect(bench.cups?.jobs()).toHaveLength(3);

    // From the detail: once more, on demand.
    commandValue(await dispatch('shipments.printInvoice', { id }));
    await until(() => (bench.cups?.jobCount() ?? 0) >= 4, 15_000);
  });

  it('prints a postal courier’s CN23 copies after the invoice’s, each once, and none for another courier', async () => {
    const dispatch = await bench.start();
    const zurich = commandValue<{ id: number }>(await dispatch('shipments.create', { body: ZURICH })).id;
    await until(() => (bench.cups?.jobCount() ?? 0) >= 3, 15_000);
    const { id } = commandValue<{ id: number }>(await dispatch('shipments.create', { body: LIVIGNO }));
    await bench.zebra?.waitForLabels(2, 15_000);
    await until(() => (bench.cups?.jobCount() ?? 0) >= 9, 15_000);
    const texts = await Promise.all((bench.cups?.jobs() ?? []).map(async (j) => squeezed(await pdfText(j.bytes))));
    const declaration = 'CN 23 – Dichiarazione doganale / Customs declaration';
    expect(texts.map((text) => text.includes(declaration))).toEqual([...Array(6).fill(false), true, true, true]);
    expect(texts[6]).toMatch(/1 Printed books 490199 IT 1 40,00 40,00 0,25/);
    const kinds = (shipmentId: number) =>
      bench.station?.engine.printJobs.list({ printerId: 'ufficio' }).filter((j) => j.shipmentId === shipmentId);
    expect(kinds(id)?.map((j) => [j.kind, j.nCollo])).toEqual([
      ['invoice', 1],
      ['invoice', 2],
      ['invoice', 3],
      ['cn23', 1],
      ['cn23', 2],
      ['cn23', 3],
    ]);
    expect(kinds(zurich)?.map((j) => j.kind)).toEqual(['invoice', 'invoice', 'invoice']);
    // The labels ready again (the bench retrying) print no fourth copy of either; Zürich's courier takes no CN23.
    expect(await bench.station?.printing?.printCn23(id, 3, true)).toBe(0);
    expect(await bench.station?.printing?.printInvoice(id, 3, true)).toBe(0);
    expect(await bench.station?.printing?.printCn23(zurich, 3, true)).toBe(0);

    // The detail knows which shipment has one, and prints its set again on demand.
    type Detail = { invoice: { customsForm: string | null } };
    expect(commandValue<Detail>(await dispatch('shipments.get', { id })).invoice.customsForm).toBe('CN23');
    expect(commandValue<Detail>(await dispatch('shipments.get', { id: zurich })).invoice.customsForm).toBeNull();
    const printed = await dispatch('shipments.printInvoice', { id, document: 'cn23' });
    expect(commandValue<{ printed: number }>(printed)).toMatchObject({ printed: 3 });
    await until(() => (bench.cups?.jobCount() ?? 0) >= 12, 15_000);
    expect(
      kinds(id)
        ?.slice(6)
        .map((j) => [j.kind, j.nCollo]),
    ).toEqual([
      ['cn23', undefined],
      ['cn23', undefined],
      ['cn23', undefined],
    ]);
    expect(await dispatch('shipments.printInvoice', { id: zurich, document: 'cn23' })).toMatchObject({
      ok: true,
      value: { printed: 0, papers: { state: 'printed' } },
    });
  });

  it('prints as many copies as the bench says, and none for a parcel staying in the EU', async () => {
    const dispatch = await bench.start();
    type Numbering = { invoiceCopies: number; invoicePrefix: string; invoiceNext: number };
    const settings = commandValue<Numbering>(
      await dispatch('settings.update', { invoiceCopies: 1, invoicePrefix: 'EXP-', invoiceNext: 42 }),
    );
    expect(settings).toMatchObject({ invoiceCopies: 1, invoicePrefix: 'EXP-', invoiceNext: 42 });
    commandValue(await dispatch('shipments.create', { body: validShipment({ labelType: 'ZPL' }) }));
    commandValue(await dispatch('shipments.create', { body: ZURICH }));
    await bench.zebra?.waitForLabels(2, 15_000);
    await until(() => (bench.cups?.jobCount() ?? 0) >= 1, 15_000);
    await pause(300);
    expect(bench.cups?.jobs()).toHaveLength(1);
    expect(await pdfText(bench.cups?.jobs()[0]?.bytes ?? Buffer.alloc(0))).toMatch(/N\. \/ No\. EXP-\d{4}-0042/);
    expect(commandValue<Numbering>(await dispatch('settings.get', {})).invoiceNext).toBe(43);
  });

  it('without a document printer, the detail gets the PDF to show or save', async () => {
    const dispatch = await bench.start({ noPrinters: true });
    const { id } = commandValue<{ id: number }>(await dispatch('shipments.create', { body: ZURICH }));
    // Nothing printed, and said why (the detail's "Fattura" says it in red).
    expect(commandValue<{ printed: number }>(await dispatch('shipments.printInvoice', { id }))).toEqual({
      printed: 0,
      papers: { invoice: expect.stringMatching(/^FT-\d{4}-0001$/), state: 'noPrinter', reason: '' },
    });
    const doc = commandValue<{ base64: string; name: string; kind: string }>(
      await dispatch('shipments.invoice', { id }),
    );
    expect(doc).toMatchObject({ name: expect.stringMatching(/^FT-\d{4}-0001\.pdf$/), kind: 'commercial' });
    expect(await pdfText(Buffer.from(doc.base64, 'base64'))).toContain('691110');
    // A window of its own is the desktop app's: the browser station shows the PDF inside the detail instead.
    expect(await dispatch('shipments.showDocument', { id })).toMatchObject({ ok: false, error: { code: 'refused' } });
  });
});
