// A real HTTP client that streams a large request body (with a Content-Length or chunked) and says what it met: the
// status it read, or the socket error that stopped it (EPIPE, ECONNRESET…), or a time-out.
import { request } from 'node:http';

export async function upload(
  url: URL,
  size: number,
  options: { chunked: boolean; headers?: Record<string, string> },
): Promise<string> {
  return new Promise((resolve) => {
    const req = request({
      host: url.hostname,
      port: url.port,
      path: `${url.pathname}${url.search}`,
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...options.headers,
        ...(options.chunked ? {} : { 'content-length': String(size) }),
      },
    });
    let settled = false;
    const settle = (outcome: string) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(outcome);
    };
    const timer = setTimeout(() => {
      req.destroy();
      settle('timeout');
    }, 30_000);
    req.on('response', (res) => {
      res.resume();
      res.on('end', () => settle(String(res.statusCode)));
      res.on('error', (error: NodeJS.ErrnoException) => settle(error.code ?? error.message));
    });
    req.on('error', (error: NodeJS.ErrnoException) => settle(error.code ?? error.message));
    const chunk = Buffer.alloc(64 * 1024, 0x61);
    let sent = 0;
    const write = () => {
      while (sent < size && !req.destroyed) {
        const n = Math.min(chunk.length, size - sent);
        sent += n;
        if (!req.write(n === chunk.length ? chunk : chunk.subarray(0, n))) {
          req.once('drain', write);
          return;
        }
      }
      req.end();
    };
    write();
  });
}

/** How many times each outcome came, e.g. { "413": 16 }. */
export function tally(outcomes: readonly string[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const outcome of outcomes) counts[outcome] = (counts[outcome] ?? 0) + 1;
  return counts;
}
