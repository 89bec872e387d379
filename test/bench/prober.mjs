// The load bench's prober (load.ts), in a process of its own: a plain GET every few milliseconds to the server under
// load, each timed from send to the last byte. Apart from the load clients, so what it measures is the server's
// answer and not the clients' own event loop, busy reading the creates' answers (a GET at a bench comes from
// another program too). Runs until its standard input closes, then prints the latencies (ms) as one JSON line.
// undici's own request on one keep-alive connection: the global fetch cost this process 1.3-1.4 ms of CPU a GET (a
// seventh to a fifth of a core at this pace, taken from the service it measures), this 0.7 ms.
import { setTimeout as sleep } from 'node:timers/promises';
import { Client } from 'undici';

const [url, key, gapMs = '5'] = process.argv.slice(2);
const target = new globalThis.URL(url);
const client = new Client(target.origin);
const latencies = [];
let running = true;
process.stdin.on('end', () => {
  running = false;
});
process.stdin.resume();
process.stdout.write('ready\n');
while (running) {
  const start = process.hrtime.bigint();
  const answer = await client.request({
    method: 'GET',
    path: `${target.pathname}${target.search}`,
    headers: { 'x-api-key': key },
    headersTimeout: 20_000,
    bodyTimeout: 20_000,
  });
  await answer.body.arrayBuffer();
  latencies.push(Number(process.hrtime.bigint() - start) / 1e6);
  await sleep(Number(gapMs));
}
await client.close();
process.stdout.write(`${JSON.stringify(latencies)}\n`);
