// The bundles the integration files' children and threads load (test/peers/cliBundle.ts) are those of the code as it
// stands: built before the run, and again before each rerun of the watch mode (npm run test:watch), whose global
// setup runs once for all its reruns.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { keepCliBundlesBuilt } from '../../peers/cliBundle';

describe('the run’s bundles of the command lines and thread entries', () => {
  it('are built before the run and again before each rerun', async () => {
    const outdir = mkdtempSync(join(tmpdir(), 'station-bundles-'));
    try {
      const reruns: (() => unknown)[] = [];
      await keepCliBundlesBuilt({ onTestsRerun: (rerun) => void reruns.push(() => rerun([])) }, outdir);
      const bundles = ['labelWorker.js', 'orderFileWorker.js', 'orderCheckWorker.js', 'createsThread.js'];
      for (const bundle of bundles) expect(existsSync(join(outdir, bundle))).toBe(true);

      // As the code changes between two reruns: the bundles of the code as it was are gone, and the rerun makes them.
      for (const bundle of bundles) rmSync(join(outdir, bundle));
      expect(reruns).toHaveLength(1);
      await reruns[0]!();
      for (const bundle of bundles) expect(existsSync(join(outdir, bundle))).toBe(true);
    } finally {
      rmSync(outdir, { recursive: true, force: true });
    }
  });
});
