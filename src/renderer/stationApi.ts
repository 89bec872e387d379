// The typed face of the station for the stores: one `call(name, input)` per command of the table and the station's
// events, each answer and event checked against the table's schemas first. DOM-free, so the stores (and their tests
// against a real station) need only a Transport: Electron's bridge or the browser host (./transport).
import { COMMANDS, type CommandInput, type CommandName, type CommandOutput } from '../shared/ipc/commands';
import { EVENTS, type EventName, type EventPayload } from '../shared/ipc/events';
import { CommandErrorSchema, type ErrorCode, type Result } from '../shared/ipc/result';

export interface RawEvent {
  name: string;
  payload: unknown;
}

/** What the preload exposes as window.station, and what the HTTP transport imitates. */
export interface Transport {
  invoke(name: string, input: unknown): Promise<Result<unknown>>;
  on(listener: (event: RawEvent) => void): () => void;
  /**
   * Resolves once events flow to the listeners (the HTTP transport: its stream has opened, or failed a first time);
   * absent, they flow as soon as one is added (Electron's bridge).
   */
  eventsFlowing?(): Promise<void>;
}

/** Not a station event: the transport's own news that its event stream is back after a break (events may be lost). */
export const RECONNECTED = '@reconnected';

/** Errors made here, not by the station: the code says it all (the screens translate it); the text is Italian. */
const LOCAL_TEXT = {
  unreachable: 'Postazione non raggiungibile',
  bad_answer: 'Risposta della postazione non valida',
  no_shipment: 'Nessuna spedizione aperta',
} as const;
export type LocalErrorCode = keyof typeof LOCAL_TEXT & ErrorCode;

export const localError = (code: LocalErrorCode): Result<never> => ({
  ok: false,
  error: { code, message: LOCAL_TEXT[code] },
});

/** A Result as it arrived (over IPC or HTTP), or undefined when it is not one. */
export function asResult(value: unknown): Result<unknown> | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const body = value as Record<string, unknown>;
  if (body.ok === true && 'value' in body) return { ok: true, value: body.value };
  if (body.ok === false) {
    const error = CommandErrorSchema.safeParse(body.error);
    if (error.success) return { ok: false, error: error.data };
  }
  return undefined;
}

/** One station event, narrowed by its name. */
export type AnyStationEvent = { [N in EventName]: { name: N; payload: EventPayload<N> } }[EventName];

/** The typed face of a transport that the stores use. */
export interface StationApi {
  call<N extends CommandName>(name: N, input: CommandInput<N>): Promise<Result<CommandOutput<N>>>;
  on(listener: (event: AnyStationEvent) => void): () => void;
  /** After a break in the event stream: whatever the screens show may be stale. */
  onReconnect(listener: () => void): () => void;
  /** Resolves once station events reach the listeners: a read made after it misses none of what follows it. */
  eventsFlowing(): Promise<void>;
}

function isEventName(name: string): name is EventName {
  return Object.hasOwn(EVENTS, name);
}

export function createStationApi(transport: Transport): StationApi {
  return {
    async call(name, input) {
      let result: Result<unknown>;
      try {
        result = await transport.invoke(name, input);
      } catch {
        return localError('unreachable');
      }
      const checked = asResult(result);
      if (!checked) return localError('bad_answer');
      if (!checked.ok) return checked;
      const parsed = COMMANDS[name].output.safeParse(checked.value);
      if (!parsed.success) return localError('bad_answer');
      return { ok: true, value: parsed.data as CommandOutput<typeof name> };
    },
    on(listener) {
      return transport.on((event) => {
        if (!isEventName(event.name)) return;
        const parsed = EVENTS[event.name].safeParse(event.payload);
        if (parsed.success) listener({ name: event.name, payload: parsed.data } as AnyStationEvent);
      });
    },
    onReconnect(listener) {
      return transport.on((event) => {
        if (event.name === RECONNECTED) listener();
      });
    },
    eventsFlowing: () => transport.eventsFlowing?.() ?? Promise.resolve(),
  };
}
