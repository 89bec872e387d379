// Starts our own `serve` entry point as a real child process on port 0 over a real SQLite folder, and waits for its
// `listening on <base_url>` line; or runs the same composition (src/service/app.ts) inside the test's own process,
// for the tests that are not about the process (its signals, kill -9, exit codes, stdout, locks between processes):
// a child costs about 1.3 s of CPU to start, plus its module loading. Either is the remote that sync tests talk to.
import { spawn, type ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { cliArgs } from './cliBundle';

const ROOT = resolve(import.meta.dirname, '../..');

/** A running service, in a process of its own or in the test's. */
export interface RunningService {
  baseUrl: string;
  dataDir: string;
  /** What the service has logged so far (a process: its stdout and stderr). */
  output(): string;
  /** Stops it cleanly: 0 once closed, 1 when closing failed (the exit codes of `npm run serve` on SIGTERM). */
  stop(): Promise<number | string>;
}

export interface ServicePeer extends RunningService {
  process: ChildProcess;
  /** Sends a signal and waits for the exit; returns the exit code (or signal name). */
  stop(signal?: NodeJS.Signals): Promise<number | string>;
}

export interface InProcessService extends RunningService {
  stop(): Promise<number>;
}

export interface StartOptions {
  dataDir: string;
  /** Written to <dataDir>/config.json and passed as --config. */
  config?: unknown;
  extraArgs?: string[];
  timeoutMs?: number;
  /** Added to the child's environment (e.g. NODE_EXTRA_CA_CERTS for a test CA). */
  env?: Record<string, string>;
}

export function serviceArgs(options: { dataDir: string; configFile?: string; extraArgs?: string[] }): string[] {
  return [
    ...cliArgs('src/service/cli.ts'),
    '--port',
    '0',
    '--host',
    '127.0.0.1',
    '--data',
    options.dataDir,
    ...(options.configFile ? ['--config', options.configFile] : []),
    ...(options.extraArgs ?? []),
  ];
}

/** Writes `config` to <dataDir>/config.json, the file given as --config; none without a config. */
function writeConfig(options: { dataDir: string; config?: unknown }): string | undefined {
  if (options.config === undefined) return undefined;
  const configFile = join(options.dataDir, 'config.json');
  writeFileSync(configFile, JSON.stringify(options.config));
  return configFile;
}

export async function startService(options: StartOptions): Promise<ServicePeer> {
  const configFile = writeConfig(options);
  const child = spawn(
    process.execPath,
    serviceArgs({ dataDir: options.dataDir, configFile, extraArgs: options.extraArgs }),
    {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
      ...(options.env ? { env: { ...process.env, ...options.env } } : {}),
    },
  );
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => {
    out += chunk.toString('utf8');
  });
  child.stderr.on('data', (chunk: Buffer) => {
    out += chunk.toString('utf8');
  });
  const exited = new Promise<number | string>((done) =>
    child.once('exit', (code, signal) => done(code ?? signal ?? -1)),
  );

  const baseUrl = await new Promise<string>((done, fail) => {
    const timer = setTimeout(
      () => fail(new Error(`service did not start in time:\n${out}`)),
      options.timeoutMs ?? 30_000,
    );
    const check = () => {
      const match = /^listening on (\S+)$/m.exec(out);
      if (match?.[1]) {
        clearTimeout(timer);
        done(match[1]);
      }
    };
    child.stdout.on('data', check);
    void exited.then((code) => {
      clearTimeout(timer);
      fail(new Error(`service exited (${code}) before listening:\n${out}`));
    });
  });

  return {
    baseUrl,
    dataDir: options.dataDir,
    process: child,
    output: () => out,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}

/**
 * Runs the service's composition (config file, data folder lock, engine, mail and partner workers, HTTP server) in this
 * process, as `npm run serve` would with the same options; `output()` holds the lines it would print, without the
 * ready line. A refusal to start rejects with the message the command line would print before exiting 2.
 */
export async function startServiceInProcess(
  options: Pick<StartOptions, 'dataDir' | 'config'> & { now?: () => number },
): Promise<InProcessService> {
  // Loaded when first used: the files that only start processes do not pay for the engine's modules.
  const { startServiceApp } = await import('../../src/service/app');
  const configFile = writeConfig(options);
  let out = '';
  const log = (line: string) => {
    out += `${line}\n`;
  };
  const app = await startServiceApp({
    dataDir: options.dataDir,
    ...(configFile ? { configFile } : {}),
    host: '127.0.0.1',
    port: 0,
    out: log,
    err: log,
    ...(options.now ? { now: options.now } : {}),
  });
  let stopped: Promise<number> | undefined;
  return {
    baseUrl: app.baseUrl,
    dataDir: options.dataDir,
    output: () => out,
    stop() {
      stopped ??= app.close().then(
        () => 0,
        (error: unknown) => {
          log(`error while closing: ${String(error)}`);
          return 1;
        },
      );
      return stopped;
    },
  };
}

/** Runs one of our command lines (a path under src/) to its exit, for start-up refusals; bounded in time. */
export function runCli(
  entry: string,
  args: string[],
  timeoutMs = 30_000,
): Promise<{ code: number | null; output: string }> {
  return new Promise((done) => {
    const child = spawn(process.execPath, [...cliArgs(entry), ...args], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (c: Buffer) => {
      output += c.toString('utf8');
    });
    child.stderr.on('data', (c: Buffer) => {
      output += c.toString('utf8');
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('exit', (code) => {
      clearTimeout(timer);
      done({ code, output });
    });
  });
}

/** Runs the service's CLI to completion (for start-up failures); bounded in time. */
export function runServiceCli(args: string[], timeoutMs = 30_000): Promise<{ code: number | null; output: string }> {
  return runCli('src/service/cli.ts', args, timeoutMs);
}
