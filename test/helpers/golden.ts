// Golden files: a rendered output compared byte for byte with the reviewed copy in test/fixtures/golden/.
// UPDATE_GOLDEN=1 rewrites them; a missing golden fails the test, so CI never creates one nobody has looked at.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, isAbsolute, relative, resolve } from 'node:path';
import { expect } from 'vitest';

export const GOLDEN_DIR = resolve(import.meta.dirname, '../fixtures/golden');

function goldenPath(dir: string, name: string): string {
  const path = resolve(dir, name);
  const inside = relative(dir, path);
  // A name is a file under the golden folder, never a way to read or write elsewhere.
  if (isAbsolute(name) || inside === '' || inside.startsWith('..')) {
    throw new Error(`golden name must be a relative file path inside ${dir}, got ${JSON.stringify(name)}`);
  }
  return path;
}

/** expectGolden with the folder and the update switch given: what the helper's own tests exercise. */
export function compareGolden(dir: string, name: string, actual: string, update: boolean): void {
  const path = goldenPath(dir, name);
  const shown = relative(process.cwd(), path);
  if (update) {
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, actual, 'utf8');
    return;
  }
  if (!existsSync(path)) {
    throw new Error(
      `golden file ${shown} does not exist. Create it with ` +
        `UPDATE_GOLDEN=1 npx vitest run --config test/vitest.config.ts <this test file>, review it and commit it.`,
    );
  }
  const expected = readFileSync(path, 'utf8');
  expect(
    actual,
    `output differs from golden ${shown}; if the change is intended, rerun with UPDATE_GOLDEN=1 and review the diff`,
  ).toBe(expected);
}

/** Compares `actual` with test/fixtures/golden/<name>; with UPDATE_GOLDEN=1 in the environment, writes it instead. */
export function expectGolden(name: string, actual: string): void {
  compareGolden(GOLDEN_DIR, name, actual, process.env.UPDATE_GOLDEN === '1');
}
