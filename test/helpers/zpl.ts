// Renders ZPL to PNG in-process with zpl-renderer-js (a port of a Zebra-compatible renderer), one image per ^XA…^XZ.
import { createRequire } from 'node:module';

type ZplRenderer = typeof import('zpl-renderer-js');

let renderer: ZplRenderer | undefined;

export async function renderZplImages(zpl: string, dpi: 203 | 300, widthMm = 100, heightMm = 150): Promise<Buffer[]> {
  // Loaded with require, the way known to work under vitest (docs: shared/notes/stack.md).
  renderer ??= createRequire(import.meta.url)('zpl-renderer-js') as ZplRenderer;
  const { api } = await renderer.ready;
  const images = await api.zplToBase64MultipleAsync(zpl, widthMm, heightMm, dpi === 203 ? 8 : 12);
  return images.map((b64) => Buffer.from(b64, 'base64'));
}
