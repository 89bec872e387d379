import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { compareGolden } from './golden';
import { removeTempDirs, tempDir } from './tmp';

describe('golden files', () => {
  const dir = () => tempDir('golden-');
  afterEach(removeTempDirs);

  it('passes when the output is exactly the golden file', () => {
    const d = dir();
    writeFileSync(join(d, 'a.zpl'), '^XA\n^XZ\n');
    expect(() => compareGolden(d, 'a.zpl', '^XA\n^XZ\n', false)).not.toThrow();
  });

  it('fails on any difference, even trailing whitespace', () => {
    const d = dir();
    writeFileSync(join(d, 'a.zpl'), '^XA\n^XZ\n');
    expect(() => compareGolden(d, 'a.zpl', '^XA\n^XZ', false)).toThrow(/differs from golden/);
  });

  it('fails when the golden file is missing, says how to create it, and creates nothing', () => {
    const d = dir();
    expect(() => compareGolden(d, 'new/b.zpl', 'x', false)).toThrow(/does not exist.*UPDATE_GOLDEN=1/);
    expect(existsSync(join(d, 'new/b.zpl'))).toBe(false);
  });

  it('writes the file, creating its folder, when asked to update', () => {
    const d = dir();
    compareGolden(d, 'new/b.zpl', 'fresh', true);
    expect(readFileSync(join(d, 'new/b.zpl'), 'utf8')).toBe('fresh');
  });

  it('refuses names that would leave the golden folder', () => {
    const d = dir();
    expect(() => compareGolden(d, '../escape.zpl', 'x', true)).toThrow(/inside/);
    expect(() => compareGolden(d, '/tmp/escape.zpl', 'x', true)).toThrow(/inside/);
    expect(() => compareGolden(d, '', 'x', true)).toThrow(/inside/);
  });
});
