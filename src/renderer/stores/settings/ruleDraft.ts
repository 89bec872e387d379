// One shipping rule as the Settings form holds it: every condition and result as text typed (lists comma-separated,
// numbers with either decimal mark), turned into a rule by the shared schema, each refusal at the field it concerns.
import { fieldIssue, issueOf, type FieldIssue } from '../../../shared/api/fieldIssues';
import { italianNumber } from '../../../shared/domain/orderColumns';
import { RuleSchema, RULE_ZONES, type Range, type Rule, type RuleZone } from '../../../shared/domain/shippingRules';

export interface RuleTexts {
  name: string;
  countries: string;
  zone: '' | RuleZone;
  weightMin: string;
  weightMax: string;
  volumeMin: string;
  volumeMax: string;
  valueMin: string;
  valueMax: string;
  parcelsMin: string;
  parcelsMax: string;
  cod: '' | 'yes' | 'no';
  clients: string;
  sources: string;
  skus: string;
  /** `corriere/servizio`, '' the cheapest. */
  service: string;
  insurance: '' | 'order' | 'amount';
  insuredAmount: string;
  box: string;
  codType: string;
  hold: boolean;
}
export type RuleTextField = keyof RuleTexts;
export type RuleTextErrors = Partial<Record<RuleTextField, FieldIssue>>;

const RANGES = [
  ['weightKg', 'weightMin', 'weightMax'],
  ['volumeM3', 'volumeMin', 'volumeMax'],
  ['valueEur', 'valueMin', 'valueMax'],
  ['parcels', 'parcelsMin', 'parcelsMax'],
] as const;

const text = (n: number | undefined) => (n === undefined ? '' : String(n));
const list = (items: readonly (string | number)[] | undefined) => (items ?? []).join(', ');

export function ruleTexts(rule?: Rule): RuleTexts {
  const w = rule?.when ?? {};
  const then = rule?.then ?? {};
  const insured = then.insurance;
  return {
    name: rule?.name ?? '',
    countries: list(w.countries),
    zone: w.zone ?? '',
    weightMin: text(w.weightKg?.min),
    weightMax: text(w.weightKg?.max),
    volumeMin: text(w.volumeM3?.min),
    volumeMax: text(w.volumeM3?.max),
    valueMin: text(w.valueEur?.min),
    valueMax: text(w.valueEur?.max),
    parcelsMin: text(w.parcels?.min),
    parcelsMax: text(w.parcels?.max),
    cod: w.cod === undefined ? '' : w.cod ? 'yes' : 'no',
    clients: list(w.clients),
    sources: list(w.sources),
    skus: list(w.skus),
    service: then.courier ? `${then.courier.corriere}/${then.courier.servizio}` : '',
    insurance: insured === undefined ? '' : insured === 'order' ? 'order' : 'amount',
    insuredAmount: typeof insured === 'number' ? String(insured) : '',
    box: then.box ?? '',
    codType: then.codType === undefined ? '' : String(then.codType),
    hold: then.hold === true,
  };
}

const items = (s: string) =>
  s
    .split(/[,;\n]/)
    .map((x) => x.trim())
    .filter(Boolean);

/** Where a schema's refusal (by its path in the rule) is shown in the form. */
function fieldOf(path: readonly PropertyKey[]): RuleTextField {
  const [part, key, sub] = path.map(String);
  if (part === 'name') return 'name';
  if (part === 'when') {
    const range = RANGES.find(([k]) => k === key);
    if (range) return sub === 'max' ? range[2] : range[1];
    if (key === 'countries' || key === 'zone' || key === 'cod' || key === 'clients' || key === 'sources') return key;
    return key === 'skus' ? 'skus' : 'name';
  }
  if (key === 'insurance') return 'insuredAmount';
  if (key === 'box' || key === 'codType') return key;
  return 'service';
}

export function ruleFromTexts(t: RuleTexts): { ok: true; rule: Rule } | { ok: false; errors: RuleTextErrors } {
  const errors: RuleTextErrors = {};
  const num = (field: RuleTextField, value: string) => {
    if (value.trim() === '') return undefined;
    const n = italianNumber(value);
    if (n === undefined) errors[field] = fieldIssue('number');
    return n;
  };
  const when: Record<string, unknown> = {};
  for (const [key, min, max] of RANGES) {
    const range: Range = {};
    const lo = num(min, t[min]);
    const hi = num(max, t[max]);
    if (lo !== undefined) range.min = lo;
    if (hi !== undefined) range.max = hi;
    if (lo !== undefined || hi !== undefined) when[key] = range;
  }
  if (items(t.countries).length > 0) when.countries = items(t.countries).map((c) => c.toUpperCase());
  if ((RULE_ZONES as readonly string[]).includes(t.zone)) when.zone = t.zone;
  if (t.cod !== '') when.cod = t.cod === 'yes';
  const clients = items(t.clients).map(Number);
  if (clients.some((c) => !Number.isInteger(c) || c <= 0)) errors.clients = fieldIssue('integer');
  if (clients.length > 0) when.clients = clients;
  if (items(t.sources).length > 0) when.sources = items(t.sources);
  if (items(t.skus).length > 0) when.skus = items(t.skus);
  const then: Record<string, unknown> = {};
  const [corriere, servizio] = t.service.split('/').map(Number);
  if (t.service !== '') then.courier = { corriere, servizio };
  if (t.insurance === 'order') then.insurance = 'order';
  if (t.insurance === 'amount') then.insurance = num('insuredAmount', t.insuredAmount) ?? 0;
  if (t.box.trim() !== '') then.box = t.box.trim();
  if (t.codType !== '') then.codType = Number(t.codType);
  if (t.hold) then.hold = true;
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  const parsed = RuleSchema.safeParse({ name: t.name, when, then });
  if (parsed.success) return { ok: true, rule: parsed.data };
  // A blank name is zod's own length check: said as the form's "required", never as a bare "invalid value".
  if (t.name.trim() === '') errors.name = fieldIssue('required');
  for (const issue of parsed.error.issues) errors[fieldOf(issue.path)] ??= issueOf(issue);
  return { ok: false, errors };
}
