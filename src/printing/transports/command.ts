// Runs an operating-system printing command (lp, lpstat) by name from PATH, with bytes on stdin, a time limit and
// the C locale, and answers what happened as data: missing, exited with a code, or stopped at the time limit.
import { spawn } from 'node:child_process';

export interface CommandOptions {
  /** Environment of the command (PATH finds it); the process's own by default. */
  env?: NodeJS.ProcessEnv;
  input?: Uint8Array;
  timeoutMs: number;
}

export type CommandResult =
  | { kind: 'missing'; error: string }
  /** It could not be started for another reason (permissions, too many processes): it did nothing. */
  | { kind: 'failed'; error: string }
  | { kind: 'exited'; code: number; stdout: string; stderr: string }
  /** Killed at the time limit or by a signal: whatever it was doing may or may not have happened. */
  | { kind: 'stopped'; reason: string; stdout: string; stderr: string };

/** lpstat's answer for a long queue list is a few kilobytes; more than this is not read. */
const MAX_OUTPUT_BYTES = 1024 * 1024;

export function runCommand(command: string, args: readonly string[], options: CommandOptions): Promise<CommandResult> {
  return new Promise((resolve) => {
    // The C locale keeps lpstat's words English, so its answer can be read whatever the desktop's language.
    const env = { ...(options.env ?? process.env), LC_ALL: 'C', LANG: 'C' };
    const child = spawn(command, args, { env, stdio: ['pipe', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    let outBytes = 0;
    let settled = false;
    const collect = (into: Buffer[]) => (chunk: Buffer) => {
      if (outBytes >= MAX_OUTPUT_BYTES) return;
      into.push(chunk);
      outBytes += chunk.length;
    };
    const text = (chunks: Buffer[]) => Buffer.concat(chunks).toString('utf8');
    const settle = (result: CommandResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(result);
    };

    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      settle({
        kind: 'stopped',
        reason: `${command}: nessuna risposta entro ${options.timeoutMs} ms`,
        stdout: text(out),
        stderr: text(err),
      });
    }, options.timeoutMs);

    child.stdout.on('data', collect(out));
    child.stderr.on('data', collect(err));
    child.once('error', (error: NodeJS.ErrnoException) => {
      const kind = error.code === 'ENOENT' ? 'missing' : 'failed';
      settle({ kind, error: `${command}: ${error.message}` });
    });
    child.once('close', (code, signal) => {
      if (code === null)
        settle({
          kind: 'stopped',
          reason: `${command}: terminato dal segnale ${signal ?? '?'}`,
          stdout: text(out),
          stderr: text(err),
        });
      else settle({ kind: 'exited', code, stdout: text(out), stderr: text(err) });
    });
    // A command that refuses before reading (an unknown queue) closes its stdin: its exit code tells, not EPIPE.
    child.stdin.on('error', () => undefined);
    child.stdin.end(options.input ?? Buffer.alloc(0));
  });
}
