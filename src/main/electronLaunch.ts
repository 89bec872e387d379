// What `npm start` decides before it runs anything: its flags, whether out/ is older than the sources, and whether this
// machine has Electron's binary. Node built-ins only: the `electron` module is never loaded (loading it downloads the
// binary since Electron 42, and that fails offline).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';

/** Printed by src/main/index.ts once the window shows; the launcher trusts Electron only after seeing it. */
export const READY_LINE = 'station window ready';
/** Exit code of a second Electron instance: the window already open was brought forward instead. */
export const ALREADY_RUNNING_EXIT_CODE = 3;
/** Argument that carries `--data DIR` to the Electron main process. */
export const DATA_FLAG = '--station-data=';

export const USAGE = `usage: npm start -- [--data DIR] [--port N] [--no-build]
  --data DIR    the station's data folder (window: the user's app-data folder; browser: ./data/station)
  --port N      browser station port on 127.0.0.1 (default: the last start's when free, else any; 0: any free port)
  --no-build    use out/ as it is, without rebuilding`;

export interface LauncherArgs {
  dataDir: string | undefined;
  /** Not given: the browser station's last port (its address is kept in the data folder). */
  port: number | undefined;
  build: boolean;
  help: boolean;
}

export function parseLauncherArgs(
  argv: readonly string[],
): { ok: true; args: LauncherArgs } | { ok: false; message: string } {
  let values;
  try {
    values = parseArgs({
      args: [...argv],
      options: {
        data: { type: 'string' },
        port: { type: 'string' },
        'no-build': { type: 'boolean', default: false },
        help: { type: 'boolean', default: false },
      },
      strict: true,
      allowPositionals: false,
    }).values;
  } catch (error) {
    return { ok: false, message: `${(error as Error).message}\n${USAGE}` };
  }
  const port = values.port === undefined ? undefined : Number(values.port);
  if (values.port !== undefined && (!/^\d+$/.test(values.port) || Number(port) > 65_535))
    return { ok: false, message: `invalid --port ${values.port}\n${USAGE}` };
  if (values.data !== undefined && values.data.trim() === '')
    return { ok: false, message: `invalid --data: empty\n${USAGE}` };
  return { ok: true, args: { dataDir: values.data, port, build: !values['no-build'], help: values.help } };
}

export type ElectronBinary =
  { found: true; executable: string; version: string | undefined } | { found: false; reason: string };

/** The folder of the installed `electron` package, found by resolution alone (its index.js is never evaluated). */
export function electronPackageDir(projectRoot: string): string | undefined {
  try {
    return dirname(createRequire(join(projectRoot, 'package.json')).resolve('electron/package.json'));
  } catch {
    return undefined;
  }
}

/**
 * Whether Electron's executable is on disk, the way the `electron` package itself finds it: `path.txt` names the
 * executable inside `dist/` (or inside ELECTRON_OVERRIDE_DIST_PATH). The npm package alone is not enough.
 */
export function findElectronBinary(
  electronDir: string | undefined,
  env: NodeJS.ProcessEnv = process.env,
): ElectronBinary {
  if (electronDir === undefined || !existsSync(join(electronDir, 'package.json'))) {
    return { found: false, reason: 'the electron package is not installed' };
  }
  let version: string | undefined;
  try {
    const pkg: unknown = JSON.parse(readFileSync(join(electronDir, 'package.json'), 'utf8'));
    if (typeof pkg === 'object' && pkg !== null && 'version' in pkg && typeof pkg.version === 'string')
      version = pkg.version;
  } catch {
    version = undefined;
  }
  const pathFile = join(electronDir, 'path.txt');
  const named = existsSync(pathFile) ? readFileSync(pathFile, 'utf8').trim() : '';
  const override = env.ELECTRON_OVERRIDE_DIST_PATH;
  if (!override && named === '') {
    return { found: false, reason: `Electron's binary was never downloaded (${pathFile} is missing)` };
  }
  if (isAbsolute(named)) return { found: false, reason: `${pathFile} names an absolute path` };
  const executable = override ? join(override, named || 'electron') : join(electronDir, 'dist', named);
  try {
    if (!statSync(executable).isFile()) return { found: false, reason: `${executable} is not a file` };
  } catch {
    return { found: false, reason: `${executable} is missing` };
  }
  return { found: true, executable, version };
}

function newestMtime(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

/** True when an output is missing or an input (file or folder, recursively) changed after the oldest output. */
export function isBuildStale(inputs: readonly string[], outputs: readonly string[]): boolean {
  let oldestOutput = Number.POSITIVE_INFINITY;
  for (const output of outputs) {
    if (!existsSync(output)) return true;
    oldestOutput = Math.min(oldestOutput, statSync(output).mtimeMs);
  }
  const newestInput = inputs
    .filter((input) => existsSync(input))
    .reduce((max, input) => Math.max(max, newestMtime(input)), 0);
  return newestInput > oldestOutput;
}

/** The files `electron-vite build` writes and `npm start` needs, relative to the project root. */
export function buildOutputs(projectRoot: string): {
  main: string;
  preload: string;
  rendererDir: string;
  rendererIndex: string;
} {
  const rendererDir = resolve(projectRoot, 'out/renderer');
  return {
    main: resolve(projectRoot, 'out/main/index.js'),
    preload: resolve(projectRoot, 'out/preload/index.cjs'),
    rendererDir,
    rendererIndex: join(rendererDir, 'index.html'),
  };
}
