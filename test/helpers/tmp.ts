// Temporary folders for real SQLite files, removed after the test file.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const made: string[] = [];

export function tempDir(prefix = 'station-test-'): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  made.push(dir);
  return dir;
}

/** Removes one folder made by tempDir now (a bench that makes and drops a folder per run). */
export function removeTempDir(dir: string): void {
  const at = made.indexOf(dir);
  if (at >= 0) made.splice(at, 1);
  rmSync(dir, { recursive: true, force: true });
}

export function removeTempDirs(): void {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
}
