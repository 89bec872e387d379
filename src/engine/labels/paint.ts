// The one walk over a label model: each renderer that draws (PDF, JPG) supplies how to draw each kind of element.
import type { LabelElement, LabelModel } from './types';

type Of<K extends LabelElement['kind']> = Extract<LabelElement, { kind: K }>;

export interface LabelPainter {
  text(el: Of<'text'>): void;
  line(el: Of<'line'>): void;
  box(el: Of<'box'>): void;
  barcode(el: Of<'barcode'>): void;
  qr(el: Of<'qr'>): void;
}

export function paintModel(model: LabelModel, painter: LabelPainter): void {
  for (const el of model.elements) {
    switch (el.kind) {
      case 'text':
        painter.text(el);
        break;
      case 'line':
        painter.line(el);
        break;
      case 'box':
        painter.box(el);
        break;
      case 'barcode':
        painter.barcode(el);
        break;
      case 'qr':
        painter.qr(el);
        break;
    }
  }
}
