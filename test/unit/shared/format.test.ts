// One way to format money, weights and dates: the same text on the label, the manifest, the quote report and the
// screens. Italian as the label and manifest always printed it (thousands always grouped, never "-0,00").
import { describe, expect, it } from 'vitest';
import { formats } from '../../../src/shared/format';

const it_ = formats('it');
const en = formats('en');

describe('the shared formats', () => {
  it.each([
    [0, '0,00'],
    [0.1, '0,10'],
    [12.5, '12,50'],
    [1234.5, '1.234,50'],
    [1234567.891, '1.234.567,89'],
    [1e6, '1.000.000,00'],
    [-1234.5, '-1.234,50'],
    [-0.004, '0,00'],
    [Number.NaN, '0,00'],
    [Number.POSITIVE_INFINITY, '0,00'],
  ])('writes the amount %s as %s', (value, text) => {
    expect(it_.amount(value)).toBe(text);
  });

  it('writes money with the euro sign, any other currency by its code, and in English the English way', () => {
    expect(it_.money(1234.5)).toBe('1.234,50 €');
    expect(it_.money(0.07)).toBe('0,07 €');
    expect(it_.money(12, 'CHF')).toBe('12,00 CHF');
    expect(en.money(1234.5)).toBe('€1,234.50');
    expect(en.amount(1234.5)).toBe('1,234.50');
  });

  it.each([
    [3, '3,0 kg'],
    [0.125, '0,125 kg'],
    [2.5, '2,5 kg'],
    [7.25, '7,25 kg'],
    [1.0004, '1,0 kg'],
    [1234.5, '1.234,5 kg'],
  ])('writes the weight %s as %s', (value, text) => {
    expect(it_.kg(value)).toBe(text);
  });

  it('writes a decimal in an input with the language’s mark, typed either way, and leaves anything else be', () => {
    expect([it_.decimalInput('2.4'), it_.decimalInput('2,4'), it_.decimalInput(' 19.50')]).toEqual([
      '2,4',
      '2,4',
      ' 19,50',
    ]);
    expect([en.decimalInput('2,4'), en.decimalInput('2.4'), en.decimalInput('-0,5')]).toEqual(['2.4', '2.4', '-0.5']);
    for (const text of ['', '12', '1.234,5', '2,', ',5', 'abc', '1.2.3'])
      expect([it_.decimalInput(text), en.decimalInput(text)]).toEqual([text, text]);
  });

  it('writes decimals and whole numbers grouped', () => {
    expect(it_.decimal(999, 0)).toBe('999');
    expect(it_.decimal(1234.5, 2)).toBe('1.234,50');
    expect(it_.integer(1234.6)).toBe('1.235');
    expect(it_.number(1234.567)).toBe('1.234,57');
    expect(it_.number(0.5)).toBe('0,5');
    expect(en.number(1234.567)).toBe('1,234.57');
  });

  it('writes every whole number under a thousand as the locale would, in both languages', () => {
    for (const [fmt, locale] of [
      [it_, 'it-IT'],
      [en, 'en-GB'],
    ] as const) {
      const intl = new Intl.NumberFormat(locale, {
        maximumFractionDigits: 2,
        useGrouping: 'always',
        signDisplay: 'negative',
      });
      for (let n = -1000; n <= 1000; n += 1) {
        expect(fmt.number(n)).toBe(intl.format(n));
        expect(fmt.integer(n)).toBe(intl.format(n));
      }
      expect(fmt.number(-0)).toBe('0');
    }
  });

  it("writes a day as both locales' Intl short date does, for every day of four years and days that roll over", () => {
    const days = ['2026-02-30', '2025-13-01', '0999-01-05', '0050-06-15', '9999-12-31', '2024-02-29'];
    for (let day = Date.UTC(2023, 0, 1); day < Date.UTC(2027, 0, 1); day += 86_400_000)
      days.push(new Date(day).toISOString().slice(0, 10));
    for (const language of ['it-IT', 'en-GB']) {
      const intl = new Intl.DateTimeFormat(language, {
        day: '2-digit',
        month: '2-digit',
        year: 'numeric',
        timeZone: 'UTC',
      });
      for (const day of days) {
        const [y, m, d] = day.split('-').map(Number) as [number, number, number];
        expect(it_.date(day), day).toBe(intl.format(new Date(Date.UTC(y, m - 1, d))));
        expect(en.date(day), day).toBe(it_.date(day));
      }
    }
  });

  it('writes dates and bench times day first, from their own digits whatever the time zone', () => {
    expect(it_.date('2025-03-14')).toBe('14/03/2025');
    expect(it_.date(' 2025-12-31 ')).toBe('31/12/2025');
    expect(it_.date('14/03/2025')).toBeUndefined();
    expect(it_.date('2025-03-14 16:45:09')).toBeUndefined();
    expect(it_.dateTime('2025-03-14 16:45:09')).toBe('14/03/2025 16:45');
    expect(it_.dateTime('2025-03-14T06:05')).toBe('14/03/2025 06:05');
    expect(it_.dateTime('ieri')).toBeUndefined();
    expect(en.dateTime('2025-03-14 16:45:09')).toBe('14/03/2025 16:45');
    expect(it_.localDateTime(new Date(2024, 4, 6, 9, 5))).toBe('06/05/2024 09:05');
    expect(it_.localTime(new Date(2024, 4, 6, 9, 5))).toBe('09:05');
  });

  it('gives the same formatters every time (built once per language)', () => {
    expect(formats('it')).toBe(formats('it'));
    expect(Object.isFrozen(formats('en'))).toBe(true);
  });
});
