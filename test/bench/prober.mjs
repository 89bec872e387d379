// The load bench's prober (load.ts), in a process of its own: a plain GET every few milliseconds to the server under
// load, each timed from send to the last byte. Apart from the load clients, so what it measures is the server's
// answer and not the clients' own event loop, busy reading the creates' answers (a GET at a bench comes from
// another program too). Runs until its standard input closes, then prints the latencies (ms) as one JSON line.
// undici's own request on one keep-alive connection: the global fetch cost this process 1.3-1.4 ms of CPU a GET (a
// seventh to a fifth of a core at this pace, taken from the service it measures), this 0.7 ms. It says it is ready
// after WARM_UP GETs it does not count: a new process's first GET (its connection opened, undici's code run for the
// first time) took 8.6-16.5 ms against 0.4-0.7 for the next ones, and with a prober per batch those first GETs were
// three of an arm's four slowest, its 99th percentile (docs/decisions.md, "the load bench's prober warmed up").
import { setTimeout as sleep } from 'node:timers/promises';
import { Client } from 'undici';

const [url, key, gapMs = '5'] = process.argv.slice(2);
const target = new globalThis.URL(url);
const client = new Client(target.origin);
const latencies = [];
/** Enough for the connection and undici's request path to be made and compiled; about 20-40 ms on an idle service. */
const WARM_UP = 50;
let running = true;
process.stdin.on('end', () => {
  running = false;
});
process.stdin.resume();

/** One GET, read to its last byte: its latency in ms. */
async function get() {
  const start = process.hrtime.bigint();
  const answer = await client.request({
    method: 'GET',
    path: `${target.pathname}${target.search}`,
    headers: { 'x-api-key': key },
    headersTimeout: 20_000,
    bodyTimeout: 20_000,
  });
  await answer.body.arrayBuffer();
  return Number(process.hrtime.bigint() - start) / 1e6;
}

for (let i = 0; i < WARM_UP; i += 1) await get();
process.stdout.write('ready\n');
while (running) {
  latencies.push(await get());
  await sleep(Number(gapMs));
}
await client.close();
process.stdout.write(`${JSON.stringify(latencies)}\n`);
