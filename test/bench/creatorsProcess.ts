// The load's clients in a process of their own (creators.mjs): plain node:net keep-alive connections, each sending its
// requests one after another, so the clients cost the machine about 0.25-0.3 ms of CPU a full create beside the
// service they load (undici there 0.75-0.85 ms; the bench's own process spent 3.4-4.4 ms a create on the same
// requests). Used by the load bench (counted batches), the black-box bench and the cores bench (periods of creates).
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { validShipment } from '../fixtures/shipments';

/** The key of the load benches' caller. */
export const LOAD_KEY = 'bench-load-key-0123456789-ab';

export interface Period {
  created: number;
  cpuMs: number;
}

/** A counted batch's requests: each answered with `status`, or the batch fails. */
export interface Job {
  count: number;
  method: 'GET' | 'POST';
  path: string;
  /** A JSON body, already a string. */
  body?: string;
  status: number;
}

/** What a counted batch took: the requests' latencies (ms), its seconds in all, the clients' CPU, the last answer. */
export interface Counted {
  count: number;
  seconds: number;
  latencies: number[];
  cpuMs: number;
  last: string;
}

/**
 * The creators process (creators.mjs) for `baseUrl`: each period of full creates from `go()` to `stop()`, or a
 * counted batch of any request with `batch()`. One command at a time.
 */
export function startCreators(baseUrl: string, clients: number) {
  const child = spawn(process.execPath, [join(import.meta.dirname, 'creators.mjs'), baseUrl, LOAD_KEY, `${clients}`], {
    stdio: ['pipe', 'pipe', 'inherit'],
    env: { ...process.env, CREATE_BODY: JSON.stringify(validShipment()) },
  });
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const answer = async () => {
    const line = await lines.next();
    if (line.done) throw new Error('the creators ended without their figures');
    return line.value;
  };
  return {
    go: () => void child.stdin.write('go\n'),
    async stop(): Promise<Period> {
      child.stdin.write('stop\n');
      return JSON.parse(await answer()) as Period;
    },
    async batch(job: Job): Promise<Counted> {
      child.stdin.write(`${JSON.stringify(job)}\n`);
      return JSON.parse(await answer()) as Counted;
    },
    async close() {
      child.stdin.end();
      await exited;
    },
  };
}

export const pause = (seconds: number) => new Promise((resolve) => setTimeout(resolve, seconds * 1000));
