// Starts a process of its own that claims orders of the service's queue on the same SQLite file (./child.ts), as a
// second service process would: resolves once its engine is open; `go()` starts its claims, `answers` are its outcomes.
import { spawn } from 'node:child_process';
import { join, resolve } from 'node:path';
import { cliArgs } from '../cliBundle';

const ROOT = resolve(import.meta.dirname, '../../..');

export interface ClaimAnswer {
  ref: string;
  kind: string;
  shipmentId: number | null;
}

export interface QueueClaimer {
  go(): void;
  /** Every answer, once the child has gone through its orders and exited. */
  answers: Promise<ClaimAnswer[]>;
}

export async function startQueueClaimer(
  file: string,
  apiKey: string,
  platform: string,
  refs: readonly string[],
  timeoutMs = 30_000,
): Promise<QueueClaimer> {
  const child = spawn(
    process.execPath,
    [...cliArgs(join(import.meta.dirname, 'child.ts')), file, apiKey, platform, refs.join(',')],
    { cwd: ROOT, stdio: ['pipe', 'pipe', 'pipe'] },
  );
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
  const exited = new Promise<number | string>((done) =>
    child.once('exit', (code, signal) => done(code ?? signal ?? -1)),
  );
  await new Promise<void>((done, fail) => {
    const timer = setTimeout(() => fail(new Error(`queue claimer not ready in time:\n${out}`)), timeoutMs);
    const poll = setInterval(() => {
      if (!/^ready$/m.test(out)) return;
      clearInterval(poll);
      clearTimeout(timer);
      done();
    }, 20);
    void exited.then((code) => {
      clearInterval(poll);
      clearTimeout(timer);
      fail(new Error(`queue claimer exited (${code}):\n${out}`));
    });
  });
  const answers = exited.then((code) => {
    if (code !== 0 || !/^done$/m.test(out)) throw new Error(`queue claimer failed (${code}):\n${out}`);
    return out
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as ClaimAnswer);
  });
  return { go: () => child.stdin.end('go\n'), answers };
}
