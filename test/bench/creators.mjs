// The load's clients (load.ts, blackBox.ts, cores.ts), in a process of their own: `clients` keep-alive connections,
// each sending its requests one after another, every answer read to its last byte and its status checked. Told on
// standard input, one command a line:
// - `go` starts a period of full creates (the body in CREATE_BODY), `stop` ends it and answers one JSON line: the
//   creates answered and this process's CPU in ms over the period;
// - a JSON line `{count, method, path, body?, status}` sends `count` such requests spread over the clients and
//   answers one JSON line: how many, the seconds in all, each one's latency (ms, send to last byte), this process's
//   CPU in ms, and the last answer's text;
// input closing ends the process. Plain JavaScript and undici, one process warm across periods and batches, so the
// clients cost the machine little beside the service they load.
import { Buffer } from 'node:buffer';
import { createInterface } from 'node:readline';
import { Pool } from 'undici';

const [url, key, clients = '4'] = process.argv.slice(2);
const createBody = process.env.CREATE_BODY ?? '{}';
const target = new globalThis.URL(url);
const pool = new Pool(target.origin, { connections: Number(clients) });

/**
 * One request of `job`, its status checked; its answer's bytes when `keep`, else every byte read and dropped as it
 * comes (no 270 kB gathered and copied for nothing: the clients' CPU is taken from the cores the service shares).
 */
async function send(job, keep = false) {
  const answer = await pool.request({
    method: job.method,
    path: `${target.pathname}${job.path}`,
    headers: { 'x-api-key': key, ...(job.body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: job.body,
    headersTimeout: 20_000,
    bodyTimeout: 20_000,
  });
  if (answer.statusCode !== job.status) {
    const text = await answer.body.text();
    throw new Error(`${job.method} ${job.path} answered ${answer.statusCode}: ${text.slice(0, 300)}`);
  }
  if (keep) return Buffer.from(await answer.body.arrayBuffer());
  for await (const chunk of answer.body) void chunk;
  return undefined;
}

const fullCreate = { method: 'POST', path: '/Shipment', body: createBody, status: 200 };

/** `job.count` requests from the clients at once, each client sending its share one after another. */
async function batch(job) {
  const latencies = [];
  let last;
  const cpu = process.cpuUsage();
  const start = process.hrtime.bigint();
  await Promise.all(
    Array.from({ length: Number(clients) }, async () => {
      const share = job.count / Number(clients);
      for (let i = 0; i < share; i += 1) {
        const sent = process.hrtime.bigint();
        const answer = await send(job, i + 1 >= share);
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
    const loops = Array.from({ length: Number(clients) }, async () => {
      while (state.running) {
        await send(fullCreate);
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
await pool.close();
