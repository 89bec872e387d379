// The load's clients (load.ts, blackBox.ts, cores.ts), in a process of their own: `clients` keep-alive connections,
// each sending its requests one after another, every answer read to its last byte and its status checked. Told on
// standard input, one command a line:
// - `go` starts a period of full creates (the body in CREATE_BODY), `stop` ends it and answers one JSON line: the
//   creates answered and this process's CPU in ms over the period;
// - a JSON line `{count, method, path, body?, status}` sends `count` such requests spread over the clients and
//   answers one JSON line: how many, the seconds in all, each one's latency (ms, send to last byte), this process's
//   CPU in ms, and the last answer's text;
// input closing ends the process. Plain JavaScript on node:net, one process warm across periods and batches, so the
// clients cost the machine little beside the service they load: each answer's bytes are counted against its
// Content-Length as they come and dropped (undici's body stream cost 0.7-0.95 ms of CPU a full create's 270 kB
// answer, its dispatcher without the stream 0.55-0.85, this 0.25-0.45: docs/decisions.md, "the rate row: the clients'
// own CPU").
// The service answers every request with a Content-Length; an answer without one fails the bench, never guessed.
import { Buffer } from 'node:buffer';
import net from 'node:net';
import { createInterface } from 'node:readline';
import { clearTimeout, setTimeout } from 'node:timers';

const [url, key, clients = '4'] = process.argv.slice(2);
const createBody = process.env.CREATE_BODY ?? '{}';
const target = new globalThis.URL(url);
const port = Number(target.port || 80);
/** No answer in this long fails the request (and the bench): the service's own deadlines are shorter. */
const ANSWER_DEADLINE_MS = 20_000;
const CRLF2 = Buffer.from('\r\n\r\n');
/**
 * A connection idle longer than this is not used again: a server closes idle ones after its keep-alive timeout (Node's
 * default 5 s, fastify's 72 s), and a request sent as it does so would fail for nothing the service did.
 */
const IDLE_MS = 2_000;

/**
 * One client: a keep-alive connection (made again if the service closed it between requests) on which `send(job,
 * keep)` writes a request and resolves once its answer's last byte has come, its status checked; with `keep`, the
 * answer's bytes, else undefined (counted, never gathered).
 */
function client() {
  let socket;
  /** The request waiting for its answer: one at a time on a connection. */
  let pending;
  let head = Buffer.alloc(0);
  /** Bytes of the body still to come; -1 while the head is being read. */
  let left = -1;
  let status = 0;
  /** The answer said `Connection: close`: the next request goes on a new connection. */
  let closing = false;
  /** When the last answer ended: a connection idle for long may be closing at the server's end as we send. */
  let idleSince = 0;
  let kept = [];

  const settle = (error) => {
    const waiting = pending;
    pending = undefined;
    if (!waiting) return;
    clearTimeout(waiting.timer);
    if (error) waiting.reject(error);
    else waiting.resolve(waiting.keep ? Buffer.concat(kept) : undefined);
    kept = [];
  };

  const fail = (error) => {
    socket?.destroy();
    socket = undefined;
    head = Buffer.alloc(0);
    left = -1;
    settle(error);
  };

  const read = (chunk) => {
    if (!pending) return fail(new Error('the service sent bytes no request asked for'));
    let body = chunk;
    if (left < 0) {
      head = head.length ? Buffer.concat([head, chunk]) : chunk;
      const end = head.indexOf(CRLF2);
      if (end < 0) return undefined;
      const text = head.toString('latin1', 0, end);
      status = Number(text.slice(9, 12));
      closing = /\r\nconnection: *close/i.test(text);
      const length = /\r\ncontent-length: *(\d+)/i.exec(text);
      if (!length) return fail(new Error(`an answer without Content-Length: ${text.slice(0, 300)}`));
      left = Number(length[1]);
      body = head.subarray(end + CRLF2.length);
      head = Buffer.alloc(0);
    }
    left -= body.length;
    if (pending.keep || status !== pending.job.status) kept.push(body);
    if (left > 0) return undefined;
    if (left < 0) return fail(new Error('the service sent more bytes than its answer had'));
    left = -1;
    idleSince = Date.now();
    if (closing) {
      socket.end();
      socket = undefined;
    }
    const { job } = pending;
    if (status === job.status) return settle();
    const text = Buffer.concat(kept).toString('utf8').slice(0, 300);
    return settle(new Error(`${job.method} ${job.path} answered ${status}: ${text}`));
  };

  const connect = () => {
    const made = net.connect(port, target.hostname);
    made.setNoDelay(true);
    made.on('data', read);
    made.on('error', (error) => made === socket && fail(error));
    // Closed between requests (the service's keep-alive timeout): the next request connects again.
    made.on('close', () => made === socket && fail(new Error('the service closed the connection mid-answer')));
    return made;
  };

  return {
    send(job, keep = false) {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => fail(new Error(`${job.method} ${job.path}: no answer in ${ANSWER_DEADLINE_MS} ms`)),
          ANSWER_DEADLINE_MS,
        );
        pending = { resolve, reject, job, keep, timer };
        if (socket && Date.now() - idleSince > IDLE_MS) {
          socket.end();
          socket = undefined;
        }
        socket ??= connect();
        const body = job.body === undefined ? undefined : Buffer.from(job.body);
        socket.write(
          `${job.method} ${target.pathname}${job.path} HTTP/1.1\r\nhost: ${target.host}\r\nx-api-key: ${key}\r\n` +
            (body ? `content-type: application/json\r\ncontent-length: ${body.length}\r\n` : '') +
            '\r\n',
        );
        if (body) socket.write(body);
      });
    },
    close() {
      socket?.end();
      socket = undefined;
    },
  };
}

const pool = Array.from({ length: Number(clients) }, client);
const fullCreate = { method: 'POST', path: '/Shipment', body: createBody, status: 200 };

/** `job.count` requests from the clients at once, each client sending its share one after another. */
async function batch(job) {
  const latencies = [];
  let last;
  const cpu = process.cpuUsage();
  const start = process.hrtime.bigint();
  await Promise.all(
    pool.map(async (one) => {
      const share = job.count / pool.length;
      for (let i = 0; i < share; i += 1) {
        const sent = process.hrtime.bigint();
        const answer = await one.send(job, i + 1 >= share);
        if (answer) last = answer;
        latencies.push(Number(process.hrtime.bigint() - sent) / 1e6);
      }
    }),
  );
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  const used = process.cpuUsage(cpu);
  const cpuMs = (used.user + used.system) / 1000;
  return { count: latencies.length, seconds, latencies, cpuMs, last: last?.toString('utf8') };
}

let period;
for await (const line of createInterface({ input: process.stdin })) {
  if (line === 'go' && !period) {
    const state = { running: true, created: 0, cpu: process.cpuUsage() };
    const loops = pool.map(async (one) => {
      while (state.running) {
        await one.send(fullCreate);
        state.created += 1;
      }
    });
    period = { state, done: Promise.all(loops) };
  } else if (line === 'stop' && period) {
    period.state.running = false;
    await period.done;
    const used = process.cpuUsage(period.state.cpu);
    process.stdout.write(
      `${JSON.stringify({ created: period.state.created, cpuMs: (used.user + used.system) / 1000 })}\n`,
    );
    period = undefined;
  } else if (line.startsWith('{') && !period) {
    process.stdout.write(`${JSON.stringify(await batch(JSON.parse(line)))}\n`);
  }
}
for (const one of pool) one.close();
