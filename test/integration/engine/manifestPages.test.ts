// The manifest a driver signs, from a real engine over a SQLite file (issue 28): each courier's pages carry that
// courier's own totals and are counted on their own, each row shows the shop's order number beside the waybill, and
// the barcode on every page is read back by a scanner's decoder from the page as printed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Caller, Engine } from '../../../src/engine/index';
import { decodeBarcodes } from '../../helpers/barcode';
import { darkBounds, darkRunsInRow } from '../../helpers/image';
import { pdfPages } from '../../helpers/pdf';
import { rasterizePdf } from '../../helpers/rasterize';
import { closeEngines, openEngine } from '../../helpers/engines';
import { validShipment } from '../../fixtures/shipments';

const KEY = 'manifest-pages-key-1';
/** Geometry is measured at an office printer's 300 dpi; the scan reads the page at 200 dpi, coarser than any print. */
const DPI = 300;
const SCAN_DPI = 200;
const PX_PER_MM = DPI / 25.4;
const PX_PER_PT = DPI / 72;

let engine: Engine;
let caller: Caller;
let manifestId = 0;
let pdf: Buffer;
const waybills = new Map<string, string>();

/** 40 shipments with Demo Express (two pages), 4 cash on delivery, and 3 with Demo Europa, confirmed at once. */
beforeAll(async () => {
  ({ engine, caller } = openEngine(KEY, { config: { users: [{ api_key: KEY, client_ids: [1001] }] } }));
  const bodies = [
    ...Array.from({ length: 40 }, (_, i) => ({
      ddt_alpha: `#${1001 + i}`,
      peso: 0.641,
      ...(i < 4 ? { contrassegno: 10.5 } : {}),
    })),
    ...Array.from({ length: 3 }, (_, i) => ({ ddt_alpha: `#${2001 + i}`, corriere: 71, colli: 2, peso: 2.5 })),
  ];
  const ids: number[] = [];
  for (const body of bodies) {
    const made = await engine.createShipment(caller, validShipment({ labelType: 'ZPL', ...body }));
    if (made.kind !== 'created') throw new Error(`${body.ddt_alpha}: ${made.kind}`);
    ids.push(made.record.id);
    waybills.set(body.ddt_alpha, made.record.num_spedizione);
  }
  const confirmed = await engine.confirmByIds(caller, ids, true);
  manifestId = confirmed.manifest?.id ?? 0;
  const stored = await engine.getManifestPdf(caller, manifestId);
  if (!stored) throw new Error('no manifest PDF');
  pdf = stored;
});
afterAll(closeEngines);

describe('the manifest of two couriers', () => {
  it('gives each courier its own pages, every one with that courier’s totals, and a summary last', async () => {
    const pages = await pdfPages(pdf);
    expect(pages).toHaveLength(4);
    const [express1 = '', express2 = '', europa = '', summary = ''] = pages;

    const expressTotals = 'Totale corriere: 40 spedizioni · 40 colli · 25,640 kg · contrassegni 42,00 EUR';
    for (const [page, n] of [
      [express1, 1],
      [express2, 2],
    ] as const) {
      expect(page).toContain('Corriere: Demo Express');
      expect(page).toContain(expressTotals);
      expect(page).toMatch(new RegExp(`Demo Express\\s+Pagina ${n} di 2`));
      expect(page).not.toMatch(/Demo Europa|43 spedizioni|Totale distinta/);
    }
    expect(europa).toContain('Corriere: Demo Europa');
    expect(europa).toMatch(/Totale corriere: 3 spedizioni · 6 colli · 7,500 kg\s*\n/);
    expect(europa).toMatch(/Demo Europa\s+Pagina 1 di 1/);
    expect(europa).not.toMatch(/Demo Express|contrassegni|43 spedizioni|Totale distinta/);

    // The driver signs on his courier's last page only.
    expect(express1).not.toContain("Firma dell'autista");
    expect(express2).toContain("Firma dell'autista / ritiro");
    expect(europa).toContain("Firma dell'autista / ritiro");

    expect(summary).toMatch(/Riepilogo\s+Pagina 1 di 1/);
    expect(summary).toMatch(/Demo Express\s+40\s+40\s+25,640\s+42,00 EUR/);
    expect(summary).toMatch(/Demo Europa\s+3\s+6\s+7,500\s+—/);
    expect(summary).toMatch(/Totale distinta \(tutti i corrieri\)\s+43\s+46\s+33,140\s+42,00 EUR/);
  });

  it('shows each shipment’s order number beside its waybill', async () => {
    const text = (await pdfPages(pdf)).join('\n');
    expect(waybills.size).toBe(43);
    for (const [ref, waybill] of waybills) expect(text).toMatch(new RegExp(`\\s${ref}\\s+${waybill}\\s`));
  });

  it('prints on every page a barcode a scanner reads as that page’s part of the manifest', async () => {
    const pages = await pdfPages(pdf);
    const expected = [`DIST${manifestId}.70`, `DIST${manifestId}.70`, `DIST${manifestId}.71`, `DIST${manifestId}`];
    for (const [i, code] of expected.entries()) {
      expect(await decodeBarcodes(await rasterizePdf(pdf, SCAN_DPI, i + 1)), `page ${i + 1}`).toEqual([code]);
      expect(pages[i], `page ${i + 1}`).toContain(code);
    }
  });

  it('draws the barcode big enough for a handheld scanner: modules of 0.25 mm, 10 mm tall, quiet zones', async () => {
    const image = await rasterizePdf(pdf, DPI, 1);
    // Through the bars' middle (they hang 12 mm from the header's top, 28 pt below the page's edge).
    const { width, runs } = await darkRunsInRow(image, Math.round(45 * PX_PER_PT));
    // The bars are the rightmost cluster of dark runs: inside a Code 128 no gap is wider than 4 modules (at most 2 mm).
    const gapBefore = (i: number): number => (runs[i]?.x ?? 0) - ((runs[i - 1]?.x ?? 0) + (runs[i - 1]?.length ?? 0));
    let first = runs.length - 1;
    while (first > 0 && gapBefore(first) < 2.5 * PX_PER_MM) first -= 1;
    const bars = runs.slice(first);
    const narrowest = Math.min(...bars.map((r) => r.length));
    expect(bars.length).toBeGreaterThan(20);
    expect(narrowest).toBeGreaterThanOrEqual(0.25 * PX_PER_MM);
    const start = bars[0]?.x ?? 0;
    const last = bars[bars.length - 1] ?? { x: 0, length: 0 };
    expect(gapBefore(first)).toBeGreaterThanOrEqual(10 * narrowest);
    expect(width - (last.x + last.length)).toBeGreaterThanOrEqual(10 * narrowest);

    // The start bar, from its top to its bottom, above the human-readable line.
    const height = await darkBounds(image, { x1: start, y1: 0, x2: start + narrowest, y2: Math.round(64 * PX_PER_PT) });
    expect((height?.y2 ?? 0) - (height?.y1 ?? 0)).toBeGreaterThanOrEqual(10 * PX_PER_MM);
  });
});
