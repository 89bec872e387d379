// Starts the headless station (`npm run station -- --headless`) as a real child process, waits for its
// `local API listening on <base_url>` line, and can stop it cleanly or kill -9 it.
import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import { runCli } from './service';
import { cliArgs } from './cliBundle';

const ROOT = resolve(import.meta.dirname, '../..');

export interface StationPeer {
  localApiUrl: string;
  process: ChildProcess;
  output(): string;
  stop(signal?: NodeJS.Signals): Promise<number | string>;
}

/** `spawned`: told the process at once, for a test that kills it while it starts (before it listens). */
export async function startStationProcess(
  args: string[],
  timeoutMs = 30_000,
  spawned?: (child: ChildProcess) => void,
): Promise<StationPeer> {
  const child = spawn(process.execPath, [...cliArgs('src/station/hosts/cli.ts'), '--headless', ...args], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  spawned?.(child);
  let out = '';
  child.stdout.on('data', (c: Buffer) => {
    out += c.toString('utf8');
  });
  child.stderr.on('data', (c: Buffer) => {
    out += c.toString('utf8');
  });
  const exited = new Promise<number | string>((done) =>
    child.once('exit', (code, signal) => done(code ?? signal ?? -1)),
  );
  const localApiUrl = await new Promise<string>((done, fail) => {
    const timer = setTimeout(() => fail(new Error(`station did not start in time:\n${out}`)), timeoutMs);
    child.stdout.on('data', () => {
      const match = /^local API listening on (\S+)$/m.exec(out);
      if (match?.[1]) {
        clearTimeout(timer);
        done(match[1]);
      }
    });
    void exited.then((code) => {
      clearTimeout(timer);
      fail(new Error(`station exited (${code}) before listening:\n${out}`));
    });
  });
  return {
    localApiUrl,
    process: child,
    output: () => out,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}

/** Runs the headless station to its exit (for start-up refusals); bounded in time. */
export function runStationCli(args: string[], timeoutMs = 30_000): Promise<{ code: number | null; output: string }> {
  return runCli('src/station/hosts/cli.ts', ['--headless', ...args], timeoutMs);
}
