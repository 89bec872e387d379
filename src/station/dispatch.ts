// The station's one entry for the renderer: checks the command name against the table, validates the input with its
// zod schema, runs the handler and answers a Result; never throws across the boundary. Electron's IPC bridge and the
// browser host are two thin transports over this.
import { COMMANDS, type CommandName } from '../shared/ipc/commands';
import type { StationEvent } from '../shared/ipc/events';
import { fail, type Result } from '../shared/ipc/result';
import { formatIssues } from '../shared/api/shipmentRequest';
import { MSG } from '../shared/api/messages';
import { isStorageFailure } from '../engine/index';
import { confirmHandlers } from './commands/confirm';
import type { Handler } from './commands/context';
import { shipmentHandlers } from './commands/shipments';
import { stationHandlers } from './commands/station';
import { syncHandlers } from './commands/sync';
import { catalogHandlers } from './commands/catalog';
import { pricingHandlers } from './commands/pricing';
import { senderHandlers } from './commands/senders';
import { setupHandlers } from './commands/setup';
import { manifestHandlers } from './commands/manifests';
import { customsDocumentHandlers } from './commands/customsDocuments';
import { printingHandlers } from './commands/printing';
import { settingsHandlers } from './commands/settings';
import { partnerHandlers } from './commands/partners';
import { shopHandlers } from './commands/shops';
import { orderHandlers } from './commands/orders';
import { batchHandlers } from './commands/batches';
import { scaleHandlers } from './commands/scale';
import { productHandlers } from './commands/products';
import { boxHandlers } from './commands/boxes';
import { ruleHandlers } from './commands/rules';
import { returnHandlers } from './commands/returns';
import { attentionHandlers } from './commands/attention';
import { codHandlers } from './commands/cod';
import { pickupHandlers } from './commands/pickups';
import type { Station } from './index';
import { fixedRuntime, type StationRuntime } from './runtime';
import { errorMessage } from '../shared/errorMessage';

const HANDLERS = {
  ...shipmentHandlers,
  ...confirmHandlers,
  ...stationHandlers,
  ...syncHandlers,
  ...catalogHandlers,
  ...pricingHandlers,
  ...senderHandlers,
  ...setupHandlers,
  ...manifestHandlers,
  ...customsDocumentHandlers,
  ...printingHandlers,
  ...settingsHandlers,
  ...partnerHandlers,
  ...orderHandlers,
  ...batchHandlers,
  ...scaleHandlers,
  ...productHandlers,
  ...boxHandlers,
  ...ruleHandlers,
  ...returnHandlers,
  ...codHandlers,
  ...shopHandlers,
  ...attentionHandlers,
  ...pickupHandlers,
} satisfies {
  [N in CommandName]: Handler<N>;
};

/**
 * Commands that replace the station itself: they must not wait for the commands in flight to end (they wait for
 * them).
 */
const SWITCHING: ReadonlySet<CommandName> = new Set(['settings.connection', 'settings.mail']);

export interface Dispatcher {
  dispatch(name: string, input: unknown): Promise<Result<unknown>>;
  onEvent(listener: (event: StationEvent) => void): () => void;
}

const isCommand = (name: string): name is CommandName => Object.prototype.hasOwnProperty.call(COMMANDS, name);

export function createDispatcher(target: Station | StationRuntime): Dispatcher {
  const runtime = 'changeConnection' in target ? target : fixedRuntime(target);
  return {
    async dispatch(name, input) {
      if (!isCommand(name)) return fail('invalid', `Comando sconosciuto: ${name}`);
      const parsed = COMMANDS[name].input.safeParse(input ?? {});
      if (!parsed.success) return fail('invalid', formatIssues(input, parsed.error.issues));
      const handler = HANDLERS[name] as Handler<CommandName>;
      try {
        if (SWITCHING.has(name)) return await handler({ station: runtime.station, runtime }, parsed.data as never);
        return await runtime.run((station) => handler({ station, runtime }, parsed.data as never));
      } catch (error) {
        if (isStorageFailure(error)) {
          const reason = errorMessage(error);
          runtime.station.log.warn(`command ${name}: storage failure: ${reason}`);
          return fail('unavailable', MSG.storageUnavailable);
        }
        // A bug must reach the operator as a message, not as a broken bridge; details stay in the station's log.
        runtime.station.log.warn(`command ${name} failed: ${error instanceof Error ? error.stack : String(error)}`);
        return fail('internal', 'Errore interno della postazione');
      }
    },
    onEvent: (listener) => runtime.onEvent(listener),
  };
}
