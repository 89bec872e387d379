// The bench's side of clockedService.ts: starts our service in a process of its own on a clock this process moves,
// and asks it, one message at a time, to move its clock, give its counts, or stop.
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ClockedReply, ClockedRequest, RemoteCounts } from './clockedService';

export interface ClockedRemote {
  baseUrl: string;
  /** The service's SQLite file. */
  file: string;
  /** The service's time from now on (epoch ms); resolves once it reads it. */
  setNow(ms: number): Promise<void>;
  counts(): Promise<RemoteCounts>;
  stop(): Promise<void>;
}

export async function startClockedRemote(dataDir: string, config: unknown, startMs: number): Promise<ClockedRemote> {
  const configFile = join(dataDir, 'config.json');
  writeFileSync(configFile, JSON.stringify(config));
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', join(import.meta.dirname, 'clockedService.ts'), dataDir, configFile, String(startMs)],
    { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] },
  );
  // The child answers each message once and in order: the oldest waiting reader takes the next reply.
  const readers: ((reply: ClockedReply) => void)[] = [];
  child.on('message', (reply: ClockedReply) => readers.shift()?.(reply));
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  void exited.then(() => {
    for (const read of readers.splice(0)) read({ error: 'the clocked service exited' });
  });
  const next = () => new Promise<ClockedReply>((read) => readers.push(read));
  const ask = async (request: ClockedRequest): Promise<ClockedReply> => {
    const reply = next();
    child.send(request);
    const answer = await reply;
    if ('error' in answer) throw new Error(answer.error);
    return answer;
  };
  const ready = await next();
  if (!('ready' in ready)) throw new Error(`the clocked service did not start: ${JSON.stringify(ready)}`);
  return {
    baseUrl: ready.ready,
    file: ready.file,
    setNow: async (ms) => {
      await ask({ now: ms });
    },
    async counts() {
      const answer = await ask({ counts: true });
      if (!('tracking' in answer)) throw new Error(`not counts: ${JSON.stringify(answer)}`);
      return answer;
    },
    async stop() {
      if (child.exitCode !== null) return;
      await ask({ stop: true });
      await exited;
    },
  };
}
