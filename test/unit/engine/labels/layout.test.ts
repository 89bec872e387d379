import { describe, expect, it } from 'vitest';
import { buildLabelModel } from '../../../../src/engine/labels/layout';
import type { LabelData, LabelElement, LabelModel } from '../../../../src/engine/labels/types';
import { labelOverlaps, rectOf } from '../../../helpers/labelGeometry';
import {
  ALL_BADGES,
  plainLabelData,
  sampleLabelData,
  SEVERAL_COURIER_LINES,
  worstCaseLabelData,
} from '../../../fixtures/labelData';
import { resources, fitter } from '../../../helpers/resources';
import { COD_TYPE_LABEL, COD_TYPES } from '../../../../src/shared/domain/cashOnDelivery';

function texts(model: LabelModel): string[] {
  return model.elements.flatMap((e) => (e.kind === 'text' ? [e.text] : []));
}

function textElements(model: LabelModel): Extract<LabelElement, { kind: 'text' }>[] {
  return model.elements.filter((e): e is Extract<LabelElement, { kind: 'text' }> => e.kind === 'text');
}

describe('the parcel label layout', () => {
  it('fits every element inside the 100×150 mm label', () => {
    const model = buildLabelModel(resources, sampleLabelData());
    expect(model).toMatchObject({ widthMm: 100, heightMm: 150 });
    for (const e of buildLabelModel(resources, worstCaseLabelData()).elements.concat(model.elements)) {
      const { x1, y1, x2, y2 } = rectOf(e);
      expect(x1).toBeGreaterThanOrEqual(0);
      expect(y1).toBeGreaterThanOrEqual(0);
      expect(x2).toBeLessThanOrEqual(100);
      expect(y2).toBeLessThanOrEqual(150);
    }
  });

  it('says who sends, who receives, which parcel of how many and what it weighs, in Italian', () => {
    const all = texts(buildLabelModel(resources, sampleLabelData())).join('\n');
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
    const model = buildLabelModel(
      resources,
      sampleLabelData({ parcel: { n: 2, of: 3, barcode: 'PARCEL0002', pesoKg: 1 } }),
    );
    const barcodes = model.elements.filter((e) => e.kind === 'barcode');
    expect(barcodes).toEqual([expect.objectContaining({ data: 'PARCEL0002', humanReadable: true })]);
  });

  it('shows the cash-on-delivery box only when there is an amount to collect', () => {
    const withCod = texts(buildLabelModel(resources, sampleLabelData({ contrassegno: 12.5, valore: 0 })));
    expect(withCod).toEqual(expect.arrayContaining(['CONTRASSEGNO', '12,50 EUR', 'SOLO CONTANTI']));
    expect(withCod).not.toContain('ASSICURATA');
    const without = buildLabelModel(resources, sampleLabelData({ contrassegno: 0, valore: 0 }));
    expect(texts(without)).not.toContain('CONTRASSEGNO');
    expect(without.elements.some((e) => e.kind === 'box')).toBe(false);
  });

  it.each(COD_TYPES)('says in the COD box how the courier collects it (tipo_incasso %i), never cut short', (code) => {
    const data = worstCaseLabelData({ codCollection: COD_TYPE_LABEL[code] });
    const model = buildLabelModel(resources, data);
    const line = textElements(model).find((e) => e.text === COD_TYPE_LABEL[code]);
    const box = model.elements.find((e) => e.kind === 'box' && e.thickness === 0.8);
    expect(line && box && fitter.fitText(line).truncated).toBe(false);
    const [inner, outer] = [line && rectOf(line), box && rectOf(box)];
    expect(inner && outer && inner.y1 > outer.y1 && inner.y2 < outer.y2).toBe(true);
    expect(labelOverlaps(model)).toEqual([]);
  });

  it('shows the insurance box only when the parcel is insured', () => {
    const insured = texts(buildLabelModel(resources, sampleLabelData({ contrassegno: 0, valore: 1500 })));
    expect(insured).toEqual(expect.arrayContaining(['ASSICURATA', '1.500,00 EUR']));
    expect(insured).not.toContain('CONTRASSEGNO');
  });

  it('leaves out empty optional lines instead of printing empty labels', () => {
    const recipient = { ...sampleLabelData().recipient, contact: '', phone: '' };
    const all = texts(buildLabelModel(resources, sampleLabelData({ note: '', ddtAlpha: '', recipient })));
    const optional = ['Note:', 'Rif.', 'c.a.', 'Tel. +39'];
    expect(all.filter((t) => optional.some((prefix) => t.startsWith(prefix)))).toEqual([]);
    expect(all).not.toContain('');
  });

  it('names a private person once: no "c.a." repeating the name, the person at a company still named', () => {
    const sample = sampleLabelData().recipient;
    const person = { ...sample, name: 'Marco Bianchi', contact: 'marco bianchi ' };
    const once = texts(buildLabelModel(resources, sampleLabelData({ recipient: person })));
    expect(once.filter((t) => t.includes('Marco Bianchi') || t.includes('marco bianchi'))).toEqual(['Marco Bianchi']);
    expect(once.some((t) => t.startsWith('c.a.'))).toBe(false);
    const company = { ...sample, name: 'Studio Bianchi S.r.l.', contact: 'Marco Bianchi' };
    expect(texts(buildLabelModel(resources, sampleLabelData({ recipient: company })))).toContain('c.a. Marco Bianchi');
  });

  it.each<[string, LabelData]>([
    ['everything at once, with long names', worstCaseLabelData()],
    ['the sample', sampleLabelData()],
    ['no options at all', plainLabelData()],
    ['badges without a QR code', worstCaseLabelData({ qr: '' })],
    ['a QR code without badges or courier lines', worstCaseLabelData({ badges: [], courierLines: [] })],
    ['courier lines and no note', worstCaseLabelData({ note: '' })],
    ['twice every badge', worstCaseLabelData({ badges: [...ALL_BADGES, ...ALL_BADGES] })],
  ])('prints no element over another: %s', (_, data) => {
    expect(labelOverlaps(buildLabelModel(resources, data))).toEqual([]);
  });

  it('prints every badge, white on black, between the recipient and the routing code', () => {
    const model = buildLabelModel(resources, worstCaseLabelData());
    const badges = textElements(model).filter((e) => e.reverse);
    expect(badges.map((e) => e.text)).toEqual(ALL_BADGES);
    const city = textElements(model).find((e) => e.text.startsWith('06012'));
    const routing = textElements(model).find((e) => e.text === 'RN 47842 B');
    for (const b of badges) {
      expect(b.y).toBeGreaterThan((city?.y ?? Infinity) + (city?.h ?? 0));
      expect(b.y + b.h).toBeLessThan(routing?.y ?? -Infinity);
    }
  });

  it('prints every courier line as "label: value" without cutting any', () => {
    const model = buildLabelModel(resources, worstCaseLabelData());
    const printed = textElements(model)
      .flatMap((e) => fitter.fitText(e).lines)
      .join('\n');
    const all = textElements(model)
      .map((e) => e.text)
      .join('\n');
    for (const { label, value } of SEVERAL_COURIER_LINES) expect(all).toContain(`${label}: ${value}`);
    for (const e of textElements(model)) {
      if (SEVERAL_COURIER_LINES.some((l) => e.text.includes(l.label))) expect(fitter.fitText(e).truncated).toBe(false);
    }
    expect(printed).toContain('JJD0012345678901234567');
  });

  it('prints the address and its second line (c/o, scala, interno) on two lines, neither cut (issue 39)', () => {
    const base = sampleLabelData().recipient;
    const data = sampleLabelData({
      recipient: { ...base, addr: 'Corso Vittorio Emanuele II 81', addr2: 'Scala B, interno 7' },
    });
    const address = textElements(buildLabelModel(resources, data)).find((e) => e.text.startsWith('Corso'));
    if (!address) throw new Error('no address on the label');
    expect(address.text).toBe('Corso Vittorio Emanuele II 81\nScala B, interno 7');
    const fitted = fitter.fitText(address);
    expect(fitted.lines).toEqual(['Corso Vittorio Emanuele II 81', 'Scala B, interno 7']);
    expect(fitted.truncated).toBe(false);
    // Two lines as long as the most generous courier takes (60 characters each) still fit, shrunk, not cut.
    const longest = {
      ...base,
      addr: 'Via dei Mille e Garibaldi 1234, Centro Direzionale Le Torri',
      addr2: 'c/o Studio Associato Bianchi Venturini, scala B, int. 56',
    };
    const both = textElements(buildLabelModel(resources, sampleLabelData({ recipient: longest }))).find((e) =>
      e.text.startsWith('Via dei Mille'),
    );
    expect(both && fitter.fitText(both).truncated).toBe(false);
  });

  it('never cuts the recipient, the badges or the references short, even in the worst case', () => {
    const model = buildLabelModel(resources, worstCaseLabelData());
    const recipient = worstCaseLabelData().recipient;
    const mustFit = textElements(model).filter(
      (e) => e.reverse || [recipient.name, recipient.addr].includes(e.text) || /^(DDT|Rif\.|Note:)/.test(e.text),
    );
    expect(mustFit.length).toBeGreaterThan(ALL_BADGES.length + 3);
    for (const e of mustFit) expect(fitter.fitText(e).truncated, e.text).toBe(false);
  });

  it('adds a QR code carrying the tracking link only when there is one', () => {
    const link = 'https://tracking.example.test/240510000123';
    const qrs = (data: LabelData) => buildLabelModel(resources, data).elements.filter((e) => e.kind === 'qr');
    expect(qrs(sampleLabelData({ qr: link }))).toEqual([expect.objectContaining({ data: link })]);
    expect(qrs(sampleLabelData({ qr: '' }))).toEqual([]);
    expect(qrs(sampleLabelData({ qr: '   ' }))).toEqual([]);
  });

  it('spells a link with non-ASCII characters the way a browser does, so the QR code still encodes it', () => {
    const [qr] = buildLabelModel(resources, sampleLabelData({ qr: 'https://t.example.test/Città' })).elements.filter(
      (e) => e.kind === 'qr',
    );
    expect(qr).toMatchObject({ data: 'https://t.example.test/Citt%C3%A0' });
  });

  it('gives the badges’ band to the routing code when there are no badges', () => {
    const routingSize = (data: LabelData) =>
      textElements(buildLabelModel(resources, data)).find((e) => e.text === data.routing)?.size ?? 0;
    expect(routingSize(sampleLabelData())).toBeGreaterThan(routingSize(sampleLabelData({ badges: ['SABATO'] })));
  });

  it('prints amounts, weights and the date through the shared formats, the Italian way', () => {
    const all = texts(
      buildLabelModel(
        resources,
        sampleLabelData({
          contrassegno: 1234567.5,
          valore: 0,
          totalPesoKg: 3,
          parcel: { n: 1, of: 1, barcode: 'X1', pesoKg: 0.125 },
          date: '2025-03-04',
        }),
      ),
    ).join('\n');
    expect(all).toContain('1.234.567,50 EUR');
    expect(all).toContain('Peso 0,125 kg');
    expect(all).toContain('Peso totale 3,0 kg');
    expect(all).toContain('Data 04/03/2025');
  });
});
