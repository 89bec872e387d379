// What the service's request thread and its writer thread (createsThread.ts) say to each other: the engine the writer
// opens, each create asked and answered, and what the writer's engine reports on the way (logs, queued notices).
import type { Caller, EngineConfigInput } from '../../engine/index';
import type { EngineSwitches } from '../engineSwitches';

/** The writer's engine: the same file, configuration and switches as the request thread's engine. */
export interface WriterData {
  file: string;
  config: EngineConfigInput;
  switches: EngineSwitches;
  mailFrom?: string;
  /** The request thread's clock at the start (a host's test clock), or absent: the system's. */
  now?: number;
}

/** A create as the request thread hands it over: the caller checked there, the body parsed there. */
export interface CreateAsked {
  type: 'create';
  id: number;
  caller: Caller;
  body: unknown;
  /** The request thread's now() (a host's test clock), which the writer's clock reads until the next one. */
  now?: number;
}

export type ToWriter = CreateAsked | { type: 'close' };

export type FromWriter =
  | { type: 'ready'; resumed: number }
  | { type: 'startFailed'; message: string }
  /** The answer's bytes (an ArrayBuffer moved, not copied) and its status, the change on disk. */
  | { type: 'answer'; id: number; code: number; bytes: ArrayBuffer }
  /** The create threw: a storage failure (temporary: 503) or a bug (500), never said to the client in its words. */
  | { type: 'failed'; id: number; storage: boolean; message: string }
  | { type: 'log'; level: 'info' | 'warn'; line: string }
  | { type: 'queued'; kind: 'mail' | 'partner' }
  | { type: 'closed' };

/** The writer thread stopped (killed, crashed) while it had the create: it may or may not be stored (a 503). */
export class CreateInterrupted extends Error {
  override name = 'CreateInterrupted';
}

/** The create threw on the writer thread: `storage` when the storage did not take it (a 503), else a bug (a 500). */
export class CreateFailed extends Error {
  override name = 'CreateFailed';
  constructor(
    message: string,
    readonly storage: boolean,
  ) {
    super(message);
  }
}
