// The price quote of the new-shipment form: asked for the shipment as typed (debounced, only once the shared schema
// accepts it, and again only when something that changes the price changed; a later quote's answer wins), and what it
// says of the service chosen, so that the form refuses a shipment the quote knows nothing (or not that one) carries.
import { ADDRESS_EXCLUSIONS, cheapestShortening } from '../../../shared/api/exclusionReasons';
import { fieldErrors } from '../../../shared/api/shipmentRequest';
import type { StationApi } from '../../stationApi';
import type { LookupHost, LookupState, QuoteRefusal } from './lookupState';

export interface QuoteLookup {
  /** Asks for a quote `delay` ms after the last change (each change starts the wait again). */
  schedule(): void;
  quoteNow(): Promise<void>;
  /** The quote of the shipment as it stands: a debounced one is asked at once, one on its way is waited for. */
  settled(): Promise<void>;
  /** The form starts over: a quote on its way is for the shipment left behind, the next one is asked afresh. */
  forget(): void;
  /** Why the quote says this courier and service (0/0: the cheapest) cannot carry the shipment (undefined: can). */
  refusal(corriere: number, servizio: number): QuoteRefusal | undefined;
  pick(corriere: number, servizio: number): void;
}

/**
 * Said when no service can carry the shipment (Italian, like the station's words it stands beside). Each service has
 * its own reason and the quote panel lists them all; the first few would be a service that never goes there.
 */
const NO_SERVICE = 'Nessun servizio può trasportare questa spedizione: i motivi di ogni servizio sono nel preventivo';

/** Fields that never change a price: a new reference or note does not ask for a new quote. */
const PRICE_NEUTRAL = new Set(['ddt_num', 'ddt_alpha', 'note', 'corriere', 'servizio']);

/**
 * The request with texts longer than the form takes cut to its maximum: their price is the same, and the quote then
 * says the courier's own, stricter, limits beside the form's (the save shows them all at once). Anything else the
 * form refuses is left as it is (and no quote is asked).
 */
function withinFormLengths(request: Record<string, unknown>): Record<string, unknown> {
  const tooLong = Object.entries(fieldErrors(request)).filter(([, issue]) => issue.code === 'maxChars');
  if (tooLong.length === 0) return request;
  const cut = { ...request };
  for (const [field, issue] of tooLong) {
    const text = cut[field];
    if (typeof text === 'string') cut[field] = text.trim().slice(0, Number(issue.value));
  }
  return cut;
}

export function createQuoteLookup(
  api: StationApi,
  set: (patch: Partial<LookupState>) => void,
  get: () => LookupHost,
  body: () => Record<string, unknown>,
  delay: number,
): QuoteLookup {
  let quoteSeq = 0;
  let lastQuoteKey = '';
  let quoteTimer: ReturnType<typeof setTimeout> | undefined;
  /** Those waiting for the quote on its way (settled()); told when the latest one is answered or dropped. */
  let waiters: (() => void)[] = [];
  const answered = () => {
    const told = waiters;
    waiters = [];
    for (const done of told) done();
  };

  const quoteBody = () => ({ ...body(), corriere: '0', servizio: '0' });
  const quoteKey = (request: Record<string, unknown>) =>
    JSON.stringify(Object.entries(request).filter(([k]) => !PRICE_NEUTRAL.has(k)));

  const lookup: QuoteLookup = {
    schedule() {
      if (quoteTimer) clearTimeout(quoteTimer);
      quoteTimer = setTimeout(() => {
        quoteTimer = undefined;
        void lookup.quoteNow();
      }, delay);
    },

    async quoteNow() {
      const request = withinFormLengths(quoteBody());
      if (Object.keys(fieldErrors(request)).length > 0) {
        lastQuoteKey = '';
        quoteSeq += 1;
        set({ quote: undefined, quoting: false, quoteError: undefined });
        answered();
        return;
      }
      const key = quoteKey(request);
      if (key === lastQuoteKey) return;
      lastQuoteKey = key;
      const seq = ++quoteSeq;
      set({ quoting: true });
      const result = await api.call('shipments.quote', { body: request });
      if (seq !== quoteSeq) return;
      set(
        result.ok
          ? { quote: result.value, quoting: false, quoteError: undefined }
          : { quote: undefined, quoting: false, quoteError: result.error },
      );
      answered();
    },

    async settled() {
      if (quoteTimer) {
        clearTimeout(quoteTimer);
        quoteTimer = undefined;
        await lookup.quoteNow();
      }
      if (get().quoting) await new Promise<void>((done) => waiters.push(done));
    },

    forget() {
      if (quoteTimer) clearTimeout(quoteTimer);
      quoteTimer = undefined;
      quoteSeq += 1;
      lastQuoteKey = '';
      answered();
    },

    refusal(corriere, servizio) {
      const { quote: current } = get();
      // No quote (incomplete, or it failed) or no prices here (the service chooses): the station decides alone.
      if (!current || current.source === 'service') return undefined;
      if (corriere === 0 && servizio === 0) {
        if (current.eligible.length > 0) return undefined;
        // An address whose CAP, city and province disagree is no service's to carry: said at its fields.
        const place = current.excluded.find((e) => ADDRESS_EXCLUSIONS.has(e.code) && e.issues);
        if (place?.issues) return { message: place.reason, issues: place.issues };
        // Texts too long for every service: the cheapest's limits, all at once (each shortened, it would carry it).
        const shortened = cheapestShortening(current.excluded);
        if (shortened?.issues) return { message: shortened.reason, issues: shortened.issues, exclusion: shortened };
        return { message: NO_SERVICE, noService: true };
      }
      const excluded = current.excluded.find((e) => e.corriere === corriere && e.servizio === servizio);
      if (!excluded) return undefined;
      return excluded.issues
        ? { message: excluded.reason, issues: excluded.issues, exclusion: excluded }
        : { message: excluded.reason, exclusion: excluded };
    },

    pick(corriere, servizio) {
      get().setValues({ corriere: String(corriere), servizio: String(servizio) });
    },
  };
  return lookup;
}
