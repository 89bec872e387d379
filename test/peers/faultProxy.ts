// A fault-injecting HTTP proxy peer between the sync worker and the remote service: it forwards requests as a real
// reverse proxy would, and on plan drops, delays, fails, loses or cuts them, so sync tests meet the network's failures.
import http, { type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { seededRandom } from '../helpers/random';

export type FaultKind = 'pass' | 'drop' | 'delay' | 'error5xx' | 'loseResponse' | 'reset' | 'throttle' | 'answer';

// New kinds go last: a seeded random plan draws the same sequence for the kinds it already had.
export const FAULT_KINDS: readonly FaultKind[] = [
  'pass',
  'drop',
  'delay',
  'error5xx',
  'loseResponse',
  'reset',
  'throttle',
  'answer',
];

export type Fault =
  | { kind: 'pass' }
  /** The client socket is destroyed before anything is forwarded: the remote never sees the request. */
  | { kind: 'drop' }
  /** 'request' holds the request back before forwarding; 'response' holds the remote's answer back (a slow reply). */
  | { kind: 'delay'; ms: number; phase?: 'request' | 'response' }
  /** Answered by the proxy itself with a small JSON body; the remote never sees the request. */
  | { kind: 'error5xx'; status?: 500 | 502 | 503 }
  /** The remote answers in full (so it committed), then the client socket is destroyed: an unknown outcome. */
  | { kind: 'loseResponse' }
  /**
   * Status line, headers and `afterBytes` body bytes (default: half the first chunk) reach the client, then the cut.
   */
  | { kind: 'reset'; afterBytes?: number }
  /**
   * The real aggregator's rate limit: 403 answered by the proxy itself (the remote never sees the request), with no
   * documented body: by default the plain text "403 - FORBIDDEN"; `body` and `contentType` give any other.
   */
  | { kind: 'throttle'; body?: string; contentType?: string }
  /**
   * An answer made by the proxy itself (the remote never sees the request): by default a 200 HTML page, as a login
   * wall or a misrouted proxy gives; any status, body and content type otherwise.
   */
  | { kind: 'answer'; status?: number; body?: string; contentType?: string };

/** A step of a script: a fault, or the bare kind for those that need no parameter. */
export type FaultStep = Fault | Exclude<FaultKind, 'delay'>;

/** Requests that do not match pass through untouched and consume nothing from the plan. */
export interface FaultMatch {
  method?: string;
  pathIncludes?: string;
}

export type FaultPlan =
  | { script: FaultStep[]; match?: FaultMatch }
  | {
      random: { seed: number; probabilities: Partial<Record<FaultKind, number>>; delayMs?: number };
      match?: FaultMatch;
    };

export interface FaultStats {
  seen: number;
  forwarded: number;
  /** Every request seen gets exactly one kind, 'pass' included, so these add up to `seen`. */
  faults: Record<FaultKind, number>;
  /** The kinds applied, in arrival order (the most recent 1,000). */
  sequence: FaultKind[];
}

export interface FaultProxy {
  /** Stands in for `upstream`: a path on it (such as the instance segment) is prefixed to every forwarded path. */
  url: string;
  /** Replace the fault plan; faults apply to requests in arrival order. Counters are kept. */
  setPlan(plan: FaultPlan): void;
  /** Counters for assertions: requests seen, forwarded, faults applied by kind. */
  stats(): FaultStats;
  /** Go fully offline (close every open connection and every new one at once) or back online. */
  setOffline(offline: boolean): void;
  close(): Promise<void>;
}

export interface FaultProxyOptions {
  /** Request bodies above this are answered 413 instead of forwarded. */
  maxBodyBytes?: number;
  /** Told of each request as it arrives (method, path with its query): a test counting what the remote was asked. */
  onRequest?(method: string, path: string): void;
}

const MAX_BODY_BYTES = 4 * 1024 * 1024;
const MAX_DELAY_MS = 60_000;
const MAX_SCRIPT_STEPS = 10_000;
const SEQUENCE_LIMIT = 1_000;
const UPSTREAM_TIMEOUT_MS = 30_000;
const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);
// Hop-by-hop headers (RFC 9110 §7.6.1) belong to one connection and are never forwarded.
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'upgrade',
]);
const ERROR_STATUSES = [500, 502, 503] as const;

type Chooser = (method: string, path: string) => Fault;

