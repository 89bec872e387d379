// The one IPC channel between the window and the station, checked in main before the dispatcher sees it
// (ARCHITECTURE.md
// §5: validation happens in main, never in the page). Electron-free: the checks are unit-tested with plain values.
import { COMMANDS, type CommandName } from '../shared/ipc/commands';
import { issueOf, type FieldIssues } from '../shared/api/fieldIssues';
import { fail, type CommandError, type Result } from '../shared/ipc/result';

/** Renderer → main: `{ name, input }`, answered with a Result. The preload spells these names too. */
export const INVOKE_CHANNEL = 'station:invoke';
/** Main → renderer: `{ name, payload }` for every station event. */
export const EVENT_CHANNEL = 'station:event';

export type InvokeCheck = { ok: true; name: CommandName; input: unknown } | { ok: false; error: CommandError };

export interface Dispatch {
  (name: string, input: unknown): Promise<Result<unknown>>;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> => {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
};

const isCommandName = (name: string): name is CommandName => Object.hasOwn(COMMANDS, name);

const invalid = (message: string, fields?: FieldIssues): { ok: false; error: CommandError } => ({
  ok: false,
  error: fields ? { code: 'invalid', message, fields } : { code: 'invalid', message },
});

/**
 * Checks one raw IPC message: an object with a known command `name` and an object `input` that the command's schema
 * accepts. The input handed on is the schema's parsed value (defaults applied, unknown keys dropped).
 */
export function validateInvoke(raw: unknown): InvokeCheck {
  if (!isPlainObject(raw)) return invalid('Richiesta non valida: attesi { name, input }.');
  const { name, input } = raw;
  if (typeof name !== 'string' || name.length === 0 || name.length > 100)
    return invalid('Richiesta non valida: nome del comando mancante.');
  if (!isCommandName(name)) return invalid(`Comando sconosciuto: ${name.slice(0, 100)}.`);
  if (!isPlainObject(input)) return invalid(`Dati non validi per ${name}: atteso un oggetto.`);
  const parsed = COMMANDS[name].input.safeParse(input);
  if (!parsed.success) {
    const fields: FieldIssues = {};
    for (const issue of parsed.error.issues) {
      const key = issue.path.map(String).join('.') || '_';
      fields[key] ??= issueOf(issue);
    }
    return invalid(`Dati non validi per ${name}.`, fields);
  }
  return { ok: true, name, input: parsed.data };
}

/**
 * What the IPC handler answers: the dispatcher's Result for a valid message, an 'invalid' Result otherwise, and an
 * 'internal' Result if the dispatcher throws. Never throws: an exception crossing IPC loses its shape (result.ts).
 */
export async function handleInvoke(dispatch: Dispatch, raw: unknown): Promise<Result<unknown>> {
  const checked = validateInvoke(raw);
  if (!checked.ok) return { ok: false, error: checked.error };
  try {
    return await dispatch(checked.name, checked.input);
  } catch {
    return fail('internal', 'Errore interno della postazione: riprova; se si ripete, riavvia il programma.');
  }
}
