// The engine's shipped files are read and derived once per folder and process, however many engines open them.
import { cpSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createCourierRegistry } from '../../../src/engine/couriers/registry';
import { CACHING_FONTKIT } from '../../../src/engine/labels/parsedFonts';
import { openResources, sharedResources } from '../../../src/engine/resources';
import { removeTempDirs, tempDir } from '../../helpers/tmp';

afterAll(removeTempDirs);

describe('the resources engines share', () => {
  it('are one object per folder, however the folder is spelled, so its fonts are parsed once', () => {
    const bundled = sharedResources();
    expect(sharedResources(bundled.dir)).toBe(bundled);
    expect(sharedResources(relative(process.cwd(), bundled.dir))).toBe(bundled);
    const font = bundled.get(CACHING_FONTKIT).create(bundled.fontBytes('regular'));
    // Identity asked plainly: a failed `toBe` would compare two fonts deeply for its message.
    expect(sharedResources().get(CACHING_FONTKIT).create(sharedResources().fontBytes('regular')) === font).toBe(true);
  });

  it('keep another folder apart, and a plainly opened folder is fresh', () => {
    const copy = join(tempDir(), 'resources');
    cpSync(sharedResources().dir, copy, { recursive: true });
    expect(sharedResources(copy)).not.toBe(sharedResources());
    expect(sharedResources(copy).dir).toBe(copy);
    expect(openResources(copy)).not.toBe(sharedResources(copy));
    // The copy's couriers are read from the copy: the same catalog as the bundled folder's.
    const ids = (dir: string) =>
      createCourierRegistry(sharedResources(dir))
        .all()
        .map((c) => c.id);
    expect(ids(copy)).toEqual(ids(sharedResources().dir));
  });
});
