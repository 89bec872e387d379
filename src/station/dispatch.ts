// The station's one entry for the renderer: checks the command name against the table, validates the input with its
// zod schema, runs the handler and answers a Result; never throws across the boundary. Electron's IPC bridge and the
// browser host are two thin transports over this.
import { COMMANDS, type CommandName } from '../shared/ipc/commands';
import type { StationEvent } from '../shared/ipc/events';
import { fail, type Result } from '../shared/ipc/result';
import { formatIssues } from '../shared/api/shipmentRequest';
import { confirmHandlers } from './commands/confirm';
import type { CommandContext, Handler } from './commands/context';
import { shipmentHandlers } from './commands/shipments';
import { settingsOf, stationHandlers } from './commands/stationInfo';
import type { Station } from './index';

const HANDLERS = { ...shipmentHandlers, ...confirmHandlers, ...stationHandlers } satisfies { [N in CommandName]: Handler<N> };

export interface Dispatcher {
  dispatch(name: string, input: unknown): Promise<Result<unknown>>;
  onEvent(listener: (event: StationEvent) => void): () => void;
}

const isCommand = (name: string): name is CommandName => Object.prototype.hasOwnProperty.call(COMMANDS, name);

export function createDispatcher(station: Station): Dispatcher {
  const ctx: CommandContext = { station };
  station.printing?.setAutoPrint(settingsOf(station).autoPrint);
  return {
    async dispatch(name, input) {
      if (!isCommand(name)) return fail('invalid', `Comando sconosciuto: ${name}`);
      const parsed = COMMANDS[name].input.safeParse(input ?? {});
      if (!parsed.success) return fail('invalid', formatIssues(input, parsed.error.issues));
      const handler = HANDLERS[name] as Handler<CommandName>;
      try {
        return await handler(ctx, parsed.data as never);
      } catch (error) {
        // A bug must reach the operator as a message, not as a broken bridge; details stay in the station's log.
        process.stderr.write(`command ${name} failed: ${error instanceof Error ? error.stack : String(error)}\n`);
        return fail('internal', 'Errore interno della postazione');
      }
    },
    onEvent: (listener) => station.onEvent(listener),
  };
}
