// What every shop client answers when a call fails: why, in the shop's own words (each platform's own types are in
// its folder).

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
}
