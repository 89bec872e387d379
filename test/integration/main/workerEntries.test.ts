// The desktop build's worker threads: each thread's entry is bundled beside the main process's code
// (electron.vite.config.ts) and found there by the code that starts it, `new URL('./entry.js', import.meta.url)`,
// relative to the file that code lands in. A file of the build that looks for an entry the build did not put beside
// it starts no thread (the source fallback, an .mjs, is not in a build): the labels are drawn by no thread, or an
// order file is read or checked by none. The order-check thread's entry made the engine a chunk shared with the main
// entry, written under chunks/ by default, where the label pool's look for labelWorker.js found nothing.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { removeTempDirs, tempDir } from '../../helpers/tmp';

const ROOT = resolve(import.meta.dirname, '../../..');

afterAll(() => removeTempDirs());

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [join(dir, entry.name)],
  );
}

describe("the desktop build's worker entries", () => {
  it('are beside every file of the main process that looks for one', { timeout: 300_000 }, () => {
    const out = tempDir('desktop-build-');
    execFileSync('npx', ['--no-install', 'electron-vite', 'build', '--outDir', out], {
      cwd: ROOT,
      stdio: 'pipe',
      timeout: 300_000,
    });
    const main = join(out, 'main');
    const sought: string[] = [];
    const missing: string[] = [];
    for (const file of filesUnder(main).filter((path) => path.endsWith('.js'))) {
      for (const [, entry] of readFileSync(file, 'utf8').matchAll(/new URL\("\.\/(\w+\.js)", import\.meta\.url\)/g)) {
        const at = join(dirname(file), entry!);
        sought.push(entry!);
        if (!existsSync(at)) missing.push(`${relative(main, file)} looks for ${relative(main, at)}`);
      }
    }
    expect(sought.sort()).toEqual(['labelWorker.js', 'orderCheckWorker.js', 'orderFileWorker.js']);
    expect(missing).toEqual([]);
  });
});