export async function startFaultProxy(upstream: string, options: FaultProxyOptions = {}): Promise<FaultProxy> {
  const target = new URL(upstream);
  if (target.protocol !== 'http:' || !LOOPBACK_HOSTS.has(target.hostname)) {
    throw new Error(`fault proxy only forwards to a loopback http address, not ${upstream}`);
  }
  // A base path on the upstream (e.g. an instance segment) is prefixed to every forwarded path.
  const basePath = target.pathname.replace(/\/$/, '');
  const maxBody = options.maxBodyBytes ?? MAX_BODY_BYTES;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 32 });
  const sockets = new Set<Socket>();
  const timers = new Set<NodeJS.Timeout>();
  const faults = Object.fromEntries(FAULT_KINDS.map((kind) => [kind, 0])) as Record<FaultKind, number>;
  const counters = { seen: 0, forwarded: 0, faults, sequence: [] as FaultKind[] };
  let choose: Chooser = chooserFor({ script: [] });
  let offline = false;
  let closed = false;

  const later = (ms: number, run: () => void) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      run();
    }, ms);
    timers.add(timer);
  };

  const forward = (req: IncomingMessage, res: ServerResponse, fault: Fault) => {
    if (Number(req.headers['content-length'] ?? 0) > maxBody) return tooLarge(req, res, maxBody);
    counters.forwarded += 1;
    let upstreamDone = false;
    const upReq = http.request({
      protocol: 'http:',
      hostname: target.hostname.replace(/^\[|\]$/g, ''),
      port: target.port,
      method: req.method,
      path: `${basePath}${req.url ?? '/'}`,
      headers: { ...withoutHopByHop(req.headers), host: target.host },
      agent,
    });
    upReq.setTimeout(UPSTREAM_TIMEOUT_MS, () => upReq.destroy(new Error('upstream timed out')));
    upReq.on('error', () => {
      if (res.headersSent) res.destroy();
      else answer(res, 502, { error: 'fault proxy: upstream unreachable' });
    });
    // The client going away aborts the upstream exchange, as a real proxy would; a finished one is left alone because
    // its socket has gone back to the agent's pool.
    res.on('close', () => {
      if (!upstreamDone) upReq.destroy();
    });
    let received = 0;
    req.on('data', (chunk: Buffer) => {
      if (received > maxBody) return;
      received += chunk.length;
      if (received > maxBody) {
        upReq.destroy();
        tooLarge(req, res, maxBody);
      }
    });
    req.pipe(upReq);
    upReq.on('response', (upRes) => {
      upRes.on('end', () => {
        upstreamDone = true;
      });
      // The remote dying mid-answer is passed on as the same cut.
      upRes.on('close', () => {
        if (!upRes.complete) res.destroy();
      });
      upRes.on('error', () => res.destroy());
      if (fault.kind === 'loseResponse') {
        upRes.on('end', () => req.socket.destroy());
        upRes.resume();
      } else if (fault.kind === 'reset') {
        cutMidResponse(upRes, res, fault.afterBytes);
      } else if (fault.kind === 'delay' && fault.phase === 'response') {
        later(fault.ms, () => {
          if (res.destroyed) upRes.destroy();
          else relay(upRes, res);
        });
      } else {
        relay(upRes, res);
      }
    });
  };

  const server = http.createServer((req, res) => {
    counters.seen += 1;
    options.onRequest?.(req.method ?? '', req.url ?? '');
    const fault = choose(req.method ?? 'GET', req.url ?? '/');
    counters.faults[fault.kind] += 1;
    counters.sequence.push(fault.kind);
    if (counters.sequence.length > SEQUENCE_LIMIT) counters.sequence.shift();
    switch (fault.kind) {
      case 'drop':
        req.socket.destroy();
        return;
      case 'error5xx':
        req.resume();
        answer(res, fault.status ?? 503, { error: `fault proxy: injected ${fault.status ?? 503}` });
        return;
      case 'throttle': {
        req.resume();
        const text = fault.body ?? '403 - FORBIDDEN';
        res.writeHead(403, {
          'content-type': fault.contentType ?? 'text/plain; charset=utf-8',
          'content-length': Buffer.byteLength(text),
        });
        res.end(text);
        return;
      }
      case 'answer': {
        req.resume();
        const text = fault.body ?? '<!DOCTYPE html><html><body><h1>Accesso richiesto</h1></body></html>';
        res.writeHead(fault.status ?? 200, {
          'content-type': fault.contentType ?? 'text/html; charset=utf-8',
          'content-length': Buffer.byteLength(text),
        });
        res.end(text);
        return;
      }
      case 'delay':
        if (fault.phase !== 'response') {
          later(fault.ms, () => {
            if (!req.socket.destroyed) forward(req, res, fault);
          });
          return;
        }
        forward(req, res, fault);
        return;
      default:
        forward(req, res, fault);
    }
  });
  server.on('connection', (socket: Socket) => {
    if (offline || closed) {
      socket.destroy();
      return;
    }
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  server.on('clientError', (_error, socket) => socket.destroy());

  await new Promise<void>((done, fail) => {
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      server.off('error', fail);
      done();
    });
  });
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('fault proxy has no TCP address');

  const dropEverything = () => {
    for (const socket of sockets) socket.destroy();
    sockets.clear();
  };

  return {
    url: `http://127.0.0.1:${address.port}`,
    setPlan(plan) {
      choose = chooserFor(plan);
    },
    stats() {
      return {
        seen: counters.seen,
        forwarded: counters.forwarded,
        faults: { ...faults },
        sequence: [...counters.sequence],
      };
    },
    setOffline(value) {
      offline = value;
      if (value) dropEverything();
    },
    async close() {
      if (closed) return;
      closed = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      dropEverything();
      agent.destroy();
      await new Promise<void>((done) => server.close(() => done()));
    },
  };
}

