// How the station is connected (standalone, or to which remote with which client ids), as the settings screen edits it:
// checking what the operator typed, the file it is kept in, which database each connection uses, and asking the remote
// whether it knows the key before switching to it.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { MSG } from '../../shared/api/messages';
import { createRemoteClient } from '../../sync/remoteClient';
import { writePrivateFile } from '../../engine/index';

export interface InvoicedClientEntry {
  id: number;
  name: string;
}

export type Connection =
  | { mode: 'standalone' }
  | { mode: 'connected'; remoteUrl: string; clientIds: number[]; invoicedClients?: InvoicedClientEntry[] };

const ConnectionFileSchema = z.discriminatedUnion('mode', [
  z.object({ mode: z.literal('standalone') }),
  z.object({
    mode: z.literal('connected'),
    remoteUrl: z.string().min(1),
    clientIds: z.array(z.number().int().positive()).min(1),
    invoicedClients: z.array(z.object({ id: z.number().int().positive(), name: z.string().min(1) })).optional(),
  }),
]);

export const CONNECTION_FILE = 'connection.json';
/** The remote's address as one string: scheme and host as URL normalises them, the path as given, no trailing slash. */
function normalizedRemote(remoteUrl: string): string {
  const url = new URL(remoteUrl);
  return `${url.protocol}//${url.host}${url.pathname.replace(/\/+$/, '')}`;
}

const remoteHash = (remoteUrl: string) =>
  createHash('sha256').update(normalizedRemote(remoteUrl)).digest('hex').slice(0, 16);

/** The name a remote's key is kept under: bound to that remote, so a key is never sent to another one. */
export const apiKeyName = (remoteUrl: string): string => `remote.api_key.${remoteHash(remoteUrl)}`;

