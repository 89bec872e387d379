// A table on the station's A4 landscape pages (the manifest, the COD report): its header row, shaded, and its body
// rows, each cell fitted into its column (shrunk, then cut with "…") so neighbouring columns stay readable.
import { grayscale } from 'pdf-lib';
import { LEFT, ROW_BASELINE, ROW_H, type PageSlot } from './pdfBlocks';
import type { Align, GlyphFont } from './pdfText';
import { BODY_SIZE, CELL_PADDING, HEAD_SIZE, TABLE_WIDTH } from './tableLayout';

export const HEAD_ROW_H = 16;

export interface TableColumn {
  heading: string;
  width: number;
  align: Align;
  /** Smallest font size before the text is cut with "…". */
  minSize?: number;
}

/** Left edge of each column, relative to the table's left edge. */
export function columnLefts(columns: readonly { width: number }[]): number[] {
  return columns.reduce<number[]>((xs, c, i) => {
    xs.push(i === 0 ? 0 : (xs[i - 1] ?? 0) + (columns[i - 1]?.width ?? 0));
    return xs;
  }, []);
}

/** The header row, its top at `top`; it is HEAD_ROW_H high. */
export function drawTableHead(
  { page, text }: PageSlot,
  bold: GlyphFont,
  columns: readonly TableColumn[],
  xs: readonly number[],
  top: number,
): void {
  page.drawRectangle({ x: LEFT, y: top - HEAD_ROW_H, width: TABLE_WIDTH, height: HEAD_ROW_H, color: grayscale(0.85) });
  columns.forEach((col, i) => {
    const w = col.width - 2 * CELL_PADDING;
    const fitted = bold.fit(col.heading, HEAD_SIZE, w, 5.5);
    text.draw(bold, fitted, LEFT + (xs[i] ?? 0) + CELL_PADDING, top - 10.8, col.align, w);
  });
}

/** One body row, its top at `top`; it is ROW_H high, shaded when asked (every other row). */
export function drawTableRow(
  { page, text }: PageSlot,
  font: GlyphFont,
  columns: readonly TableColumn[],
  xs: readonly number[],
  top: number,
  cells: readonly string[],
  shaded: boolean,
): void {
  if (shaded)
    page.drawRectangle({ x: LEFT, y: top - ROW_H, width: TABLE_WIDTH, height: ROW_H, color: grayscale(0.95) });
  columns.forEach((col, i) => {
    const w = col.width - 2 * CELL_PADDING;
    const fitted = font.fit(cells[i] ?? '', BODY_SIZE, w, col.minSize ?? 6.5);
    text.draw(font, fitted, LEFT + (xs[i] ?? 0) + CELL_PADDING, top - ROW_BASELINE, col.align, w);
  });
}
