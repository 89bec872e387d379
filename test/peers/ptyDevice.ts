// A character device that records what is written to it: the slave side of a pseudo-terminal in raw mode, made by
// util-linux's `script` (Debian's essential bsdutils), whose output is the bytes written to that terminal.
import { spawn } from 'node:child_process';

export interface PtyDevice {
  /** /dev/pts/N */
  path: string;
  /** Every byte written to the device so far. */
  bytes(): Buffer;
  close(): Promise<void>;
}

export async function startPtyDevice(timeoutMs = 10_000): Promise<PtyDevice> {
  // Raw and without echo, so bytes arrive as written (no CR added to LF); `tty` names the device; alive for a minute at
  // most, so a lost test cannot leave it behind.
  const child = spawn('script', ['-qfc', 'stty raw -echo; tty; sleep 60', '/dev/null'], {
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let out = Buffer.alloc(0);
  child.stdout.on('data', (chunk: Buffer) => {
    out = Buffer.concat([out, chunk]);
  });
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  const path = await new Promise<string>((done, fail) => {
    const timer = setTimeout(() => fail(new Error(`pty device not ready: ${out.toString()}`)), timeoutMs);
    const check = () => {
      const line = /^(\/dev\/\S+)\r?\n/.exec(out.toString('latin1'));
      if (!line?.[1]) return;
      clearTimeout(timer);
      child.stdout.off('data', check);
      done(line[1]);
    };
    child.stdout.on('data', check);
    child.once('error', (error) => {
      clearTimeout(timer);
      fail(error);
    });
  });
  const start = /^\/dev\/\S+\r?\n/.exec(out.toString('latin1'))?.[0].length ?? 0;
  return {
    path,
    bytes: () => out.subarray(start),
    async close() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
}
