// What every shop client answers when a call fails: why, in the shop's own words (each platform's own types are in
// its folder), and how the logs say it.
import type { ShopError } from '../shared/api/shopFailures';
import type { NetworkCause } from '../shared/api/shopRefusals';

/**
 * A call that did not succeed. `unauthorized`: the token or keys are wrong (the bench must be told, retrying will not
 * help); `throttled` and `unavailable` and `network`: try again later; `refused`: the shop answered and said no (a
 * fulfilment order already closed); `http`: any other status.
 */
export interface ShopFailure {
  kind: 'unauthorized' | 'throttled' | 'unavailable' | 'network' | 'refused' | 'http';
  /** The HTTP status; 0 when there was no answer. */
  status: number;
  message: string;
  /** The platform's own error code where it gives one (WooCommerce's `rest_no_route`): never translated. */
  code?: string;
  /** How long the shop asked to be left alone (a 429's or 503's Retry-After), in ms. */
  retryAfterMs?: number;
  /** What answered instead of the platform's API (a web page's title or first words), when something did. */
  answered?: string;
  /** With no answer (status 0): why, from the error's code (networkCause.ts). */
  cause?: NetworkCause;
  /** The bench's own reading of what the shop answered, where a client made the refusal (refusal.ts says it). */
  reason?: ShopRefusalReason;
}

/**
 * Refusals a client makes from what the shop answered: the order not found, fulfilled already with another shipment,
 * closed (cancelled, refunded) there, without a carrier; the shop without a shipped state; the fulfilment a state
 * belongs to gone; a state the platform takes no event for; an answer that could not be read; a platform's version
 * older than the bench reads.
 */
export type ShopRefusalReason =
  | 'orderGone'
  | 'orderDone'
  | 'orderClosed'
  | 'noCarrier'
  | 'noShippedState'
  | 'fulfilmentGone'
  | 'stateUnsupported'
  | 'unreadable'
  | 'tooOld';

/** A shop's words kept as a connection's last error or written in a log line, at most (a 1 MB error page is not). */
export const MAX_TEXT_CHARS = 500;

/** A shop's text cut to what a screen and a log line can carry. */
export const capped = (text: string) => (text.length > MAX_TEXT_CHARS ? `${text.slice(0, MAX_TEXT_CHARS - 1)}…` : text);

/** A failure as the shop's log and the bench's log say it: the status first when there was one, cut to the cap. */
export const describe = (failure: ShopFailure) =>
  capped(failure.status ? `HTTP ${failure.status}: ${failure.message}` : failure.message);

/** A refusal a client makes from what the shop answered (status 0 when the shop was not asked). */
export const refusedFor = (reason: ShopRefusalReason, message: string, status = 200): ShopFailure => ({
  kind: 'refused',
  status,
  message,
  reason,
});

export const MISSING_SECRET = 'Credenziali del negozio mancanti: collegare di nuovo il negozio';
/** The same, as kept with its code. */
export const MISSING_SECRET_ERROR: ShopError = { text: MISSING_SECRET, code: 'shopNoSecret', detail: '' };
