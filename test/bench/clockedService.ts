// The remote of the tracking benchmark (tracking.ts): `npm run serve`'s composition (src/service/app.ts) in a process
// of its own, so the bench's process measures the station's CPU alone, on a clock the bench moves over IPC (the CLI
// has no clock option), counting the GETs it answers (all, tracking, refused with 403) as the remote's own record.
// Run as `node --import tsx clockedService.ts <dataDir> <configFile> <startMs>` with an IPC channel.
import { subscribe } from 'node:diagnostics_channel';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { startServiceApp } from '../../src/service/app';

/** What the bench asks: move the clock, read the counts, stop. Each is answered once, in order. */
export type ClockedRequest = { now: number } | { counts: true } | { stop: true };

export interface RemoteCounts {
  gets: number;
  tracking: number;
  /** Answers 403: the remote's limit refused a request (or a key). */
  refused: number;
}

export type ClockedReply = { ready: string; file: string } | { ok: true } | RemoteCounts | { error: string };

const [dataDir, configFile, startMs] = process.argv.slice(2);
const send = (reply: ClockedReply) => process.send?.(reply);
let now = Number(startMs);
const counts: RemoteCounts = { gets: 0, tracking: 0, refused: 0 };
subscribe('http.server.request.start', (message) => {
  const { request } = message as { request: IncomingMessage };
  if (request.method !== 'GET') return;
  counts.gets += 1;
  if ((request.url ?? '').split('?')[0]?.endsWith('/tracking')) counts.tracking += 1;
});
subscribe('http.server.response.finish', (message) => {
  if ((message as { response: ServerResponse }).response.statusCode === 403) counts.refused += 1;
});

try {
  if (!dataDir || !configFile || !Number.isFinite(now)) throw new Error('usage: <dataDir> <configFile> <startMs>');
  const app = await startServiceApp({
    dataDir,
    configFile,
    host: '127.0.0.1',
    port: 0,
    out: () => undefined,
    err: (line) => process.stderr.write(`${line}\n`),
    now: () => now,
  });
  process.on('message', (request: ClockedRequest) => {
    if ('now' in request) {
      now = request.now;
      send({ ok: true });
    } else if ('counts' in request) {
      send({ ...counts });
    } else {
      void app.close().then(() => {
        send({ ok: true });
        process.disconnect();
      });
    }
  });
  send({ ready: app.baseUrl, file: app.file });
} catch (error) {
  send({ error: error instanceof Error ? error.message : String(error) });
  process.disconnect();
}
