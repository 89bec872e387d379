// What the new-shipment form looks up while the operator types: city and province for a 5-digit CAP, recent
// recipients by name, and the price quote for the shipment as typed (debounced, only once the shared schema accepts
// it, and again only when something that changes the price changed), and what that quote says of the service chosen:
// the form refuses to save a shipment the quote knows nothing (or not the chosen service) can carry.
import type { StationApi } from '../../stationApi';
import { createCapLookup } from './capLookup';
import type { CapSuggestion, LookupHost, LookupState, QuoteRefusal, Recipient } from './lookupState';
import { createQuoteLookup } from './quoteLookup';
import { createRecentLookup } from './recentLookup';

export type { CapSuggestion, LookupHost, LookupState, QuoteRefusal, QuoteView, Recipient } from './lookupState';

export interface Lookups {
  /** Called by the form after each change; `field` is '' for changes that need no suggestion. */
  afterChange(field: string): void;
  searchRecent(text: string): void;
  closeRecent(): void;
  pickRecipient(recipient: Recipient): void;
  pickCap(suggestion: CapSuggestion): void;
  quoteNow(): Promise<void>;
  /** The quote of the shipment as it stands: a debounced one is asked at once, one on its way is waited for. */
  settled(): Promise<void>;
  /**
   * Why the quote says this courier and service (0/0: the cheapest) cannot carry the shipment (undefined: they can):
   * the words, by code what to say at each field, and the exclusion (or that no service can) for the screen to say.
   */
  refusal(corriere: number, servizio: number): QuoteRefusal | undefined;
  /** The form starts over: a quote on its way is for the shipment left behind, the next one is asked afresh. */
  forget(): void;
  pickQuote(corriere: number, servizio: number): void;
}

export function createLookups(
  api: StationApi,
  set: (patch: Partial<LookupState>) => void,
  get: () => LookupHost,
  body: () => Record<string, unknown>,
  delays: { suggest: number; quote: number },
): { initial: LookupState; actions: Lookups } {
  const cap = createCapLookup(api, set, get);
  const recent = createRecentLookup(api, set, get, delays.suggest);
  const quote = createQuoteLookup(api, set, get, body, delays.quote);

  const actions: Lookups = {
    afterChange(field) {
      if (field === 'rcpt_cap' || field === 'rcpt_country_code') void cap.lookUp();
      if (field === 'rcpt_name') actions.searchRecent(get().values.rcpt_name);
      quote.schedule();
    },
    searchRecent: recent.search,
    closeRecent: recent.close,
    pickRecipient: recent.pick,
    pickCap: cap.pick,
    quoteNow: quote.quoteNow,
    settled: quote.settled,
    forget: quote.forget,
    refusal: quote.refusal,
    pickQuote: quote.pick,
  };

  return {
    initial: {
      capSuggestions: [],
      recent: [],
      recentOpen: false,
      quote: undefined,
      quoting: false,
      quoteError: undefined,
    },
    actions,
  };
}
