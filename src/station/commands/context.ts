// What every command handler works with, and the handler type the command table is checked against.
import type { CommandName, CommandOutput } from '../../shared/ipc/commands';
import type { COMMANDS } from '../../shared/ipc/commands';
import type { Result } from '../../shared/ipc/result';
import type { z } from 'zod';
import type { Station } from '../index';
import type { StationRuntime } from '../runtime';

export interface CommandContext {
  /** The station as it is for this command (the runtime may replace it between commands, never during one). */
  station: Station;
  runtime: StationRuntime;
}

export type Handler<N extends CommandName> = (
  ctx: CommandContext,
  input: z.output<(typeof COMMANDS)[N]['input']>,
) => Promise<Result<CommandOutput<N>>> | Result<CommandOutput<N>>;

export type Handlers<N extends CommandName> = { [K in N]: Handler<K> };
