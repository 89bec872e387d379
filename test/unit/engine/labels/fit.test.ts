import { describe, expect, it } from 'vitest';
import { LINE_HEIGHT, type TextElement } from '../../../../src/engine/labels/fit';
import { fitter } from '../../../helpers/resources';

function el(text: string, over: Partial<TextElement> = {}): TextElement {
  return { kind: 'text', x: 0, y: 0, w: 40, h: 6, text, size: 5, minSize: 3, bold: true, ...over };
}

describe('fitting label text into its box', () => {
  it('keeps the nominal size when the text fits on one line', () => {
    const fitted = fitter.fitText(el('Rossi'));
    expect(fitted).toMatchObject({ size: 5, lines: ['Rossi'], truncated: false });
  });

  it('shrinks a slightly long line before it wraps it', () => {
    const text = 'Ferramenta Rossi Srl';
    const fitted = fitter.fitText(el(text));
    expect(fitted.lines).toEqual([text]);
    expect(fitted.size).toBeLessThan(5);
    expect(fitted.size).toBeGreaterThanOrEqual(3);
    expect(fitter.textWidth(text, fitted.size, true)).toBeLessThanOrEqual(40);
  });

  it('wraps at a readable size when even the minimum size is too wide for one line', () => {
    const text = 'Società Cooperativa Agricola Produttori Ortofrutticoli del Cesenate';
    const fitted = fitter.fitText(el(text, { h: 30 }));
    expect(fitted.lines.length).toBeGreaterThan(1);
    expect(fitted.lines.join(' ')).toBe(text);
    expect(fitted.truncated).toBe(false);
    expect(fitted.lines.length * fitted.size * LINE_HEIGHT).toBeLessThanOrEqual(30 + 1e-6);
    for (const line of fitted.lines) expect(fitter.textWidth(line, fitted.size, true)).toBeLessThanOrEqual(40);
  });

  it('ends the last line with an ellipsis only once the minimum size cannot hold the text', () => {
    const text = 'parola '.repeat(40).trim();
    const fitted = fitter.fitText(el(text, { h: 8 }));
    expect(fitted.size).toBe(3);
    expect(fitted.truncated).toBe(true);
    expect(fitted.lines.at(-1)?.endsWith('…')).toBe(true);
    expect(fitted.lines.length).toBe(Math.floor(8 / (3 * LINE_HEIGHT)));
  });

  it('breaks a single word wider than the box instead of letting it overflow', () => {
    const word = 'X'.repeat(60);
    const fitted = fitter.fitText(el(word, { h: 40 }));
    expect(fitted.lines.join('')).toBe(word);
    for (const line of fitted.lines) expect(fitter.textWidth(line, fitted.size, true)).toBeLessThanOrEqual(40);
  });

  it('treats tabs and control characters as plain spaces', () => {
    expect(fitter.fitText(el('Via\tRoma\u0007  1')).lines).toEqual(['Via Roma 1']);
  });
});
