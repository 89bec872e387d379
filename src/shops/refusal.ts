// A shop's answer to the bench's check as the connect form says it: which field to look at, and why by a code of
// shared/api/shopRefusals.ts (nobody answered, the token refused, the scopes missing by name, the customers' data not
// granted, not the platform's API, the shop's own trouble); and a failure after connecting by a code of
// shared/api/shopFailures.ts, read by the same rules. The shop's words are read here, never the main message.
import type { ShopError, ShopFailureCode } from '../shared/api/shopFailures';
import type { ShopAnswerCode } from '../shared/api/shopRefusals';
import { describe, type ShopFailure, type ShopRefusalReason } from './types';

export interface ConnectRefusal {
  field: 'address' | 'token';
  /** Never a shape's code: those are checked before the shop is asked. */
  code: ShopAnswerCode;
  /** What the code speaks of: the cause, the missing scopes, the status ('' for none). */
  detail: string;
}

/**
 * Shopify's words for an app without protected customer data ("not approved to access the Order object"), or the
 * Shopify client's own saying of them (access.ts).
 */
const PROTECTED = /protected[ -]customer[ -]data|not approved to access|dati protetti dei clienti/i;
/** An access scope as Shopify names it in a refusal ("Required access: `read_orders` access scope."). */
const SCOPE = /\b(?:read|write|unauthenticated_read|unauthenticated_write)_[a-z_]+\b/g;

/** PrestaShop's words for a key without a resource's permission, the call added ("… key (GET order_states)"). */
const NO_PERMISSION = /No permission for this authentication key \((GET|PUT|POST|DELETE) (\w+)\)/i;

export const scopesIn = (text: string): string[] => [...new Set(text.match(SCOPE) ?? [])];

export function connectRefusal(failure: ShopFailure): ConnectRefusal {
  const text = failure.message;
  if (failure.reason === 'tooOld') return { field: 'address', code: 'shopVersion', detail: '' };
  if (failure.status === 0 && failure.kind !== 'unauthorized')
    return { field: 'address', code: 'shopUnreachable', detail: failure.cause ?? 'other' };
  if (failure.status >= 300 && failure.status < 400)
    return { field: 'address', code: 'shopUnreachable', detail: 'redirect' };
  if (failure.answered !== undefined) return { field: 'address', code: 'shopNotShop', detail: failure.answered };
  if (PROTECTED.test(text)) return { field: 'token', code: 'shopProtectedData', detail: '' };
  if (failure.code === 'ACCESS_DENIED' || failure.status === 403)
    return { field: 'token', code: 'shopScopes', detail: scopesIn(text).join(', ') };
  const permission = NO_PERMISSION.exec(text);
  if (permission) return { field: 'token', code: 'shopScopes', detail: `${permission[1]} ${permission[2]}` };
  if (failure.status === 401 || failure.kind === 'unauthorized')
    return { field: 'token', code: 'shopTokenRefused', detail: '' };
  // A 404 (no such store, no REST route) or a 200 that is not the API's answer (a web page).
  const unreadable = failure.status === 200 && failure.kind === 'unavailable' && !failure.code;
  if (failure.status === 404 || failure.code === 'rest_no_route' || unreadable)
    return { field: 'address', code: 'shopNotShop', detail: '' };
  return { field: 'address', code: 'shopTrouble', detail: String(failure.status) };
}

const REASON_CODES: Record<ShopRefusalReason, ShopFailureCode> = {
  orderGone: 'shopOrderGone',
  orderDone: 'shopOrderDone',
  orderClosed: 'shopOrderClosed',
  noCarrier: 'shopNoCarrier',
  noShippedState: 'shopNoShippedState',
  fulfilmentGone: 'shopFulfilmentGone',
  stateUnsupported: 'shopStateUnsupported',
  // Something answered, but not the platform's JSON (a host's page, a truncated answer).
  unreadable: 'shopNotShop',
  tooOld: 'shopVersion',
};

/**
 * A failure after connecting, by its cause: the client's own reading first; a 404 on one order while sending is that
 * order deleted in the shop (a shop that is gone as a whole fails its reads too, which say so); the shop's "no" to what
 * was sent (a 400, a 422, Shopify's userErrors); else as the connect form reads it.
 */
export function failureNote(failure: ShopFailure, during: 'read' | 'send'): { code: ShopFailureCode; detail: string } {
  if (failure.reason) return { code: REASON_CODES[failure.reason], detail: '' };
  if (failure.kind === 'throttled') return { code: 'shopTrouble', detail: '429' };
  const permission = failure.kind === 'unauthorized' || failure.code === 'ACCESS_DENIED';
  if (!permission && failure.answered === undefined) {
    const deleted = failure.status === 404 && failure.code !== 'rest_no_route';
    if (during === 'send' && deleted) return { code: 'shopOrderGone', detail: '' };
    const said = failure.status === 400 || failure.status === 409 || failure.status === 422;
    if ((failure.kind === 'refused' && failure.status !== 404) || said)
      return { code: 'shopRequestRefused', detail: '' };
  }
  const { code, detail } = connectRefusal(failure);
  return { code, detail };
}

/** A failure as the connection, the shop's log and the queues keep it: the shop's words and their code. */
export const shopError = (failure: ShopFailure, during: 'read' | 'send'): ShopError => ({
  text: describe(failure),
  ...failureNote(failure, during),
});
