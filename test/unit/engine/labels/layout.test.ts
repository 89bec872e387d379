import { describe, expect, it } from 'vitest';
import { buildLabelModel, formatAmount, formatKg } from '../../../../src/engine/labels/layout';
import type { LabelModel } from '../../../../src/engine/labels/types';
import { sampleLabelData } from '../../../fixtures/labelData';

function texts(model: LabelModel): string[] {
  return model.elements.flatMap((e) => (e.kind === 'text' ? [e.text] : []));
}

describe('the parcel label layout', () => {
  it('fits every element inside the 100×150 mm label', () => {
    const model = buildLabelModel(sampleLabelData());
    expect(model).toMatchObject({ widthMm: 100, heightMm: 150 });
    for (const e of model.elements) {
      const [x1, y1, x2, y2] = e.kind === 'line' ? [e.x1, e.y1, e.x2, e.y2] : [e.x, e.y, e.x + e.w, e.y + e.h];
      expect(Math.min(x1, x2)).toBeGreaterThanOrEqual(0);
      expect(Math.min(y1, y2)).toBeGreaterThanOrEqual(0);
      expect(Math.max(x1, x2)).toBeLessThanOrEqual(100);
      expect(Math.max(y1, y2)).toBeLessThanOrEqual(150);
    }
  });

  it('says who sends, who receives, which parcel of how many and what it weighs, in Italian', () => {
    const all = texts(buildLabelModel(sampleLabelData())).join('\n');
    for (const expected of ['Mittente', 'Destinatario', 'Collo 1/3', 'Peso 2,5 kg', 'Peso totale 7,25 kg']) {
      expect(all).toContain(expected);
    }
    for (const expected of ['Corriere Espresso Demo', 'Express 24h', 'BO 401', '240510000123', 'Data 10/05/2024']) {
      expect(all).toContain(expected);
    }
    for (const expected of ['DDT 4512', 'Rif. ORD-2024-0457', '06012 Città di Castello PG', 'Tel. +39 333 1234567']) {
      expect(all).toContain(expected);
    }
  });

  it('prints the parcel’s own barcode, with its human-readable text', () => {
    const model = buildLabelModel(sampleLabelData({ parcel: { n: 2, of: 3, barcode: 'PARCEL0002', pesoKg: 1 } }));
    const barcodes = model.elements.filter((e) => e.kind === 'barcode');
    expect(barcodes).toEqual([expect.objectContaining({ data: 'PARCEL0002', humanReadable: true })]);
  });

  it('shows the cash-on-delivery box only when there is an amount to collect', () => {
    const withCod = texts(buildLabelModel(sampleLabelData({ contrassegno: 12.5, valore: 0 })));
    expect(withCod).toEqual(expect.arrayContaining(['CONTRASSEGNO', '12,50 EUR']));
    expect(withCod).not.toContain('ASSICURATA');
    const without = buildLabelModel(sampleLabelData({ contrassegno: 0, valore: 0 }));
    expect(texts(without)).not.toContain('CONTRASSEGNO');
    expect(without.elements.some((e) => e.kind === 'box')).toBe(false);
  });

  it('shows the insurance box only when the parcel is insured', () => {
    const insured = texts(buildLabelModel(sampleLabelData({ contrassegno: 0, valore: 1500 })));
    expect(insured).toEqual(expect.arrayContaining(['ASSICURATA', '1.500,00 EUR']));
    expect(insured).not.toContain('CONTRASSEGNO');
  });

  it('leaves out empty optional lines instead of printing empty labels', () => {
    const recipient = { ...sampleLabelData().recipient, contact: '', phone: '' };
    const all = texts(buildLabelModel(sampleLabelData({ note: '', ddtAlpha: '', recipient })));
    const optional = ['Note:', 'Rif.', 'c.a.', 'Tel. +39'];
    expect(all.filter((t) => optional.some((prefix) => t.startsWith(prefix)))).toEqual([]);
    expect(all).not.toContain('');
  });

  it('formats amounts and weights the Italian way', () => {
    expect(formatAmount(1234567.5)).toBe('1.234.567,50');
    expect(formatAmount(0.1)).toBe('0,10');
    expect(formatKg(3)).toBe('3,0 kg');
    expect(formatKg(0.125)).toBe('0,125 kg');
  });
});
