// A rendered PDF as the pixels a 203 dpi printer would print, through poppler's pdftoppm, so tests can scan it.
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** First page as PNG bytes at `dpi`. */
export async function rasterizePdf(pdf: Uint8Array, dpi = 203): Promise<Buffer> {
  const dir = await mkdtemp(join(tmpdir(), 'label-pdf-'));
  try {
    const file = join(dir, 'in.pdf');
    await writeFile(file, pdf);
    await run('pdftoppm', ['-r', String(dpi), '-png', '-f', '1', '-l', '1', '-singlefile', file, join(dir, 'page')], {
      timeout: 20_000,
    });
    return await readFile(join(dir, 'page.png'));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
