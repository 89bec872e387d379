// `npm start`: rebuilds out/ when the sources changed, opens the station window in Electron when this machine has
// Electron's binary, and otherwise (or when Electron does not come up) serves the same station to a browser on
// 127.0.0.1. Never loads the `electron` module (see electronLaunch.ts).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import {
  ALREADY_RUNNING_EXIT_CODE,
  buildOutputs,
  DATA_FLAG,
  electronPackageDir,
  findElectronBinary,
  isBuildStale,
  parseLauncherArgs,
  READY_LINE,
  USAGE,
  type LauncherArgs,
} from './electronLaunch';

const ROOT = resolve(import.meta.dirname, '../..');
const ELECTRON_START_TIMEOUT_MS = Number(process.env.STATION_ELECTRON_TIMEOUT_MS ?? 15_000);
const isWindows = process.platform === 'win32';

const say = (line: string): void => {
  process.stdout.write(`${line}\n`);
};

function exitWith(message: string, code = 1): never {
  process.stderr.write(`${message}\n`);
  process.exit(code);
}

/** Runs `electron-vite build` when out/ is missing or older than src/; keeps a previous out/ if the build fails. */
function ensureBuilt(outputs: ReturnType<typeof buildOutputs>): void {
  const inputs = [join(ROOT, 'src'), join(ROOT, 'electron.vite.config.ts'), join(ROOT, 'package.json')];
  if (!isBuildStale(inputs, [outputs.main, outputs.preload, outputs.rendererIndex])) {
    say('out/ is up to date: no build needed');
    return;
  }
  say('building the station (electron-vite build)…');
  const started = Date.now();
  const bin = join(
    dirname(createRequire(join(ROOT, 'package.json')).resolve('electron-vite/package.json')),
    'bin/electron-vite.js',
  );
  const built = spawnSync(process.execPath, [bin, 'build'], { cwd: ROOT, stdio: 'inherit' });
  if (built.status === 0) {
    say(`built out/ in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    return;
  }
  if (existsSync(outputs.rendererIndex)) {
    say('the build failed (see above): starting with the previous build in out/');
    return;
  }
  exitWith('the build failed (see above) and there is no previous build in out/: nothing to start');
}

const NATIVE_MARKER = join(ROOT, 'node_modules/.station-native-for-electron');
const SQLITE_BINARY = join(ROOT, 'node_modules/better-sqlite3/build/Release/better_sqlite3.node');

/**
 * better-sqlite3 is compiled for Node (the tests use it); Electron needs it compiled for its own ABI (ARCHITECTURE.md
 * §5). Rebuilt here only, and only when the compiled file changed since the last rebuild for this Electron version.
 */
function prepareNativeModules(electronVersion: string | undefined): void {
  const wanted = `electron ${electronVersion ?? 'unknown'}`;
  if (existsSync(NATIVE_MARKER) && existsSync(SQLITE_BINARY)) {
    const current = readFileSync(NATIVE_MARKER, 'utf8').trim() === wanted;
    if (current && statSync(SQLITE_BINARY).mtimeMs <= statSync(NATIVE_MARKER).mtimeMs) return;
  }
  const bin = (name: string): string => join(ROOT, 'node_modules/.bin', isWindows ? `${name}.cmd` : name);
  let command: string[] | undefined;
  if (existsSync(bin('electron-builder'))) command = ['electron-builder', 'install-app-deps'];
  else if (existsSync(bin('electron-rebuild'))) command = ['electron-rebuild', '-f', '-w', 'better-sqlite3'];
  if (!command) {
    say(
      'better-sqlite3 may still be compiled for Node, not for Electron, and no rebuild tool is installed. To use ' +
        'the window:',
    );
    say('  npx @electron/rebuild -f -w better-sqlite3      (and `npm rebuild better-sqlite3` before `npm test` again)');
    return;
  }
  say(`rebuilding better-sqlite3 for Electron ${electronVersion ?? ''} (${command.join(' ')})…`);
  const rebuilt = spawnSync('npx', ['--no-install', ...command], { cwd: ROOT, stdio: 'inherit', shell: isWindows });
  if (rebuilt.status === 0) {
    writeFileSync(NATIVE_MARKER, `${wanted}\n`);
    say('better-sqlite3 is now built for Electron (`npm test` rebuilds it for Node by itself)');
  } else {
    say('the rebuild of better-sqlite3 for Electron failed (see above)');
  }
}

type ElectronOutcome =
  { running: true; child: ChildProcess } | { running: false; alreadyOpen: boolean; reason: string };

/** Starts Electron on the project (package.json "main" = out/main/index.js) and waits for the window to show. */
function startElectron(executable: string, args: LauncherArgs): Promise<ElectronOutcome> {
  const env: NodeJS.ProcessEnv = { ...process.env, STATION_LAUNCHER: '1' };
  delete env.ELECTRON_RUN_AS_NODE;
  const argv = [ROOT, ...(args.dataDir ? [`${DATA_FLAG}${resolve(args.dataDir)}`] : [])];
  return new Promise((settle) => {
    let settled = false;
    let timer: NodeJS.Timeout | undefined = undefined;
    const done = (outcome: ElectronOutcome): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      settle(outcome);
    };
    const child = spawn(executable, argv, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    timer = setTimeout(() => {
      child.kill();
      done({ running: false, alreadyOpen: false, reason: `no window after ${ELECTRON_START_TIMEOUT_MS / 1000} s` });
    }, ELECTRON_START_TIMEOUT_MS);
    child.stderr?.pipe(process.stderr);
    if (child.stdout) {
      createInterface({ input: child.stdout }).on('line', (line) => {
        say(line);
        if (line.trim() === READY_LINE) done({ running: true, child });
      });
    }
    child.once('error', (error) => done({ running: false, alreadyOpen: false, reason: error.message }));
    child.once('exit', (code, signal) =>
      done({
        running: false,
        alreadyOpen: code === ALREADY_RUNNING_EXIT_CODE,
        reason: `Electron exited (${signal ?? `code ${code}`})`,
      }),
    );
  });
}

function keepElectronRunning(child: ChildProcess): void {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => child.kill(signal));
  child.once('exit', (code) => process.exit(code ?? 0));
}

async function startBrowserStation(args: LauncherArgs, outputs: ReturnType<typeof buildOutputs>): Promise<void> {
  if (!existsSync(outputs.rendererIndex))
    exitWith(`${outputs.rendererIndex} is missing: run npm start without --no-build`);
  // Loaded only here: the window path never needs the station in this process.
  const { startBrowserHost } = await import('../station/hosts/browserHost');
  const { hostCheckThread } = await import('../station/orders/checkThread');
  const dataDir = args.dataDir ? resolve(args.dataDir) : join(ROOT, 'data/station');
  const host = await startBrowserHost({
    dataDir,
    rendererDir: outputs.rendererDir,
    port: args.port,
    host: '127.0.0.1',
    // As the desktop app and the headless station: a file's checks share the order-check thread.
    station: { orderCheckThread: hostCheckThread() },
  });
  say(`browser station listening on ${host.url}`);

  let stopping = false;
  const stop = (signal: string): void => {
    if (stopping) return;
    stopping = true;
    say(`${signal}: closing`);
    host
      .close()
      .then(() => process.exit(0))
      .catch((error: unknown) => exitWith(`error while closing: ${String(error)}`));
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

async function main(): Promise<void> {
  const parsed = parseLauncherArgs(process.argv.slice(2));
  if (!parsed.ok) exitWith(parsed.message, 2);
  const { args } = parsed;
  if (args.help) {
    say(USAGE);
    return;
  }
  const outputs = buildOutputs(ROOT);
  if (args.build) ensureBuilt(outputs);

  const binary = findElectronBinary(electronPackageDir(ROOT));
  if (binary.found) {
    prepareNativeModules(binary.version);
    say(`starting Electron ${binary.version ?? ''}…`);
    const outcome = await startElectron(binary.executable, args);
    if (outcome.running) {
      keepElectronRunning(outcome.child);
      return;
    }
    if (outcome.alreadyOpen) {
      say('the station window is already open: brought it to the front');
      return;
    }
    say(`Electron did not start: ${outcome.reason}`);
  } else {
    say(`Electron: ${binary.reason}`);
  }
  say('Electron non disponibile su questa macchina: avvio la postazione nel browser.');
  say('Electron is not available on this machine: starting the station in the browser.');
  await startBrowserStation(args, outputs);
}

main().catch((error: unknown) => {
  // Another station or service on the same data folder: the message says which one; a stack would only hide it.
  if (error instanceof Error && error.name === 'FolderInUseError') exitWith(error.message);
  exitWith(`npm start failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
});
