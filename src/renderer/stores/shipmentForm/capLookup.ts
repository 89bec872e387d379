// The CAP lookup of the new-shipment form: the municipalities of an Italian 5-digit CAP as suggestions, the city and
// province filled in when the CAP says them alone and the operator has not typed them; a later CAP's answer wins.
import type { StationApi } from '../../stationApi';
import type { CapSuggestion, LookupHost, LookupState } from './lookupState';

export interface CapLookup {
  /** Asks for the municipalities of the CAP as typed (nothing for a CAP that is not five digits in Italy). */
  lookUp(): Promise<void>;
  pick(suggestion: CapSuggestion): void;
}

export function createCapLookup(
  api: StationApi,
  set: (patch: Partial<LookupState>) => void,
  get: () => LookupHost,
): CapLookup {
  let capSeq = 0;

  const lookUp = async () => {
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

  return {
    lookUp,
    pick(suggestion) {
      get().setValues({ rcpt_city: suggestion.nome, rcpt_prov: suggestion.sigla });
    },
  };
}
