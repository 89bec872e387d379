// Geometry checks over a label model: which elements would print on top of each other. Texts, barcodes and QR
// codes may not share any area; rules and box borders may frame them but not cross them; a filled box may hold only
// reversed (white) text, and reversed text must lie on one, or it would print white on white.
import type { LabelElement, LabelModel } from '../../src/engine/labels/types';

export interface Rect {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
}

/** Overlaps thinner than this (float rounding) are not overlaps. */
const EPS = 1e-6;

export function rectOf(e: LabelElement): Rect {
  switch (e.kind) {
    case 'line': {
      const half = e.thickness / 2;
      const [x1, x2] = [Math.min(e.x1, e.x2), Math.max(e.x1, e.x2)];
      const [y1, y2] = [Math.min(e.y1, e.y2), Math.max(e.y1, e.y2)];
      return {
        x1: x1 - (x1 === x2 ? half : 0),
        y1: y1 - (y1 === y2 ? half : 0),
        x2: x2 + (x1 === x2 ? half : 0),
        y2: y2 + (y1 === y2 ? half : 0),
      };
    }
    case 'qr':
      return { x1: e.x, y1: e.y, x2: e.x + e.size, y2: e.y + e.size };
    default:
      return { x1: e.x, y1: e.y, x2: e.x + e.w, y2: e.y + e.h };
  }
}

function intersects(a: Rect, b: Rect): boolean {
  return a.x1 < b.x2 - EPS && b.x1 < a.x2 - EPS && a.y1 < b.y2 - EPS && b.y1 < a.y2 - EPS;
}

function contains(outer: Rect, inner: Rect): boolean {
  return (
    inner.x1 >= outer.x1 - EPS && inner.x2 <= outer.x2 + EPS && inner.y1 >= outer.y1 - EPS && inner.y2 <= outer.y2 + EPS
  );
}

function describe(e: LabelElement): string {
  const r = rectOf(e);
  const what =
    e.kind === 'text'
      ? `text ${JSON.stringify(e.text)}`
      : e.kind === 'barcode' || e.kind === 'qr'
        ? `${e.kind} ${e.data}`
        : e.kind;
  return `${what} [${r.x1.toFixed(2)},${r.y1.toFixed(2)}–${r.x2.toFixed(2)},${r.y2.toFixed(2)}]`;
}

/** The four border strips of an outlined box. */
function borders(e: Extract<LabelElement, { kind: 'box' }>): Rect[] {
  const r = rectOf(e);
  const t = e.thickness;
  return [
    { ...r, y2: r.y1 + t },
    { ...r, y1: r.y2 - t },
    { ...r, x2: r.x1 + t },
    { ...r, x1: r.x2 - t },
  ];
}

/** Every pair of elements that would print over each other, described for a failure message; empty when none. */
export function labelOverlaps(model: LabelModel): string[] {
  const found: string[] = [];
  const content = model.elements.filter((e) => e.kind === 'text' || e.kind === 'barcode' || e.kind === 'qr');
  content.forEach((a, i) => {
    for (const b of content.slice(i + 1)) {
      if (intersects(rectOf(a), rectOf(b))) found.push(`${describe(a)} overlaps ${describe(b)}`);
    }
  });
  for (const e of model.elements) {
    if (e.kind === 'line') {
      for (const c of content)
        if (intersects(rectOf(e), rectOf(c))) found.push(`${describe(e)} crosses ${describe(c)}`);
    }
    if (e.kind === 'box' && !e.fill) {
      for (const c of content) {
        if (borders(e).some((b) => intersects(b, rectOf(c))))
          found.push(`border of ${describe(e)} crosses ${describe(c)}`);
      }
    }
    if (e.kind === 'box' && e.fill) {
      for (const c of content) {
        const reversed = c.kind === 'text' && c.reverse === true;
        if (intersects(rectOf(e), rectOf(c)) && !(reversed && contains(rectOf(e), rectOf(c)))) {
          found.push(`filled ${describe(e)} covers ${describe(c)}`);
        }
      }
    }
  }
  for (const c of content) {
    if (c.kind !== 'text' || !c.reverse) continue;
    const onBlack = model.elements.some((e) => e.kind === 'box' && e.fill === true && contains(rectOf(e), rectOf(c)));
    if (!onBlack) found.push(`reversed ${describe(c)} is not on a filled box`);
  }
  for (const e of model.elements) {
    const r = rectOf(e);
    if (r.x1 < -EPS || r.y1 < -EPS || r.x2 > model.widthMm + EPS || r.y2 > model.heightMm + EPS) {
      found.push(`${describe(e)} leaves the ${model.widthMm}×${model.heightMm} mm label`);
    }
  }
  return found;
}
