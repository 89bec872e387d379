// What the form says while an Italian CAP, city and province disagree, from the municipalities the CAP belongs to
// (the station's list, looked up as the CAP is typed): a city the CAP does not serve, or a province that is not the
// CAP's. One municipality for the CAP is a fix one key makes ("Milano?"); several are listed (the city's suggestions
// pick one). Only a hint: a hamlet (frazione) has the CAP of its municipality and a name of its own, and passes.
import type { FormValues } from '../../../shared/domain/shipmentForm';
import type { CapSuggestion } from './lookups';

export type PlaceHint =
  | { field: 'rcpt_city'; cap: string; names: string; fix: Pick<FormValues, 'rcpt_city' | 'rcpt_prov'> | undefined }
  | { field: 'rcpt_prov'; cap: string; names: string; fix: Pick<FormValues, 'rcpt_prov'> };

/** Lower case, no accents, no punctuation: "Forlì" = "Forli'" = "FORLI". */
const plain = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

const names = (suggestion: CapSuggestion) => suggestion.nome.split('/').map(plain);

export function placeHint(values: FormValues, suggestions: readonly CapSuggestion[]): PlaceHint | undefined {
  const cap = values.rcpt_cap.trim();
  const city = plain(values.rcpt_city);
  if (values.rcpt_country_code.trim().toUpperCase() !== 'IT' || !/^\d{5}$/.test(cap)) return undefined;
  if (suggestions.length === 0 || city === '') return undefined;
  const listed = suggestions.map((s) => `${s.nome} (${s.sigla})`).join(', ');
  const match = suggestions.find((s) => names(s).includes(city));
  if (!match) {
    const [only] = suggestions;
    const fix = suggestions.length === 1 && only ? { rcpt_city: only.nome, rcpt_prov: only.sigla } : undefined;
    return { field: 'rcpt_city', cap, names: listed, fix };
  }
  const prov = values.rcpt_prov.trim().toUpperCase();
  if (prov !== '' && prov !== match.sigla)
    return { field: 'rcpt_prov', cap, names: `${match.nome} (${match.sigla})`, fix: { rcpt_prov: match.sigla } };
  return undefined;
}
