// Numbers, dates and totals as the manifest prints them.
import { describe, expect, it } from 'vitest';
import { courierSections, formatCents, formatMoneyTotals, pdfDate } from '../../../../src/engine/manifests/summary';
import { manifestRow } from '../../../fixtures/manifestData';

describe('manifest summary', () => {
  it('writes cents as amounts the Italian way: dot for thousands, comma for decimals', () => {
    expect(formatCents(1250)).toBe('12,50');
    expect(formatCents(123456789)).toBe('1.234.567,89');
    expect(formatCents(-0.1)).toBe('0,00');
    expect(formatCents(Number.NaN)).toBe('0,00');
  });

  it('adds up weight and cash on delivery so the total equals the sum of the printed values', () => {
    const rows = [0.1, 0.2, 0.335].map((peso, i) =>
      manifestRow(i + 1, { pesoKg: peso, contrassegno: 0.1, valuta: i === 2 ? 'chf' : '' }),
    );
    const [section] = courierSections(rows);

    expect(section?.totals.pesoGrams).toBe(100 + 200 + 335);
    expect(formatMoneyTotals(section?.totals.contrassegnoCents ?? new Map())).toEqual(['0,10 CHF', '0,20 EUR']);
  });

  it('groups rows by courier in order of first appearance, keeping the rows in input order', () => {
    const b = { courierId: 2, courierName: 'Beta' };
    const sections = courierSections([manifestRow(1, b), manifestRow(2), manifestRow(3, b)]);

    expect(sections.map((s) => [s.courierName, s.rows.map((r) => r.id)])).toEqual([
      ['Beta', [1, 3]],
      ['Rapido Express', [2]],
    ]);
  });

  it('stores the bench time in the PDF without inventing a zone', () => {
    expect(pdfDate('2025-03-14 16:45:09')).toBe('D:20250314164509');
    expect(pdfDate('ieri')).toBeUndefined();
  });
});
