// The settings screen's connection form, checked as a bench operator needs it: each field's problem beside it, the key
// kept from the last use of the same remote when none is typed, then the remote itself asked whether it takes the key.
// Nothing here changes the running station (runtime.ts does, once this says yes).
import { otherIssue, type FieldIssues } from '../../shared/api/fieldIssues';
import type { CommandArgs, CommandOutput } from '../../shared/ipc/commands';
import { fail, failFields, ok, type Result } from '../../shared/ipc/result';
import {
  checkApiKey,
  checkRemote,
  checkRemoteUrl,
  parseClientIds,
  parseInvoicedClients,
  type Connection,
} from './connection';

/** The settings screen's connection form, as the command's schema reads it (an empty key keeps the one in use). */
export type ConnectionChange = CommandArgs<'settings.connection'>;

export type ConnectionOutcome = Omit<CommandOutput<'settings.connection'>, 'settings'>;

/** The last remote used and its key, so the key need not be typed again to change client ids or come back. */
export type LastRemote = { url: string; key: string | undefined } | undefined;

/** A form that passed: where to go, with which key, and what to tell the operator. */
export interface CheckedConnection {
  target: Connection;
  key: string | undefined;
  outcome: ConnectionOutcome;
}

const STANDALONE: CheckedConnection = {
  target: { mode: 'standalone' },
  key: undefined,
  outcome: { check: 'standalone', message: 'Postazione autonoma: spedizioni locali con i corrieri dimostrativi.' },
};

/** Checks the form and, for a remote, asks it (an unreachable remote is saved anyway; a refusal is a field's). */
export async function checkConnectionChange(
  input: ConnectionChange,
  lastRemote: LastRemote,
  checkTimeoutMs: number | undefined,
): Promise<Result<CheckedConnection>> {
  if (input.mode !== 'connected') return ok(STANDALONE);
  const fields: FieldIssues = {};
  const url = checkRemoteUrl(input.remoteUrl);
  if (!url.ok) fields.remoteUrl = otherIssue(url.message);
  const ids = parseClientIds(input.clientIds);
  if (!ids.ok) fields.clientIds = otherIssue(ids.message);
  const invoiced = parseInvoicedClients(input.invoicedClients);
  if (!invoiced.ok) fields.invoicedClients = otherIssue(invoiced.message);
  let key: string | undefined;
  const typed = input.apiKey.trim();
  if (typed) {
    const bad = checkApiKey(typed);
    if (bad) fields.apiKey = otherIssue(bad);
    key = typed;
  } else if (url.ok && lastRemote?.url === url.value && lastRemote.key) {
    key = lastRemote.key;
  } else if (url.ok) {
    fields.apiKey = otherIssue(
      lastRemote && lastRemote.url !== url.value
        ? 'Inserisci la chiave API di questo servizio'
        : 'Inserisci la chiave API',
    );
  }
  if (!url.ok || !ids.ok || !invoiced.ok || !key || Object.keys(fields).length > 0) return failFields(fields);
  const remote = await checkRemote(url.value, key, ids.value[0] ?? 0, checkTimeoutMs);
  if (remote.kind === 'refused') return fail('invalid', remote.message, { [remote.field]: otherIssue(remote.message) });
  return ok({
    target: {
      mode: 'connected',
      remoteUrl: url.value,
      clientIds: ids.value,
      ...(invoiced.value.length ? { invoicedClients: invoiced.value } : {}),
    },
    key,
    outcome:
      remote.kind === 'verified'
        ? { check: 'verified', message: 'Collegamento verificato: il servizio accetta la chiave API.' }
        : {
            check: 'unreachable',
            message:
              `Servizio non raggiungibile ora (${remote.message}): impostazioni salvate, le spedizioni ` +
              `partiranno appena torna la linea.`,
          },
  });
}

/**
 * Leaving a remote with changes it has not accepted yet (another database file): refused unless forced, saying how
 * many wait (they stay in that remote's file and go out when the bench comes back to it).
 */
export function unsentChangesRefusal(waiting: number, force: boolean | undefined): Result<never> | undefined {
  if (force || waiting === 0) return undefined;
  const message =
    `${waiting} modifiche non ancora accettate dal servizio: restano in attesa e partiranno ` +
    `quando torni a questo collegamento. Cambiare comunque?`;
  return fail('refused', message, { force: otherIssue(message) });
}
