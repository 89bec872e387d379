// What the new-shipment form looks up while the operator types: city and province for a 5-digit CAP, recent
// recipients by name, and the price quote for the shipment as typed (debounced, only once the shared schema accepts
// it, and again only when something that changes the price changed), and what that quote says of the service chosen:
// the form refuses to save a shipment the quote knows nothing (or not the chosen service) can carry.
import { ADDRESS_EXCLUSIONS } from '../../../shared/api/exclusionReasons';
import type { FieldIssues } from '../../../shared/api/fieldIssues';
import type { CommandOutput } from '../../../shared/ipc/commands';
import { fieldErrors } from '../../../shared/api/shipmentRequest';
import type { CommandError } from '../../../shared/ipc/result';
import type { StationApi } from '../../stationApi';
import type { FormValues } from '../../../shared/domain/shipmentForm';

export type CapSuggestion = CommandOutput<'addresses.byCap'>[number];
export type Recipient = CommandOutput<'addresses.recent'>[number];
export type QuoteView = CommandOutput<'shipments.quote'>;

/** A save the quote refuses: its Italian words, and what the screen says instead in the operator's language. */
export interface QuoteRefusal {
  message: string;
  issues?: FieldIssues;
  /** The chosen service's exclusion, said by its code. */
  exclusion?: QuoteView['excluded'][number];
  /** The cheapest was asked for and no service can carry the shipment. */
  noService?: true;
}

export interface LookupState {
  capSuggestions: readonly CapSuggestion[];
  recent: readonly Recipient[];
  recentOpen: boolean;
  quote: QuoteView | undefined;
  quoting: boolean;
  quoteError: CommandError | undefined;
}

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

/**
 * Said when no service can carry the shipment (Italian, like the station's words it stands beside). Each service has
 * its own reason and the quote panel lists them all; the first few would be a service that never goes there.
 */
const NO_SERVICE = 'Nessun servizio può trasportare questa spedizione: i motivi di ogni servizio sono nel preventivo';

/** Fields that never change a price: a new reference or note does not ask for a new quote. */
const PRICE_NEUTRAL = new Set(['ddt_num', 'ddt_alpha', 'note', 'corriere', 'servizio']);

/** What the lookups need of the form that hosts them (the form's store; named here so neither imports the other). */
export interface LookupHost extends LookupState {
  values: FormValues;
  setValues(patch: Partial<FormValues>): void;
}

export function createLookups(
  api: StationApi,
  set: (patch: Partial<LookupState>) => void,
  get: () => LookupHost,
  body: () => Record<string, unknown>,
  delays: { suggest: number; quote: number },
): { initial: LookupState; actions: Lookups } {
  let capSeq = 0;
  let recentSeq = 0;
  let quoteSeq = 0;
  let lastQuoteKey = '';
  let recentTimer: ReturnType<typeof setTimeout> | undefined;
  let quoteTimer: ReturnType<typeof setTimeout> | undefined;
  /** Those waiting for the quote on its way (settled()); told when the latest one is answered or dropped. */
  let waiters: (() => void)[] = [];
  const answered = () => {
    const told = waiters;
    waiters = [];
    for (const done of told) done();
  };

  const lookUpCap = async () => {
    const { rcpt_cap: cap, rcpt_country_code: country } = get().values;
    const seq = ++capSeq;
    // The last CAP's municipalities are not this one's: nothing is said of the place until its own arrive.
    set({ capSuggestions: [] });
    if (!/^\d{5}$/.test(cap.trim()) || country.trim().toUpperCase() !== 'IT') return;
    const result = await api.call('addresses.byCap', { cap: cap.trim() });
    if (seq !== capSeq || !result.ok) return;
    set({ capSuggestions: result.value });
    const { rcpt_city: city, rcpt_prov: prov } = get().values;
    const [only] = result.value;
    if (result.value.length === 1 && only && city.trim() === '')
      get().setValues({ rcpt_city: only.nome, rcpt_prov: only.sigla });
    else if (only && prov.trim() === '' && result.value.every((s) => s.sigla === only.sigla))
      get().setValues({ rcpt_prov: only.sigla });
  };

  const quoteBody = () => ({ ...body(), corriere: '0', servizio: '0' });
  const quoteKey = (request: Record<string, unknown>) =>
    JSON.stringify(Object.entries(request).filter(([k]) => !PRICE_NEUTRAL.has(k)));

  const actions: Lookups = {
    afterChange(field) {
      if (field === 'rcpt_cap' || field === 'rcpt_country_code') void lookUpCap();
      if (field === 'rcpt_name') actions.searchRecent(get().values.rcpt_name);
      if (quoteTimer) clearTimeout(quoteTimer);
      quoteTimer = setTimeout(() => {
        quoteTimer = undefined;
        void actions.quoteNow();
      }, delays.quote);
    },

    searchRecent(text) {
      if (recentTimer) clearTimeout(recentTimer);
      recentTimer = setTimeout(async () => {
        recentTimer = undefined;
        const seq = ++recentSeq;
        const result = await api.call('addresses.recent', { search: text.trim().slice(0, 100) });
        if (seq !== recentSeq) return;
        set({ recent: result.ok ? result.value : [], recentOpen: result.ok && result.value.length > 0 });
      }, delays.suggest);
    },

    closeRecent() {
      recentSeq += 1;
      if (recentTimer) clearTimeout(recentTimer);
      set({ recentOpen: false });
    },

    pickRecipient(recipient) {
      actions.closeRecent();
      get().setValues({ ...recipient });
    },

    pickCap(suggestion) {
      get().setValues({ rcpt_city: suggestion.nome, rcpt_prov: suggestion.sigla });
    },

    async quoteNow() {
      const request = quoteBody();
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
        await actions.quoteNow();
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
        return place?.issues
          ? { message: place.reason, issues: place.issues }
          : { message: NO_SERVICE, noService: true };
      }
      const excluded = current.excluded.find((e) => e.corriere === corriere && e.servizio === servizio);
      if (!excluded) return undefined;
      return excluded.issues
        ? { message: excluded.reason, issues: excluded.issues, exclusion: excluded }
        : { message: excluded.reason, exclusion: excluded };
    },

    pickQuote(corriere, servizio) {
      get().setValues({ corriere: String(corriere), servizio: String(servizio) });
    },
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
