// The manifest's print window is locked down like the station's, in a session of its own, and leaves no file behind.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PDF_PARTITION, pdfWindowOptions, writePdfForViewing } from '../../../src/main/pdfWindow';
import { removeTempDirs, tempDir } from '../../helpers/tmp';

vi.mock('electron', () => {
  throw new Error('a test must never load the real electron module');
});

afterEach(removeTempDirs);

describe('the PDF print window', () => {
  it('is sandboxed and isolated, without Node or a preload, in an in-memory session of its own', () => {
    const options = pdfWindowOptions('Distinta 7');

    expect(options.title).toBe('Distinta 7');
    expect(options.show).toBe(false);
    expect(options.webPreferences).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      plugins: true,
      partition: PDF_PARTITION,
    });
    expect(options.webPreferences).not.toHaveProperty('preload');
    expect(PDF_PARTITION.startsWith('persist:')).toBe(false);
  });

  it('writes the PDF where only this user can read it, and removes it with its folder', () => {
    const pdf = Buffer.from('%PDF-1.7\n%fake but bytes\n');
    const file = writePdfForViewing(pdf, tempDir(), 'Distinta 7/../x');

    expect(file.path.endsWith('Distinta-7-x.pdf')).toBe(true);
    expect(readFileSync(file.path)).toEqual(pdf);
    if (process.platform !== 'win32') {
      expect(statSync(file.path).mode & 0o777).toBe(0o600);
      expect(statSync(dirname(file.path)).mode & 0o777).toBe(0o700);
    }
    file.remove();
    file.remove();
    expect(existsSync(dirname(file.path))).toBe(false);
  });
});
