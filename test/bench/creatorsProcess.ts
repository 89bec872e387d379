// The load's clients in a process of their own (creators.mjs): undici on keep-alive connections, each sending the same
// full POST Shipment one after another, so the clients cost the machine about 0.8 ms of CPU a create beside the
// service they load (the bench's own process spent 3.4-4.4 ms a create on the same requests). Used by the black-box
// bench and by the cores bench, whose rate is judged against the machine's ceiling.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { validShipment } from '../fixtures/shipments';
import { LOAD_KEY } from './load';

export interface Period {
  created: number;
  cpuMs: number;
}

/** The creators process (creators.mjs) for `baseUrl`: each period of creates from `go()` to `stop()`. */
export function startCreators(baseUrl: string, clients: number) {
  const child = spawn(process.execPath, [join(import.meta.dirname, 'creators.mjs'), baseUrl, LOAD_KEY, `${clients}`], {
    stdio: ['pipe', 'pipe', 'inherit'],
    env: { ...process.env, CREATE_BODY: JSON.stringify(validShipment()) },
  });
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  const exited = new Promise((resolve) => child.once('exit', resolve));
  return {
    go: () => void child.stdin.write('go\n'),
    async stop(): Promise<Period> {
      child.stdin.write('stop\n');
      const line = await lines.next();
      if (line.done) throw new Error('the creators ended without their figures');
      return JSON.parse(line.value) as Period;
    },
    async close() {
      child.stdin.end();
      await exited;
    },
  };
}

export const pause = (seconds: number) => new Promise((resolve) => setTimeout(resolve, seconds * 1000));
