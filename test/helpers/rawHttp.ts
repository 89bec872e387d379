// Plain node:http requests for what fetch cannot do: send a Host header of our choosing (DNS rebinding) and leave
// from a chosen loopback address (`localAddress`, 127.0.0.x only), so tests can be "another client".
import { Agent, request } from 'node:http';

export interface RawAnswer {
  status: number;
  body: unknown;
}

export interface RawOptions {
  method?: string;
  headers?: Record<string, string>;
  body?: unknown;
  /** One agent per client address keeps its connection alive across a test's requests. */
  agent?: Agent;
}

/** A keep-alive agent whose connections leave from `localAddress` (loopback only). */
export function clientAt(localAddress: `127.${number}.${number}.${number}`): Agent {
  return new Agent({ keepAlive: true, maxSockets: 1, localAddress });
}

export function rawRequest(url: string, options: RawOptions = {}): Promise<RawAnswer> {
  const body = options.body === undefined ? undefined : JSON.stringify(options.body);
  return new Promise((done, fail) => {
    const req = request(
      url,
      {
        method: options.method ?? 'GET',
        agent: options.agent,
        headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...options.headers },
        timeout: 20_000,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let parsed: unknown = text;
          try {
            parsed = JSON.parse(text);
          } catch {
            // Not JSON: keep the text so a test can show what came back.
          }
          done({ status: res.statusCode ?? 0, body: parsed });
        });
      },
    );
    req.on('timeout', () => req.destroy(new Error(`no answer from ${url} in 20 s`)));
    req.on('error', fail);
    req.end(body);
  });
}
