// The window that shows a PDF (a manifest) with the system's print dialog, as plain data and file helpers (no Electron
// import): no preload, no Node, sandboxed, in a session of its own so the station's CSP (which forbids plugins) and its
// cookies never meet Chromium's PDF viewer. The file lives in a private temporary folder until the window closes.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { LOCKED_DOWN } from './windowOptions';

export interface PdfWindowOptions {
  width: number;
  height: number;
  title: string;
  show: boolean;
  autoHideMenuBar: boolean;
  webPreferences: typeof LOCKED_DOWN & {
    /** Chromium's PDF viewer is a plugin. */
    plugins: true;
    /** Not `persist:`: an in-memory session, forgotten when the app quits. */
    partition: string;
  };
}

export const PDF_PARTITION = 'pdf-viewer';

export function pdfWindowOptions(title: string): PdfWindowOptions {
  return {
    width: 900,
    height: 1000,
    title,
    show: false,
    autoHideMenuBar: true,
    webPreferences: { ...LOCKED_DOWN, plugins: true, partition: PDF_PARTITION },
  };
}

export interface PdfFile {
  path: string;
  /** Deletes the file and its folder; safe to call twice. */
  remove(): void;
}

/** Writes the PDF into a new folder only this user can open (mkdtemp makes it 0700), the file itself 0600. */
export function writePdfForViewing(pdf: Uint8Array, tempRoot: string, name: string): PdfFile {
  const dir = mkdtempSync(join(tempRoot, 'postazione-pdf-'));
  const safeName = `${name.replace(/[^A-Za-z0-9_-]+/g, '-').replace(/^-+|-+$/g, '') || 'documento'}.pdf`;
  const path = join(dir, safeName);
  writeFileSync(path, pdf, { mode: 0o600 });
  return { path, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
