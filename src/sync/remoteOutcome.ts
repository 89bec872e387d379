// How an HTTP answer or a transport error becomes a RemoteOutcome: the one place that decides what a person must see,
// what may be retried, and whether a request that got no answer may still have reached the remote.
import { z } from 'zod';
import { isInvalidKeyText, MSG } from '../shared/api/messages';
import type { RemoteOutcome } from './types';
import { errorMessage } from '../shared/errorMessage';

/**
 * Failures that happen before the request can have left this machine, so it is safe to send again as if never tried.
 * Anything else (a reset, a timeout after connecting, an unknown code) counts as possibly received: a create is
 * then looked up by ddt_alpha first, which costs one GET, where guessing wrong would cost a duplicate shipment.
 */
const NEVER_SENT = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'UND_ERR_CONNECT_TIMEOUT',
  // undici refuses to dispatch on a closed pool.
  'UND_ERR_CLOSED',
]);

const DEFINITE_REFUSALS = new Set([400, 404, 413]);

/** Classifies a complete answer; `schema` is the endpoint's 200 body, `unreadable` what a 2xx it cannot read is. */
export function classifyAnswer<T>(
  status: number,
  text: string,
  schema: z.ZodType<T>,
  unreadable: string = MSG.syncUnreadable,
): RemoteOutcome<T> {
  const json = parseJson(text);
  if (status >= 200 && status < 300) {
    // An answer the station cannot read at all (even liberally) will not read better on the next try: the one
    // shipment is parked with the remote's raw words for a person, and the queue goes on.
    if (!json.ok) return { kind: 'rejected', status, error: `${unreadable} (HTTP ${status}): ${snippet(text)}` };
    const parsed = schema.safeParse(json.value);
    if (parsed.success) return { kind: 'ok', status, body: parsed.data };
    const fields = [...new Set(parsed.error.issues.map((i) => i.path.join('.') || '(risposta)'))].join(', ');
    return {
      kind: 'rejected',
      status,
      error: `${unreadable} (HTTP ${status}, campi: ${fields}): ${snippet(text)}`,
    };
  }
  const said = json.ok ? messageOf(json.value) : undefined;
  const error = said ?? `HTTP ${status}${text.trim() === '' ? '' : `: ${snippet(text)}`}`;
  if (DEFINITE_REFUSALS.has(status)) return { kind: 'rejected', status, error };
  // Only the invalid-key text pauses sync: any other 403 (JSON with another text, plain text, HTML, empty) is the
  // real aggregator's rate limit, which it answers with 403 and no documented body (aggregator-facts.md).
  if (status === 403)
    return { kind: 'forbidden', reason: isInvalidKeyText(said) ? 'invalid_key' : 'rate_limited', error };
  // 5xx, 429, redirects and anything unexpected: the remote may or may not have acted on the request.
  return { kind: 'unknown', sent: true, error: said === undefined ? error : `HTTP ${status}: ${said}` };
}

/** Classifies a thrown transport error (undici's, Node's, or the client's own deadline). */
export function classifyError(error: unknown): RemoteOutcome<never> {
  const code = errorCode(error);
  const message = errorMessage(error);
  return {
    kind: 'unknown',
    sent: code === undefined || !NEVER_SENT.has(code),
    error: code && !message.includes(code) ? `${message} (${code})` : message,
  };
}

function errorCode(error: unknown): string | undefined {
  for (let current: unknown = error, depth = 0; current && depth < 4; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    // Node's happy-eyeballs connect reports an AggregateError whose own code may be missing.
    const inner = current instanceof AggregateError ? current.errors[0] : undefined;
    current = inner ?? (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** The remote's own words: `error` everywhere, `result` in PATCH's `{result, status}` bodies. */
function messageOf(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const { error, result } = body as { error?: unknown; result?: unknown };
  if (typeof error === 'string' && error !== '') return error;
  if (typeof result === 'string' && result !== '') return result;
  return undefined;
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}

function snippet(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > 200 ? `${flat.slice(0, 200)}…` : flat || '(empty)';
}