/** The connection saved from the settings screen; undefined when none was saved or the file is damaged. */
export function loadConnection(dataDir: string): Connection | undefined {
  const file = join(dataDir, CONNECTION_FILE);
  if (!existsSync(file)) return undefined;
  try {
    const parsed = ConnectionFileSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

export function saveConnection(dataDir: string, connection: Connection): void {
  writePrivateFile(join(dataDir, CONNECTION_FILE), `${JSON.stringify(connection, null, 2)}\n`);
}

/**
 * One database per connection: the standalone bench's demo shipments never reach an account, and one account's
 * shipments never show under another. A remote's file is named after its address (readable) plus a short hash.
 */
export function databaseFileFor(dataDir: string, remoteUrl: string | undefined): string {
  if (!remoteUrl) return join(dataDir, 'station.sqlite');
  const url = new URL(remoteUrl);
  const readable = `${url.host}${url.pathname}`
    .replace(/[^A-Za-z0-9.-]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 60);
  return join(dataDir, `remote-${readable}-${remoteHash(remoteUrl).slice(0, 8)}.sqlite`);
}

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * The remote's {base_url} (with its instance, if it has one): https (http only on this computer), no credentials,
 * query or fragment.
 */
export function checkRemoteUrl(text: string): { ok: true; value: string } | { ok: false; message: string } {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return { ok: false, message: 'Indirizzo non valido: ad esempio https://servizio.example.it/istanza' };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    return { ok: false, message: "L'indirizzo deve iniziare con https://" };
  if (url.protocol === 'http:' && !LOOPBACK.has(url.hostname)) {
    return {
      ok: false,
      message:
        'Usa https:// (la chiave API non deve viaggiare in chiaro); http:// solo per un servizio su questo computer',
    };
  }
  if (url.username || url.password || url.search || url.hash)
    return { ok: false, message: "L'indirizzo non deve contenere credenziali, parametri o #" };
  const segments = url.pathname.split('/').filter(Boolean);
  return { ok: true, value: segments.length ? `${url.origin}/${segments.join('/')}` : url.origin };
}

/** "1001, 1002" → [1001, 1002]: positive integers of at most 7 digits (spec Limits), no repeats. */
export function parseClientIds(text: string): { ok: true; value: number[] } | { ok: false; message: string } {
  const parts = text.split(/[\s,;]+/).filter(Boolean);
  if (parts.length === 0) return { ok: false, message: 'Indica almeno un codice cliente' };
  if (parts.length > 50) return { ok: false, message: 'Al massimo 50 codici cliente' };
  const bad = parts.find((p) => !/^[1-9]\d{0,6}$/.test(p));
  if (bad !== undefined)
    return {
      ok: false,
      message: `Codice cliente non valido: ${bad.slice(0, 20)} (numero intero di al massimo 7 cifre)`,
    };
  const ids = parts.map(Number);
  if (new Set(ids).size !== ids.length) return { ok: false, message: 'Codice cliente ripetuto' };
  return { ok: true, value: ids };
}

/**
 * A reseller account's invoiced clients as typed, a line each: the id, then the name ("501 Rossi Srl", "501; Rossi
 * Srl"). Empty: the account is not a reseller. The remote has no endpoint that lists them, so the bench is told.
 */
export function parseInvoicedClients(
  text: string,
): { ok: true; value: InvoicedClientEntry[] } | { ok: false; message: string } {
  const lines = text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);
  if (lines.length > 500) return { ok: false, message: 'Al massimo 500 clienti fatturati' };
  const clients: InvoicedClientEntry[] = [];
  for (const [i, line] of lines.entries()) {
    const match = /^(\d{1,9})\s*[;,:\-–]?\s*(.+)$/.exec(line);
    if (!match || Number(match[1]) < 1)
      return { ok: false, message: `Riga ${i + 1}: scrivere il codice e il nome, ad esempio «501 Rossi Srl»` };
    const name = (match[2] ?? '').trim();
    if (name.length > 100) return { ok: false, message: `Riga ${i + 1}: nome troppo lungo (al massimo 100 caratteri)` };
    const id = Number(match[1]);
    if (clients.some((c) => c.id === id)) return { ok: false, message: `Riga ${i + 1}: codice ${id} ripetuto` };
    clients.push({ id, name });
  }
  return { ok: true, value: clients };
}

/** Printable ASCII without spaces: it travels in the x-api-key header. */
export function checkApiKey(key: string): string | undefined {
  if (key.length > 200) return 'Chiave API troppo lunga (al massimo 200 caratteri)';
  if (!/^[\x21-\x7e]+$/.test(key)) return 'La chiave API contiene spazi o caratteri non ammessi';
  return undefined;
}

export type RemoteCheck =
  | { kind: 'verified' }
  | { kind: 'unreachable'; message: string }
  | { kind: 'refused'; field: 'apiKey' | 'remoteUrl'; message: string };

/** A reference no shipment has: the lookup costs one GET and tells whether the remote accepts the key. */
const PROBE_REFERENCE = 'VERIFICA-POSTAZIONE';

/**
 * Asks the remote for a shipment that does not exist, with the key: 403 means the key is refused, "Istanza non trovata"
 * that the address is wrong, any other answer that the key works. No answer is not a refusal: a bench may be offline.
 */
export async function checkRemote(
  remoteUrl: string,
  apiKey: string,
  clientId: number,
  timeoutMs = 5_000,
): Promise<RemoteCheck> {
  const remote = createRemoteClient({ baseUrl: remoteUrl, apiKey, limits: false, timeoutMs, connections: 1 });
  try {
    const outcome = await remote.getShipmentByDdtAlpha(PROBE_REFERENCE, clientId);
    if (outcome.kind === 'forbidden' && outcome.reason === 'invalid_key')
      return { kind: 'refused', field: 'apiKey', message: 'Chiave API rifiutata dal servizio' };
    // Any other 403 is the service's rate limit: the key is neither accepted nor refused yet.
    if (outcome.kind === 'forbidden') return { kind: 'unreachable', message: 'limite di richieste del servizio' };
    if (outcome.kind === 'rejected' && outcome.error === MSG.instanceNotFound)
      return {
        kind: 'refused',
        field: 'remoteUrl',
        message: "Istanza non trovata su questo servizio: controlla la fine dell'indirizzo",
      };
    if (outcome.kind === 'unknown') return { kind: 'unreachable', message: outcome.error };
    return { kind: 'verified' };
  } finally {
    await remote.close();
  }
}
