import { describe, expect, it } from 'vitest';
import { badgeElements, type Band } from '../../../../src/engine/labels/badges';
import type { LabelElement } from '../../../../src/engine/labels/types';
import { ALL_BADGES } from '../../../fixtures/labelData';
import { fitter } from '../../../helpers/resources';

const BAND: Band = { x: 3, y: 75.8, w: 94, h: 9.6 };

type Of<K extends LabelElement['kind']> = Extract<LabelElement, { kind: K }>;

function texts(elements: LabelElement[]): Of<'text'>[] {
  return elements.filter((e): e is Of<'text'> => e.kind === 'text');
}

function boxes(elements: LabelElement[]): Of<'box'>[] {
  return elements.filter((e): e is Of<'box'> => e.kind === 'box');
}

function rows(elements: LabelElement[]): number {
  return new Set(boxes(elements).map((b) => b.y.toFixed(3))).size;
}

describe('service badges', () => {
  it('prints each badge as white bold text on its own black box, in the order given', () => {
    const elements = badgeElements(fitter, ['SABATO', 'PREAVVISO'], BAND);
    expect(texts(elements).map((t) => t.text)).toEqual(['SABATO', 'PREAVVISO']);
    for (const t of texts(elements)) expect(t).toMatchObject({ bold: true, reverse: true });
    expect(boxes(elements)).toHaveLength(2);
    for (const b of boxes(elements)) expect(b.fill).toBe(true);
  });

  it('keeps a few badges on one row of large letters', () => {
    const elements = badgeElements(fitter, ['SABATO', 'AL PIANO', 'RESO'], BAND);
    expect(rows(elements)).toBe(1);
    for (const t of texts(elements)) expect(t.size).toBeGreaterThanOrEqual(4);
  });

  it('puts every badge the engine can print on two rows, none cut short', () => {
    const elements = badgeElements(fitter, ALL_BADGES, BAND);
    expect(rows(elements)).toBe(2);
    expect(texts(elements).map((t) => t.text)).toEqual(ALL_BADGES);
    for (const t of texts(elements)) expect(fitter.fitText(t)).toMatchObject({ lines: [t.text], truncated: false });
  });

  it('keeps the letters at 2.5 mm or more for the nine badges of a busy label', () => {
    const nine = ALL_BADGES.filter((b) => b !== 'RESO CONTESTUALE');
    for (const t of texts(badgeElements(fitter, nine, BAND)))
      expect(fitter.fitText(t).size).toBeGreaterThanOrEqual(2.5);
  });

  it('keeps every box inside the band and every text inside its box', () => {
    const elements = badgeElements(fitter, [...ALL_BADGES, ...ALL_BADGES], BAND);
    for (const b of boxes(elements)) {
      expect(b.x).toBeGreaterThanOrEqual(BAND.x);
      expect(b.x + b.w).toBeLessThanOrEqual(BAND.x + BAND.w + 1e-9);
      expect(b.y).toBeGreaterThanOrEqual(BAND.y);
      expect(b.y + b.h).toBeLessThanOrEqual(BAND.y + BAND.h + 1e-9);
    }
    const [textEls, boxEls] = [texts(elements), boxes(elements)];
    textEls.forEach((t, i) => {
      const b = boxEls[i];
      expect(b && t.x >= b.x && t.x + t.w <= b.x + b.w && t.y >= b.y && t.y + t.h <= b.y + b.h + 1e-9).toBe(true);
    });
  });

  it('prints nothing for no badges or blank ones', () => {
    expect(badgeElements(fitter, [], BAND)).toEqual([]);
    expect(badgeElements(fitter, ['', '  '], BAND)).toEqual([]);
  });
});
