// Starts our own `serve` entry point as a real child process on port 0 over a real SQLite folder, and waits for its
// `listening on <base_url>` line. The same peer is the remote that sync tests talk to.
import { spawn, type ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { cliArgs } from './cliBundle';

const ROOT = resolve(import.meta.dirname, '../..');

export interface ServicePeer {
  baseUrl: string;
  dataDir: string;
  process: ChildProcess;
  output(): string;
  /** Sends a signal and waits for the exit; returns the exit code (or signal name). */
  stop(signal?: NodeJS.Signals): Promise<number | string>;
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

export async function startService(options: StartOptions): Promise<ServicePeer> {
  let configFile: string | undefined;
  if (options.config !== undefined) {
    configFile = join(options.dataDir, 'config.json');
    writeFileSync(configFile, JSON.stringify(options.config));
  }
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
