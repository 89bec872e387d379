// Text of a PDF through poppler's pdftotext (Debian's poppler-utils), to check what a person would read on it.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export function pdfText(pdf: Uint8Array, layout = true): string {
  const dir = mkdtempSync(join(tmpdir(), 'pdftext-'));
  try {
    const file = join(dir, 'in.pdf');
    writeFileSync(file, pdf);
    return execFileSync('pdftotext', [...(layout ? ['-layout'] : []), file, '-'], { encoding: 'utf8', timeout: 20_000 });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
