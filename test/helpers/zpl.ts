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

/**
 * Every text field a ZPL label prints (^FD…^FS), in order, with ^FH_ hex escapes (UTF-8 bytes as _XX) decoded and
 * ^FB line breaks (\&) as new lines: what a person reads on the label.
 */
export function zplTexts(zpl: string): string[] {
  return [...zpl.matchAll(/\^FD([\s\S]*?)\^FS/g)].map((m) => {
    const bytes: number[] = [];
    const data = m[1] ?? '';
    for (let i = 0; i < data.length; i++) {
      const hex = data[i] === '_' ? data.slice(i + 1, i + 3) : '';
      if (/^[0-9A-Fa-f]{2}$/.test(hex)) {
        bytes.push(parseInt(hex, 16));
        i += 2;
      } else bytes.push(...Buffer.from(data[i] ?? '', 'utf8'));
    }
    return Buffer.from(bytes).toString('utf8').replaceAll('\\&', '\n');
  });
}
