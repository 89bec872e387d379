// Where the service makes the shipments POST Shipment asks for: on its writer thread (createsWriter.ts), or, with
// STATION_WRITER_THREAD=0, with the request thread's own engine as before the thread (the tests' default, as for the
// other threads: test/vitest.config.ts). Either way the shipments the last stop left half made are finished once.
import type { Engine } from '../../engine/index';
import type { Log } from '../../shared/log';
import type { ServerOptions } from '../server';
import { startCreatesWriter, type CreatesWriter } from './createsWriter';
import type { WriterData } from './protocol';

export interface ServiceCreates {
  /** Shipments the last stop left half made, finished before the first create. */
  resumed: number;
  /** The server's `creates` option: absent when this thread's engine makes them. */
  creates?: ServerOptions['creates'];
  /** The writer thread (diagnostics; a test stops it mid-create); absent when there is none. */
  writer?: Pick<CreatesWriter, 'thread' | 'inFlight'>;
  /** After the creates in flight: the writer's engine closed. */
  close(): Promise<void>;
}

export interface CreatesOptions {
  onThread: boolean;
  data: WriterData;
  now?: () => number;
  log: Log;
  onQueued(kind: 'mail' | 'partner'): void;
}

/** STATION_WRITER_THREAD=0 makes the creates on the request thread. */
export const writerThreadOn = (env: NodeJS.ProcessEnv = process.env): boolean => env.STATION_WRITER_THREAD !== '0';

export async function startCreates(engine: Engine, options: CreatesOptions): Promise<ServiceCreates> {
  if (!options.onThread) return { resumed: await engine.resume(), close: () => Promise.resolve() };
  const writer = await startCreatesWriter(options);
  return {
    resumed: writer.resumed,
    creates: (caller, body) => writer.create(caller, body),
    writer: { thread: () => writer.thread(), inFlight: () => writer.inFlight() },
    close: () => writer.close(),
  };
}
