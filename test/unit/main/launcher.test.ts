// `npm start` knows whether this machine has Electron's binary without loading the electron module, and rebuilds only
// when the sources are newer than out/.
import { mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { findElectronBinary, isBuildStale, parseLauncherArgs } from '../../../src/main/electronLaunch';
import { removeTempDirs, tempDir } from '../../helpers/tmp';

vi.mock('electron', () => {
  throw new Error('a test must never load the real electron module');
});

afterEach(removeTempDirs);

/** A node_modules/electron folder as npm leaves it: package files, and path.txt + dist/ only once the binary came. */
function electronPackage(options: { pathTxt?: string; distFile?: string } = {}): string {
  const dir = join(tempDir('electron-pkg-'), 'electron');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'electron', version: '45.4.1' }));
  writeFileSync(join(dir, 'index.js'), "throw new Error('must not be evaluated');\n");
  if (options.pathTxt !== undefined) writeFileSync(join(dir, 'path.txt'), options.pathTxt);
  if (options.distFile !== undefined) {
    mkdirSync(join(dir, 'dist', options.distFile, '..'), { recursive: true });
    writeFileSync(join(dir, 'dist', options.distFile), '');
  }
  return dir;
}

describe('finding the Electron binary', () => {
  it('finds the executable path.txt names inside dist/', () => {
    const dir = electronPackage({ pathTxt: 'electron', distFile: 'electron' });

    expect(findElectronBinary(dir, {})).toEqual({
      found: true,
      executable: join(dir, 'dist', 'electron'),
      version: '45.4.1',
    });
  });

  it('finds a macOS app bundle path as path.txt writes it', () => {
    const inner = 'Electron.app/Contents/MacOS/Electron';
    const dir = electronPackage({ pathTxt: inner, distFile: inner });

    expect(findElectronBinary(dir, {})).toMatchObject({ found: true, executable: join(dir, 'dist', inner) });
  });

  it('reports the binary missing when the package is installed but never downloaded it (no path.txt)', () => {
    const result = findElectronBinary(electronPackage(), {});

    expect(result).toMatchObject({ found: false, reason: expect.stringContaining('path.txt') });
  });

  it('reports the binary missing when path.txt is there but dist/ is not', () => {
    expect(findElectronBinary(electronPackage({ pathTxt: 'electron' }), {})).toMatchObject({
      found: false,
      reason: expect.stringContaining('missing'),
    });
  });

  it('reports the binary missing when path.txt names something else', () => {
    expect(findElectronBinary(electronPackage({ pathTxt: 'electron', distFile: 'electron.exe' }), {}).found).toBe(
      false,
    );
    expect(findElectronBinary(electronPackage({ pathTxt: '/usr/bin/sh' }), {}).found).toBe(false);
  });

  it('reports the package missing', () => {
    expect(findElectronBinary(undefined, {})).toMatchObject({
      found: false,
      reason: 'the electron package is not installed',
    });
    expect(findElectronBinary(join(tempDir(), 'nothing'), {}).found).toBe(false);
  });

  it('honours ELECTRON_OVERRIDE_DIST_PATH like the electron package does', () => {
    const dist = tempDir('electron-dist-');
    writeFileSync(join(dist, 'electron'), '');

    expect(findElectronBinary(electronPackage(), { ELECTRON_OVERRIDE_DIST_PATH: dist })).toMatchObject({
      found: true,
      executable: join(dist, 'electron'),
    });
  });
});

describe('deciding whether to build', () => {
  const at = (path: string, seconds: number): void => utimesSync(path, seconds, seconds);

  function project(): { src: string; file: string; outputs: string[] } {
    const root = tempDir('project-');
    mkdirSync(join(root, 'src/main'), { recursive: true });
    mkdirSync(join(root, 'out'), { recursive: true });
    const file = join(root, 'src/main/index.ts');
    writeFileSync(file, '');
    const outputs = ['a.js', 'b.cjs'].map((name) => join(root, 'out', name));
    for (const output of outputs) writeFileSync(output, '');
    at(file, 1_000);
    at(join(root, 'src/main'), 1_000);
    at(join(root, 'src'), 1_000);
    for (const output of outputs) at(output, 2_000);
    return { src: join(root, 'src'), file, outputs };
  }

  it('skips the build when every output is newer than every source', () => {
    const { src, outputs } = project();
    expect(isBuildStale([src], outputs)).toBe(false);
  });

  it('builds when a source file changed after the build', () => {
    const { src, file, outputs } = project();
    at(file, 3_000);
    expect(isBuildStale([src], outputs)).toBe(true);
  });

  it('builds when an output is missing', () => {
    const { src, outputs } = project();
    expect(isBuildStale([src], [...outputs, join(src, '../out/renderer/index.html')])).toBe(true);
  });
});

describe('npm start flags', () => {
  it("defaults to the browser station's last port (none asked), the default data folder and a build", () => {
    expect(parseLauncherArgs([])).toEqual({
      ok: true,
      args: { dataDir: undefined, port: undefined, build: true, help: false },
    });
  });

  it('reads --data, --port and --no-build', () => {
    expect(parseLauncherArgs(['--data', './bench', '--port', '8123', '--no-build'])).toEqual({
      ok: true,
      args: { dataDir: './bench', port: 8123, build: false, help: false },
    });
  });

  it('refuses a bad port or an unknown flag with the usage', () => {
    for (const argv of [['--port', 'abc'], ['--port', '70000'], ['--port', '-1'], ['--verbose']]) {
      const parsed = parseLauncherArgs(argv);
      expect(parsed.ok, argv.join(' ')).toBe(false);
      if (!parsed.ok) expect(parsed.message).toContain('usage: npm start');
    }
  });
});
