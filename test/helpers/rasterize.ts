// A rendered PDF as the pixels a 203 dpi printer would print, drawn by pdf.js on @napi-rs/canvas, so tests can scan it.
import { createCanvas } from '@napi-rs/canvas';
import { withPdf } from './pdf';

/** A page (the first unless told) as PNG bytes at `dpi`, on white, sized up to whole pixels as pdftoppm does. */
export function rasterizePdf(pdf: Uint8Array, dpi = 203, pageNumber = 1): Promise<Buffer> {
  return withPdf(pdf, async (doc) => {
    const page = await doc.getPage(pageNumber);
    const viewport = page.getViewport({ scale: dpi / 72 });
    const canvas = createCanvas(Math.ceil(viewport.width), Math.ceil(viewport.height));
    await page.render({ canvas, viewport, background: 'white' }).promise;
    return canvas.encode('png');
  });
}
