// The load bench's prober (load.ts), in a process of its own: a plain GET every few milliseconds to the server under
// load, each timed from send to the last byte. Apart from the load clients, so what it measures is the server's
// answer and not the clients' own event loop, busy reading the creates' answers (a GET at a bench comes from
// another program too). Runs until its standard input closes, then prints the latencies (ms) as one JSON line.
import { setTimeout as sleep } from 'node:timers/promises';

const [url, key, gapMs = '5'] = process.argv.slice(2);
const latencies = [];
let running = true;
process.stdin.on('end', () => {
  running = false;
});
process.stdin.resume();
process.stdout.write('ready\n');
while (running) {
  const start = process.hrtime.bigint();
  const response = await globalThis.fetch(url, {
    headers: { 'x-api-key': key },
    signal: globalThis.AbortSignal.timeout(20_000),
  });
  await response.arrayBuffer();
  latencies.push(Number(process.hrtime.bigint() - start) / 1e6);
  await sleep(Number(gapMs));
}
process.stdout.write(`${JSON.stringify(latencies)}\n`);
