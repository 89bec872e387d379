// The station's own invoice numbers with a bench's series: `FT-2026-B2-0001`, a numbering of its own beside the
// bench's plain one, checked when set, never going back onto a number given, and required of a bench that shares its
// shop's numbering with other benches (which then gives no number without one). The shop's own number always wins.
import { afterEach, describe, expect, it } from 'vitest';
import type Database from 'better-sqlite3';
import {
  changeInvoiceNumbering,
  InvoiceSeriesMissing,
  stationInvoiceNumber,
  upcomingInvoiceNumber,
  withStationInvoice,
  type NumberingHost,
} from '../../../../src/engine/customs/numbering';
import { MIGRATIONS } from '../../../../src/engine/db/migrations/index';
import { createSettingsRepo } from '../../../../src/engine/settings/repo';
import { parseCreateShipment, type CreateShipmentRequest } from '../../../../src/shared/api/shipmentRequest';
import { zurichShipment } from '../../../fixtures/customsLines';
import { databaseAt } from '../../../helpers/migrations';
import { removeTempDirs } from '../../../helpers/tmp';

const opened: Database.Database[] = [];
afterEach(() => {
  opened.splice(0).forEach((db) => db.close());
  removeTempDirs();
});

/** A bench's numbering over its own real database, on 1 March 2026. */
function bench(required = false) {
  const db = databaseAt(MIGRATIONS.length);
  opened.push(db);
  const settings = createSettingsRepo(db);
  const host: NumberingHost = {
    settings,
    clock: { now: () => new Date(2026, 2, 1, 10) },
    invoiceSeriesRequired: () => required,
  };
  const take = () => stationInvoiceNumber(host, '2026-03-01', true);
  const change = (c: Parameters<typeof changeInvoiceNumbering>[3]) => changeInvoiceNumbering(db, settings, '2026', c);
  return { db, settings, host, take, change };
}

function request(overrides: Record<string, unknown> = {}): CreateShipmentRequest {
  const parsed = parseCreateShipment(zurichShipment(overrides));
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.value;
}

describe("a bench's invoice series", () => {
  it('numbers FT-2026-B2-0001 onwards once the owner sets B2, starting the series at 1', () => {
    const b = bench();
    expect([b.take(), b.take()]).toEqual(['FT-2026-0001', 'FT-2026-0002']);
    expect(b.change({ series: ' b2 ' })).toEqual({ ok: true });
    expect(upcomingInvoiceNumber(b.settings, '2026')).toBe('FT-2026-B2-0001');
    expect([b.take(), b.take()]).toEqual(['FT-2026-B2-0001', 'FT-2026-B2-0002']);
    // Back to no series: after the last number that numbering gave, not at the series' count.
    expect(b.change({ series: '' })).toEqual({ ok: true });
    expect(b.take()).toBe('FT-2026-0003');
    // And to B2 again: after its own last one, never onto a number it gave.
    expect(b.change({ series: 'B2' })).toEqual({ ok: true });
    expect(b.take()).toBe('FT-2026-B2-0003');
  });

  it('refuses a series that is not a few letters and digits, at its field, changing nothing', () => {
    const b = bench();
    b.take();
    for (const bad of ['B-2', 'BANCO2', 'B 2', 'B/2', 'È1']) {
      const refused = b.change({ series: bad, prefix: 'EXP-' });
      expect(refused.ok).toBe(false);
      expect(!refused.ok && refused.fields.invoiceSeries).toMatchObject({ code: 'invoiceSeries', value: '4' });
    }
    expect(upcomingInvoiceNumber(b.settings, '2026')).toBe('FT-2026-0002');
  });

  it('refuses a next number already given in the series, naming its last number', () => {
    const b = bench();
    b.change({ series: 'B2' });
    b.take();
    b.take();
    const refused = b.change({ next: 2 });
    expect(!refused.ok && refused.fields.invoiceNext).toMatchObject({
      code: 'invoiceNumberUsed',
      value: 'FT-2026-B2-0002',
    });
    expect(b.take()).toBe('FT-2026-B2-0003');
  });

  it('gives two benches of one shop, each with its series, no number in common', () => {
    const [first, second] = [bench(true), bench(true)];
    first.change({ series: 'B1' });
    second.change({ series: 'B2' });
    const numbers = Array.from({ length: 50 }, () => [first.take(), second.take()]).flat();
    expect(new Set(numbers).size).toBe(100);
    expect(numbers.slice(0, 2)).toEqual(['FT-2026-B1-0001', 'FT-2026-B2-0001']);
  });
});

describe('a bench that shares its shop’s numbering', () => {
  it('gives no number without a series: the create is refused, while a dry run only reads one', () => {
    const b = bench(true);
    expect(() => withStationInvoice(request(), b.host, true)).toThrow(InvoiceSeriesMissing);
    expect(() => withStationInvoice(request(), b.host, true)).toThrow(/Impostazioni › Banco \(es\. B2\)/);
    expect(withStationInvoice(request(), b.host, false).invoice_number).toBe('FT-2026-0001');
    // Nothing was taken by the refusals.
    b.change({ series: 'B3' });
    expect(withStationInvoice(request(), b.host, true)).toMatchObject({
      invoice_number: 'FT-2026-B3-0001',
      invoice_date: '2026-03-01',
    });
  });

  it("keeps the shop's own invoice number, with or without a series", () => {
    const b = bench(true);
    const own = request({ invoice_number: 'SHOP-2026/77', invoice_date: '2026-02-27' });
    expect(withStationInvoice(own, b.host, true)).toBe(own);
    b.change({ series: 'B1' });
    expect(withStationInvoice(own, b.host, true).invoice_number).toBe('SHOP-2026/77');
    expect(upcomingInvoiceNumber(b.settings, '2026')).toBe('FT-2026-B1-0001');
  });
});
