// The test tree mirrors the code (README, "Dove stanno le cose"): the tests of src/x/y.ts are test/unit/x/y.test.ts,
// a scenario across parts is test/integration/<part>/…, the UI tests' support files are in test/ui/support/. A test
// put anywhere else, or left behind when its file moves, fails here instead of drifting until nobody finds it.
import { existsSync, readdirSync } from 'node:fs';
import { join, posix, relative, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(__dirname, '..');

/**
 * Unit tests of a whole folder rather than one file, each with the reason it cannot be split by file. Keep it short:
 * a name added here is a test a newcomer will not find from the file it tests.
 */
export const FOLDER_TESTS: Readonly<Record<string, string>> = {
  'test/unit/engine/couriers/couriers.test.ts':
    'the six built-in couriers side by side (waybill numbers, parcel barcodes, the checks before a waybill): one ' +
    'behaviour asked of every courier folder, data and driver together',
  'test/unit/engine/couriers/capabilities.test.ts':
    "what each built-in courier declares (data.ts) against what check.ts refuses, courier by courier: the spec's " +
    'courier-specific fields read across the data files, the registry and the checks',
};

/**
 * The file a unit test mirrors, or undefined when it mirrors none: test/unit/<p>.test.ts, or
 * test/unit/<p>.<aspect>.test.ts (a second file of one file's tests, on one aspect), for src/<p>.ts, .tsx or
 * <p>/index.ts; test/unit/bench/<p> for the bench's own code in test/bench/<p>.ts. Paths are relative to the
 * repository, with forward slashes.
 */
export function mirroredFile(testPath: string, exists: (path: string) => boolean): string | undefined {
  const plain = /^test\/unit\/(.+)\.test\.ts$/.exec(testPath);
  const withAspect = /^test\/unit\/(.+?)\.[A-Za-z]+\.test\.ts$/.exec(testPath);
  const stems = [plain?.[1], withAspect?.[1]].filter((stem): stem is string => stem !== undefined);
  for (const stem of stems) {
    const home = stem.startsWith('bench/') ? ['test/bench/' + stem.slice('bench/'.length) + '.ts'] : [];
    const candidates = [...home, `src/${stem}.ts`, `src/${stem}.tsx`, `src/${stem}/index.ts`];
    const found = candidates.find(exists);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** The part folder of an integration test (test/integration/<part>/…): a top folder of src/, or peers (test/peers). */
export function integrationPart(testPath: string, srcFolders: readonly string[]): string | undefined {
  const part = /^test\/integration\/([^/]+)\/.+\.test\.ts$/.exec(testPath)?.[1];
  return part !== undefined && (srcFolders.includes(part) || part === 'peers') ? part : undefined;
}

function filesUnder(folder: string): string[] {
  return readdirSync(join(ROOT, folder), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(ROOT, join(entry.parentPath, entry.name)).split(sep).join(posix.sep))
    .sort();
}

const existsInRepo = (path: string): boolean => existsSync(join(ROOT, path));
const SRC_FOLDERS = readdirSync(join(ROOT, 'src'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

describe('the rule itself', () => {
  const repo = new Set(['src/engine/pricing/quote.ts', 'src/renderer/App.tsx', 'src/shops/index.ts']);
  const has = (path: string): boolean => repo.has(path) || path === 'test/bench/goals.ts';

  it('finds the file a unit test mirrors, its index, a component, or the bench code it tests', () => {
    expect(mirroredFile('test/unit/engine/pricing/quote.test.ts', has)).toBe('src/engine/pricing/quote.ts');
    expect(mirroredFile('test/unit/renderer/App.test.ts', has)).toBe('src/renderer/App.tsx');
    expect(mirroredFile('test/unit/shops.test.ts', has)).toBe('src/shops/index.ts');
    expect(mirroredFile('test/unit/bench/goals.test.ts', has)).toBe('test/bench/goals.ts');
  });

  it('takes a second file of one file’s tests named after an aspect, and nothing else', () => {
    expect(mirroredFile('test/unit/engine/pricing/quote.surcharges.test.ts', has)).toBe('src/engine/pricing/quote.ts');
    expect(mirroredFile('test/unit/engine/pricing/surcharges.test.ts', has)).toBeUndefined();
    expect(mirroredFile('test/unit/engine/quote.test.ts', has)).toBeUndefined();
  });

  it('puts an integration test in a part named after a src folder or the peers, never at the top', () => {
    expect(integrationPart('test/integration/station/orders/scan.test.ts', ['station'])).toBe('station');
    expect(integrationPart('test/integration/peers/zebraPrinter.test.ts', ['station'])).toBe('peers');
    expect(integrationPart('test/integration/scan.test.ts', ['station'])).toBeUndefined();
    expect(integrationPart('test/integration/misc/scan.test.ts', ['station'])).toBeUndefined();
  });
});

describe('the test tree', () => {
  it('has every unit test mirror a src file, or be a named folder test', () => {
    const strays = filesUnder('test/unit')
      .filter((path) => path.endsWith('.test.ts') && !(path in FOLDER_TESTS))
      .filter((path) => mirroredFile(path, existsInRepo) === undefined);
    expect(strays).toEqual([]);
  });

  it('names in the folder tests only files that exist', () => {
    expect(Object.keys(FOLDER_TESTS).filter((path) => !existsInRepo(path))).toEqual([]);
  });

  it('has every test of a test helper beside the helper', () => {
    const strays = filesUnder('test/helpers')
      .filter((path) => path.endsWith('.test.ts'))
      .filter((path) => !existsInRepo(path.replace(/\.test\.ts$/, '.ts')));
    expect(strays).toEqual([]);
  });

  it('has every integration test inside a part folder', () => {
    const strays = filesUnder('test/integration')
      .filter((path) => path.endsWith('.test.ts'))
      .filter((path) => integrationPart(path, SRC_FOLDERS) === undefined);
    expect(strays).toEqual([]);
  });

  it('keeps the UI tests at the top of test/ui and what they share in test/ui/support/', () => {
    const misplaced = filesUnder('test/ui')
      .filter((path) => path.endsWith('.ts'))
      .filter((path) =>
        path.endsWith('.test.ts') ? path.split('/').length !== 3 : !path.startsWith('test/ui/support/'),
      );
    expect(misplaced).toEqual([]);
  });
});
