// The black-box bench's clients (blackBox.ts), in a process of their own: `clients` keep-alive connections, each
// sending the same POST Shipment one after another, every answer read to its last byte and its status checked. Told
// on standard input: `go` starts a period of creates, `stop` ends it and answers one JSON line (the creates answered
// and this process's CPU in ms over the period); input closing ends the process. Plain JavaScript and undici, one
// process warm across periods, so the clients cost the machine little beside the service they load.
import { createInterface } from 'node:readline';
import { Pool } from 'undici';

const [url, key, clients = '4'] = process.argv.slice(2);
const body = process.env.CREATE_BODY ?? '{}';
const target = new globalThis.URL(url);
const pool = new Pool(target.origin, { connections: Number(clients) });

async function create() {
  const answer = await pool.request({
    method: 'POST',
    path: `${target.pathname}/Shipment`,
    headers: { 'x-api-key': key, 'content-type': 'application/json' },
    body,
    headersTimeout: 20_000,
    bodyTimeout: 20_000,
  });
  await answer.body.arrayBuffer();
  if (answer.statusCode !== 200) throw new Error(`a create answered ${answer.statusCode}`);
}

let period;
for await (const line of createInterface({ input: process.stdin })) {
  if (line === 'go' && !period) {
    const state = { running: true, created: 0, cpu: process.cpuUsage() };
    const loops = Array.from({ length: Number(clients) }, async () => {
      while (state.running) {
        await create();
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
  }
}
await pool.close();
