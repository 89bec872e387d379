// Cash on delivery after departure, over a real engine file and a week moved by the engine's clock: the report's sums
// are the delivered COD parcels', a refused one is flagged as money that will not come, a courier's payment (typed, or
// its remittance list) pays exactly the parcels it names, the same list twice pays once, and what does not match (a
// wrong amount, an unknown waybill, another user's waybill, a parcel not delivered) is shown and never paid.
import { afterEach, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import type { Caller, Engine } from '../../../src/engine/index';
import { trackingState } from '../../../src/shared/domain/tracking';
import type { RemittanceLine } from '../../../src/shared/domain/cod';
import { closeEngines, openEngine } from '../../helpers/engines';
import { validShipment } from '../../fixtures/shipments';
import { pdfPages } from '../../helpers/pdf';
import { rasterizePdf } from '../../helpers/rasterize';

afterEach(closeEngines);
const KEY = 'cod-key-bench-00000001';
const OTHER = 'cod-key-other-00000002';
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Monday 23 November 2026, 8:00 at the bench. */
const MONDAY = new Date(2026, 10, 23, 8, 0, 0).getTime();

interface Bench {
  engine: Engine;
  caller: Caller;
  other: Caller;
  clock: { at: number };
}

function bench(): Bench {
  const clock = { at: MONDAY };
  const { engine, caller } = openEngine(KEY, {
    config: {
      users: [
        { api_key: KEY, client_ids: [1001] },
        { api_key: OTHER, client_ids: [2002] },
      ],
    },
    clock: { now: () => new Date(clock.at) },
  });
  const other = engine.authenticate(OTHER);
  if (!other) throw new Error('no other caller');
  return { engine, caller, other, clock };
}

/** A confirmed shipment of the caller (COD `euros` if given): its id and waybill. */
async function shipped(b: Bench, caller: Caller, body: Record<string, unknown>) {
  const created = await b.engine.createShipment(caller, validShipment({ labelType: 'ZPL', ...body }));
  if (created.kind !== 'created') throw new Error(JSON.stringify(created));
  await b.engine.confirmByIds(caller, [created.record.id], false);
  return { id: created.record.id, waybill: b.engine.getShipment(caller, created.record.id)?.num_spedizione ?? '' };
}

const delivered = (b: Bench, id: number, at: number) => b.engine.parcels.seen(id, trackingState(19), at);
const hash = (text: string) => createHash('sha256').update(text).digest('hex');

describe('cash on delivery after departure', () => {
  it('sums the delivered COD parcels, flags a refused one, and turns collected into owed after the term', async () => {
    const b = bench();
    const cod = [];
    for (let i = 0; i < 6; i++) cod.push(await shipped(b, b.caller, { contrassegno: 20 + i * 10.5 }));
    const plain = await shipped(b, b.caller, {});
    const refused = await shipped(b, b.caller, { contrassegno: 99.9 });
    const moving = await shipped(b, b.caller, { contrassegno: 15 });
    // The week: on Tuesday four are delivered, one refused; one stays on the road; the plain parcel is delivered too.
    for (const [i, parcel] of cod.slice(0, 4).entries()) delivered(b, parcel.id, MONDAY + DAY + i * HOUR);
    delivered(b, plain.id, MONDAY + DAY);
    b.engine.parcels.seen(refused.id, trackingState(23), MONDAY + DAY);
    b.engine.parcels.seen(moving.id, trackingState(17), MONDAY + DAY);
    b.engine.parcels.seen(cod[4]?.id ?? 0, trackingState(20), MONDAY + DAY);
    b.clock.at = MONDAY + 2 * DAY;

    const wednesday = b.engine.cod.report(b.caller, {});
    const deliveredCents = [2000, 3050, 4100, 5150];
    const sum = deliveredCents.reduce((a, c) => a + c, 0);
    expect(wednesday.figures.collected).toEqual({ count: 4, cents: sum });
    expect(wednesday.figures.owed).toEqual({ count: 4, cents: sum });
    expect(wednesday.figures.missing).toEqual({ count: 0, cents: 0 });
    expect(wednesday.figures.willNotCome).toEqual({ count: 1, cents: 9990 });
    expect(wednesday.figures.toCollect).toEqual({ count: 3, cents: 6200 + 7250 + 1500 });
    expect(wednesday.parcels.find((p) => p.shipmentId === refused.id)?.state).toBe('will_not_come');
    expect(wednesday.parcels.some((p) => p.shipmentId === plain.id)).toBe(false);

    // A week and a day after the deliveries the courier's term ran out: the same money, now missing.
    b.clock.at = MONDAY + 9 * DAY;
    const next = b.engine.cod.report(b.caller, {});
    expect(next.figures.missing).toEqual({ count: 4, cents: sum });
    expect(next.parcels.filter((p) => p.state === 'owed')).toHaveLength(4);
    // The period is the delivery's day: Tuesday's deliveries are not in Wednesday's report.
    const day = (ms: number) => new Date(ms).toLocaleDateString('sv-SE');
    const onWednesday = b.engine.cod.report(b.caller, { from: day(MONDAY + 2 * DAY), to: day(MONDAY + 2 * DAY) });
    expect(onWednesday.figures.collected.count).toBe(0);
  });

  it('pays the parcels a typed payment names, keeps the rest of a partial one owed, refuses too much', async () => {
    const b = bench();
    const parcels = [];
    for (let i = 0; i < 3; i++) parcels.push(await shipped(b, b.caller, { contrassegno: 50 }));
    const [first, second, third] = parcels.map((p) => p.id) as [number, number, number];
    parcels.forEach((p, i) => delivered(b, p.id, MONDAY + DAY + i * HOUR));
    b.clock.at = MONDAY + 3 * DAY;
    const courier = 70;
    const paid = b.engine.cod.record(b.caller, {
      courier,
      paidOn: '2026-11-26',
      amountCents: 7500,
      reference: 'Bonifico 123',
      shipmentIds: [second, first],
    });
    expect(paid).toMatchObject({ ok: true, paidCents: 7500, parcels: 2 });
    const report = b.engine.cod.report(b.caller, {});
    const state = (id: number) => report.parcels.find((p) => p.shipmentId === id);
    expect(state(second)).toMatchObject({ state: 'paid', paidCents: 5000 });
    expect(state(first)).toMatchObject({ state: 'collected', paidCents: 2500 });
    expect(state(third)).toMatchObject({ state: 'collected', paidCents: 0 });
    expect(report.figures.paid).toEqual({ count: 1, cents: 7500 });
    expect(report.figures.owed).toEqual({ count: 2, cents: 7500 });
    expect(report.figures.collected.cents).toBe(report.figures.paid.cents + report.figures.owed.cents);

    const tooMuch = b.engine.cod.record(b.caller, {
      courier,
      paidOn: '2026-11-26',
      amountCents: 10_000,
      reference: '',
      shipmentIds: [],
    });
    expect(tooMuch).toMatchObject({ ok: false });
    expect(b.engine.cod.report(b.caller, {}).figures.owed.cents).toBe(7500);
    // "Oldest first": the rest of the first parcel, then the third.
    const oldest = b.engine.cod.record(b.caller, {
      courier,
      paidOn: '2026-11-27',
      amountCents: 7500,
      reference: '',
      shipmentIds: [],
    });
    expect(oldest).toMatchObject({ ok: true, paidCents: 7500, parcels: 2 });
    expect(b.engine.cod.report(b.caller, {}).figures.paid).toEqual({ count: 3, cents: 15_000 });
  });

  it('matches a remittance list by waybill, pays only its matching lines, and pays nothing twice', async () => {
    const b = bench();
    const right = await shipped(b, b.caller, { contrassegno: 42.5 });
    const wrong = await shipped(b, b.caller, { contrassegno: 30 });
    const notYet = await shipped(b, b.caller, { contrassegno: 12 });
    const theirs = await shipped(b, b.other, { client_id: 2002, contrassegno: 10 });
    delivered(b, right.id, MONDAY + DAY);
    delivered(b, wrong.id, MONDAY + DAY);
    delivered(b, theirs.id, MONDAY + DAY);
    b.clock.at = MONDAY + 4 * DAY;
    const lines: RemittanceLine[] = [
      { line: 2, waybill: right.waybill.toLowerCase(), amountCents: 4250, date: '2026-11-27' },
      { line: 3, waybill: wrong.waybill, amountCents: 3000 - 100, date: '2026-11-27' },
      { line: 4, waybill: 'NONESISTE123', amountCents: 1000, date: '2026-11-27' },
      { line: 5, waybill: theirs.waybill, amountCents: 1000, date: '2026-11-27' },
      { line: 6, waybill: notYet.waybill, amountCents: 1200, date: '2026-11-27' },
      { line: 7, waybill: right.waybill, amountCents: 4250, date: '2026-11-27' },
    ];
    const file = { courier: 70, paidOn: '2026-11-27', reference: 'Distinta 48', fileName: 'distinta.csv' };
    const preview = b.engine.cod.preview(b.caller, 70, lines, hash('one'));
    expect(preview.lines.map((l) => l.match)).toEqual([
      'matched',
      'amount_differs',
      'not_found',
      'not_found',
      'not_delivered',
      'repeated',
    ]);
    expect(preview.matchedCents).toBe(4250);
    // Previewing saved nothing.
    expect(b.engine.cod.report(b.caller, {}).figures.paid.cents).toBe(0);

    const saved = b.engine.cod.importFile(b.caller, { ...file, fileHash: hash('one'), lines });
    expect(saved).toMatchObject({ ok: true, paidCents: 4250, parcels: 1 });
    const again = b.engine.cod.importFile(b.caller, { ...file, fileHash: hash('one'), lines });
    expect(again).toMatchObject({ ok: true, paidCents: 0, parcels: 0 });
    expect(b.engine.cod.preview(b.caller, 70, lines, hash('one')).importedAt).not.toBeNull();
    // The same lines in another file (saved again under a new name) find the parcel paid.
    const copy = b.engine.cod.importFile(b.caller, { ...file, fileHash: hash('copy'), lines });
    expect(copy).toMatchObject({ ok: true, paidCents: 0 });

    const report = b.engine.cod.report(b.caller, {});
    expect(report.parcels.find((p) => p.shipmentId === right.id)).toMatchObject({ state: 'paid', paidCents: 4250 });
    expect(report.parcels.find((p) => p.shipmentId === wrong.id)).toMatchObject({ state: 'collected', paidCents: 0 });
    expect(b.engine.cod.report(b.other, {}).figures.paid.cents).toBe(0);
  });

  it('writes the report as an A4 PDF: the figures, then every parcel, the header again on each page', async () => {
    const b = bench();
    const ids = [];
    for (let i = 0; i < 40; i++) ids.push((await shipped(b, b.caller, { contrassegno: 20, ddt_alpha: `PDF-${i}` })).id);
    ids.forEach((id, i) => (i === 0 ? b.engine.parcels.seen(id, trackingState(23), MONDAY) : delivered(b, id, MONDAY)));
    const pdf = await b.engine.cod.reportPdf(b.caller, { courier: 70 });
    const pages = await pdfPages(pdf);
    expect(pages).toHaveLength(2);
    expect(pages[0]).toContain('Incassati dal corriere (consegnati)');
    expect(pages[0]).toContain('780,00');
    expect(pages[0]).toContain('Non arriverà');
    expect(pages[1]).toContain('N. spedizione');
    expect(pages[1]).toContain('PDF-39');
    expect(pages[1]).toContain('Pagina 2 di 2');
    if (process.env.COD_PDF_PNG) writeFileSync(process.env.COD_PDF_PNG, await rasterizePdf(pdf, 110));
    expect(await b.engine.cod.reportPdf(b.caller, { courier: 70 })).toEqual(pdf);
  });
});
