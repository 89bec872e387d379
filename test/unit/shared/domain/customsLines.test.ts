// The checks a customs office makes of a parcel's goods lines (issue 30): HS code shape, every line's facts, the
// lines' value against the customs value, their net weight against the parcel's, and the incoterm from who pays duties.
import { describe, expect, it } from 'vitest';
import {
  customsProblems,
  hsCodeOk,
  incotermOf,
  linesNetWeight,
  linesValue,
  type CustomsLine,
} from '../../../../src/shared/domain/customsLines';

const line = (overrides: Partial<CustomsLine> = {}): CustomsLine => ({
  sku: 'SC-42',
  description: 'Running shoes',
  qty: 2,
  hs_code: '640411',
  prezzo_singolo: 89.9,
  peso_riga: 1.8,
  ...overrides,
});

describe('customs lines', () => {
  it('takes HS codes of 6 to 10 digits in a real chapter, and refuses placeholders and typos', () => {
    // 6912.00 (ceramic tableware) and 9503.00 (toys) are real: a subheading may be 00.
    for (const ok of ['640411', '6404 11', '6404.11.00', '8471300000', '010121', '691200', '950300'])
      expect(hsCodeOk(ok), ok).toBe(true);
    for (const bad of ['', '64041', '64041100001', '000000', '770100', '980100', '640011', 'ABCDEF'])
      expect(hsCodeOk(bad), bad).toBe(false);
  });

  it('sums value to the cent and weight to the gram', () => {
    const lines = [line({ qty: 3, prezzo_singolo: 0.1 }), line({ qty: 1, prezzo_singolo: 0.2, peso_riga: 0.0004 })];
    expect(linesValue(lines)).toBe(0.5);
    expect(linesNetWeight(lines)).toBe(1.8);
  });

  it('finds nothing wrong with complete lines that match the customs value and weigh less than the parcel', () => {
    const goods = { lines: [line(), line({ sku: 'SK-1', qty: 1, prezzo_singolo: 20.2 })], origine: 'IT', peso: 4 };
    expect(customsProblems({ ...goods, valore_doganale: 200 })).toEqual({});
  });

  it('names each missing fact at its line and field', () => {
    const problems = customsProblems({
      lines: [line({ description: ' ', hs_code: '' }), line({ hs_code: '1234', origine: 'XX', qty: 0, peso_riga: 0 })],
      origine: 'IT',
      valore_doganale: 179.8,
      peso: 5,
    });
    expect(problems).toEqual({
      'dettagli_ordine.0.description': { code: 'required' },
      'dettagli_ordine.0.hs_code': { code: 'required' },
      'dettagli_ordine.1.hs_code': { code: 'hsCode' },
      'dettagli_ordine.1.origine': { code: 'country' },
      'dettagli_ordine.1.qty': { code: 'atLeastOne' },
      'dettagli_ordine.1.peso_riga': { code: 'atLeastOne' },
    });
    // A line with no origin of its own and a shipment with none: said at the line.
    expect(customsProblems({ lines: [line()], origine: '', valore_doganale: 179.8, peso: 5 })).toEqual({
      'dettagli_ordine.0.origine': { code: 'required' },
    });
  });

  it('asks for lines, and checks their total against the customs value and their net weight against the parcel', () => {
    expect(customsProblems({ lines: [], origine: 'IT', valore_doganale: 10, peso: 1 })).toEqual({
      dettagli_ordine: { code: 'customsLines' },
    });
    expect(customsProblems({ lines: [line()], origine: 'IT', valore_doganale: 150, peso: 1.5 })).toEqual({
      valore_doganale: { code: 'customsTotal', value: '179.80' },
      peso: { code: 'customsNetWeight', value: '1.8' },
    });
  });

  it('makes the recipient (or a third party) pay at arrival, DAP, and the sender DDP', () => {
    expect([incotermOf(0), incotermOf(1), incotermOf(2)]).toEqual(['DAP', 'DDP', 'DAP']);
  });

  it('names what a line has that the invoice cannot print (CJK, emoji, Hebrew, Arabic); Latin, Greek print', () => {
    const goods = (description: string) => ({
      lines: [line(), line({ description })],
      origine: 'IT',
      peso: 4,
      valore_doganale: 359.6,
    });
    expect(customsProblems(goods('陶瓷杯 Porcelain mug 🍵'))).toEqual({
      'dettagli_ordine.1.description': { code: 'unprintable', value: '陶瓷杯🍵' },
    });
    expect(customsProblems(goods('ספר Book'))['dettagli_ordine.1.description']).toEqual({
      code: 'unprintable',
      value: 'ספר',
    });
    expect(customsProblems(goods('كتاب'))['dettagli_ordine.1.description']).toEqual({
      code: 'unprintable',
      value: 'كتاب',
    });
    for (const ok of ['Crème brûlée dish, Ø 12 cm – 2×', 'Ζεστό Κούπα', 'Кружка фарфоровая', 'Łódź ceramics'])
      expect(customsProblems(goods(ok)), ok).toEqual({});
  });
});
