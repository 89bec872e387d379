// A parcel leaving the EU is never sent off without its papers unnoticed (issue 39): at a real station with a Zebra
// label printer, its invoice's copies go to the A4 printer (a CUPS queue) with the label; with no A4 printer, with
// auto-print off, or when the queue refuses the copies, the station tells the screens which invoice did not print and
// why, the detail says the same, and once the printer takes the copies that is told too.
import { describe, expect, it } from 'vitest';
import type { CustomsPapers } from '../../../../src/shared/domain/customsPapers';
import type { StationEvent } from '../../../../src/shared/ipc/events';
import type { ShipmentDetail } from '../../../../src/shared/ipc/views';
import { validShipment } from '../../../fixtures/shipments';
import { zurichShipment } from '../../../fixtures/customsLines';
import { useCustomsBench, type BenchOptions } from '../../../helpers/customsBench';
import { commandValue } from '../../../helpers/stationCommands';
import { until } from '../../../helpers/until';
import type { FakeQueue } from '../../../peers/fakeCups';

const bench = useCustomsBench();

const ZURICH = zurichShipment({ labelType: 'ZPL' });
const INVOICE = /^FT-\d{4}-0001$/;

/** A bench whose papers' news to the screens are collected, each shipment's in the order told. */
async function papersBench(options: BenchOptions = {}) {
  const dispatch = await bench.start(options);
  const told: { shipmentId: number; papers: CustomsPapers }[] = [];
  bench.station?.onEvent((event: StationEvent) => {
    if (event.name === 'papers.changed') told.push(event.payload as { shipmentId: number; papers: CustomsPapers });
  });
  const papersOf = async (id: number) => commandValue<ShipmentDetail>(await dispatch('shipments.get', { id })).papers;
  const statesOf = (id: number) => told.filter((t) => t.shipmentId === id).map((t) => t.papers.state);
  return { dispatch, told, papersOf, statesOf };
}

describe('the customs papers of a parcel leaving the EU', () => {
  it('are said not printed, with the invoice number, at a bench with no A4 printer', async () => {
    const { dispatch, told, papersOf } = await papersBench({ queue: null });
    const { id } = commandValue<{ id: number }>(await dispatch('shipments.create', { body: ZURICH }));
    await bench.zebra?.waitForLabels(1, 15_000);
    await until(() => told.length > 0, 10_000);
    expect(told).toEqual([
      { shipmentId: id, papers: { invoice: expect.stringMatching(INVOICE), state: 'noPrinter', reason: '' } },
    ]);
    expect(await papersOf(id)).toEqual(told[0]?.papers);
    // "Fattura" at the detail prints nothing and says the same.
    expect(commandValue(await dispatch('shipments.printInvoice', { id }))).toEqual({
      printed: 0,
      papers: told[0]?.papers,
    });

    // A parcel staying in the EU owes none: nothing is said of it.
    const domestic = commandValue<{ id: number }>(
      await dispatch('shipments.create', { body: validShipment({ labelType: 'ZPL' }) }),
    ).id;
    await bench.zebra?.waitForLabels(2, 15_000);
    expect((await papersOf(domestic)).state).toBe('none');
    // A window opened later (reloaded, or the station restarted) is told the day's unprinted papers when it starts.
    const now = new Date();
    const day = [now.getFullYear(), now.getMonth() + 1, now.getDate()].map((n) => String(n).padStart(2, '0')).join('-');
    expect(commandValue(await dispatch('printing.unprintedPapers', { day }))).toEqual([
      { shipmentId: id, papers: told[0]?.papers },
    ]);
    // With "Copie della fattura" at 0 the bench asked for none: nothing to say either.
    commandValue(await dispatch('settings.update', { invoiceCopies: 0 }));
    expect((await papersOf(id)).state).toBe('none');
    expect(told).toHaveLength(1);
  });

  it('go to the A4 queue with the label, three copies, and are then said printed', async () => {
    const { dispatch, told, papersOf, statesOf } = await papersBench();
    const { id } = commandValue<{ id: number }>(await dispatch('shipments.create', { body: ZURICH }));
    await until(() => (bench.cups?.jobCount() ?? 0) >= 3, 15_000);
    await until(() => statesOf(id).at(-1) === 'printed', 10_000);
    expect(bench.cups?.jobs().map((job) => job.queue)).toEqual(['Ufficio', 'Ufficio', 'Ufficio']);
    expect(told.some((t) => ['noPrinter', 'failed', 'manual'].includes(t.papers.state))).toBe(false);
    expect(await papersOf(id)).toEqual({ invoice: expect.stringMatching(INVOICE), state: 'printed', reason: '' });
  });

  it('refused by the A4 queue are said with the queue’s words, and said printed once it takes them', async () => {
    const refusing: FakeQueue = { name: 'Ufficio', state: 'idle', accepting: false };
    const { dispatch, told, papersOf, statesOf } = await papersBench({ queue: refusing });
    const { id } = commandValue<{ id: number }>(await dispatch('shipments.create', { body: ZURICH }));
    await until(() => statesOf(id).includes('failed'), 15_000);
    const failed = told.find((t) => t.papers.state === 'failed')?.papers;
    expect(failed).toEqual({
      invoice: expect.stringMatching(INVOICE),
      state: 'failed',
      reason: expect.stringContaining('is not accepting jobs'),
    });
    expect(await papersOf(id)).toEqual(failed);
    // Tried again every few milliseconds here, but told once.
    await until(() => (bench.station?.engine.printJobs.papersOf('ufficio', id)[0]?.attempts ?? 0) >= 3, 10_000);
    expect(statesOf(id).filter((state) => state === 'failed')).toHaveLength(1);
    // "Fattura" queues three more behind the refused ones: still said as not printed, not as printing.
    const again = commandValue<{ printed: number; papers: CustomsPapers }>(
      await dispatch('shipments.printInvoice', { id }),
    );
    expect(again).toMatchObject({ printed: 3, papers: { state: 'failed' } });

    // The queue takes jobs again: the held copies print, and that is told.
    bench.cups?.configure({ queues: [{ ...refusing, accepting: true }] });
    await until(() => statesOf(id).at(-1) === 'printed', 15_000);
    expect(bench.cups?.jobCount() ?? 0).toBe(6);
    expect((await papersOf(id)).state).toBe('printed');
  });

  it('are said not printed at a bench with no printer at all', async () => {
    const { dispatch, told } = await papersBench({ noPrinters: true });
    const { id } = commandValue<{ id: number }>(await dispatch('shipments.create', { body: ZURICH }));
    await until(() => told.length > 0, 10_000);
    expect(told[0]).toEqual({
      shipmentId: id,
      papers: { invoice: expect.stringMatching(INVOICE), state: 'noPrinter', reason: '' },
    });
  });

  it('are said not printed when auto-print is off', async () => {
    const { dispatch, told } = await papersBench({ autoPrint: false });
    const { id } = commandValue<{ id: number }>(await dispatch('shipments.create', { body: ZURICH }));
    await until(() => told.length > 0, 10_000);
    expect(told).toEqual([
      { shipmentId: id, papers: { invoice: expect.stringMatching(INVOICE), state: 'manual', reason: '' } },
    ]);
    expect(bench.cups?.jobCount() ?? 0).toBe(0);
  });
});
