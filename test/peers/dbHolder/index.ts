// Starts another process on a station's SQLite file (./child.ts): one that holds the write lock for a while, or one
// that claims a print job and stays alive. Resolves once the child says it holds it.
import { spawn, type ChildProcess } from 'node:child_process';
import { join, resolve } from 'node:path';
import { cliArgs } from '../cliBundle';

const ROOT = resolve(import.meta.dirname, '../../..');

export interface DbHolder {
  process: ChildProcess;
  output(): string;
  /** Resolves when the child has exited (after its lock ended, or when killed). */
  exited: Promise<number | string>;
  kill(): Promise<number | string>;
}

export async function startDbHolder(
  file: string,
  action: 'lock' | 'claim',
  /** ms for a lock; a job id for a claim, or `id:counter` for a claim that read the label counter before sending. */
  value: number | string,
  timeoutMs = 20_000,
): Promise<DbHolder> {
  const child = spawn(
    process.execPath,
    [...cliArgs(join(import.meta.dirname, 'child.ts')), file, action, String(value)],
    {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let out = '';
  const exited = new Promise<number | string>((done) =>
    child.once('exit', (code, signal) => done(code ?? signal ?? -1)),
  );
  await new Promise<void>((done, fail) => {
    const timer = setTimeout(() => fail(new Error(`db holder not ready in time:\n${out}`)), timeoutMs);
    const read = (chunk: Buffer) => {
      out += chunk.toString('utf8');
      if (/^ready$/m.test(out)) {
        clearTimeout(timer);
        done();
      } else if (/^not claimed$/m.test(out)) {
        clearTimeout(timer);
        fail(new Error('db holder could not claim the job'));
      }
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    void exited.then((code) => {
      clearTimeout(timer);
      fail(new Error(`db holder exited (${code}):\n${out}`));
    });
  });
  return {
    process: child,
    output: () => out,
    exited,
    async kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      return exited;
    },
  };
}