function relay(upRes: IncomingMessage, res: ServerResponse): void {
  res.writeHead(upRes.statusCode ?? 502, upRes.statusMessage, withoutHopByHop(upRes.headers));
  upRes.pipe(res);
}

/**
 * Sends the head and a strict prefix of the body, then destroys the socket. One chunk is held back so the final byte
 * is never sent: a Content-Length client would otherwise see a complete body and no fault at all.
 */
function cutMidResponse(upRes: IncomingMessage, res: ServerResponse, afterBytes: number | undefined): void {
  res.writeHead(upRes.statusCode ?? 502, upRes.statusMessage, withoutHopByHop(upRes.headers));
  let limit = afterBytes;
  let sent = 0;
  let held: Buffer | undefined;
  let cut = false;
  const cutNow = () => {
    if (cut) return;
    cut = true;
    // The write callback runs once the bytes are handed to the kernel, so the prefix goes out before the FIN.
    res.write(Buffer.alloc(0), () => {
      res.socket?.destroy();
      upRes.destroy();
    });
  };
  const send = (chunk: Buffer) => {
    const room = (limit ?? 0) - sent;
    if (room <= 0) return;
    const part = chunk.subarray(0, room);
    sent += part.length;
    res.write(part);
  };
  upRes.on('data', (chunk: Buffer) => {
    if (cut) return;
    limit ??= Math.floor(chunk.length / 2);
    if (held) send(held);
    held = chunk;
    if (sent >= limit) cutNow();
  });
  upRes.on('end', () => {
    if (held) send(held.subarray(0, held.length - 1));
    cutNow();
  });
  res.flushHeaders();
}

function tooLarge(req: IncomingMessage, res: ServerResponse, maxBody: number): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  // The rest of the body is not read: the connection closes after the answer instead of draining it.
  res.setHeader('connection', 'close');
  answer(res, 413, { error: `fault proxy: request body over ${maxBody} bytes` });
  req.unpipe();
}

function answer(res: ServerResponse, status: number, body: Record<string, string>): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
  });
  res.end(text);
}

function withoutHopByHop(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  const named = String(headers.connection ?? '')
    .split(',')
    .map((name) => name.trim().toLowerCase());
  const kept: IncomingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined && !HOP_BY_HOP.has(name) && !named.includes(name)) kept[name] = value;
  }
  return kept;
}

function chooserFor(plan: FaultPlan): Chooser {
  const matches = (method: string, path: string) =>
    (plan.match?.method === undefined || plan.match.method.toUpperCase() === method.toUpperCase()) &&
    (plan.match?.pathIncludes === undefined || path.includes(plan.match.pathIncludes));
  const pass: Fault = { kind: 'pass' };

  if ('script' in plan) {
    if (plan.script.length > MAX_SCRIPT_STEPS) throw new Error(`a fault script has at most ${MAX_SCRIPT_STEPS} steps`);
    const steps = plan.script.map((step): Fault => (typeof step === 'string' ? { kind: step } : step));
    steps.forEach(checkFault);
    let next = 0;
    return (method, path) => (matches(method, path) && next < steps.length ? (steps[next++] ?? pass) : pass);
  }

  const { seed, probabilities, delayMs = 50 } = plan.random;
  checkFault({ kind: 'delay', ms: delayMs });
  let total = 0;
  // A fixed kind order makes the same seed give the same sequence whatever order the caller wrote the keys in.
  const buckets = FAULT_KINDS.filter((kind) => kind !== 'pass').map((kind) => {
    const p = probabilities[kind] ?? 0;
    if (!(p >= 0 && p <= 1)) throw new Error(`probability of ${kind} must be within 0..1, got ${p}`);
    total += p;
    return { kind, upTo: total };
  });
  if (total > 1 + 1e-9) throw new Error(`fault probabilities add up to ${total}, over 1`);
  const random = seededRandom(seed);
  return (method, path): Fault => {
    if (!matches(method, path)) return pass;
    const draw = random();
    const kind = buckets.find((bucket) => draw < bucket.upTo)?.kind ?? 'pass';
    switch (kind) {
      case 'delay':
        return { kind, ms: delayMs };
      case 'error5xx':
        return { kind, status: ERROR_STATUSES[Math.floor(random() * ERROR_STATUSES.length)] ?? 503 };
      default:
        return { kind };
    }
  };
}

function checkFault(fault: Fault): void {
  if (fault.kind === 'delay' && !(fault.ms >= 0 && fault.ms <= MAX_DELAY_MS)) {
    throw new Error(`a delay must be within 0..${MAX_DELAY_MS} ms, got ${fault.ms}`);
  }
  if (
    fault.kind === 'reset' &&
    fault.afterBytes !== undefined &&
    !(Number.isInteger(fault.afterBytes) && fault.afterBytes >= 0)
  ) {
    throw new Error(`reset afterBytes must be a whole number of bytes, got ${fault.afterBytes}`);
  }
}
