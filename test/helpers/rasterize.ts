// A rendered PDF as the pixels a 203 dpi printer would print, drawn by pdf.js on @napi-rs/canvas, so tests can scan it.
import { createCanvas } from '@napi-rs/canvas';
import { withPdf } from './pdf';

/** First page as PNG bytes at `dpi`, on white, the size rounded up to whole pixels as pdftoppm does. */
export function rasterizePdf(pdf: Uint8Array, dpi = 203): Promise<Buffer> {
  return withPdf(pdf, async (doc) => {
    const page = await doc.getPage(1);
    const viewport = page.getViewport({ scale: dpi / 72 });
    const canvas = createCanvas(Math.ceil(viewport.width), Math.ceil(viewport.height));
    await page.render({ canvas, viewport, background: 'white' }).promise;
    return canvas.encode('png');
  });
}
