// What the connected flow and the worker's side of the outbox work with: the engine's context plus the outbox, the
// statements that write the remote's answers, the station's ddt_alpha prefix and the "something was queued" signal.
import type { EngineContext } from '../context';
import type { OutboxRepo } from './repo';
import type { SyncRepo } from './syncRepo';

export interface OutboxContext extends Omit<EngineContext, 'flow'> {
  outbox: OutboxRepo;
  /** Statements that write what the remote answered into the local shipment (syncRepo.ts). */
  remoteState: SyncRepo;
  /** Starts the ddt_alpha of shipments made here; unique per station, kept in the database. */
  prefix: string;
  /** Called after every committed change that queued something. */
  notify(): void;
}
