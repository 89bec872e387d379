// A shipping rule's choice in the operator's language: "Regola 3 (Contrassegno leggero): contrassegno e fino a 3 kg →
// Demo Express Standard", and why a rule the order met was passed over (its service cannot carry it), said by the
// same codes as the quote's exclusions.
import type { RuleOutcome } from '../../shared/domain/ruleEvaluation';
import type { RuleProblem } from '../../shared/domain/ruleProblems';
import type { Range, RuleFileIssues, RuleThen, RuleWhen } from '../../shared/domain/shippingRules';
import { hasMessage } from '../i18n/translate';
import { fieldErrorText } from './fieldErrorText';
import { exclusionText, type Formatter } from './exclusionText';

function rangeText({ t }: Formatter, range: Range, say: (n: number) => string): string {
  if (range.min !== undefined && range.max !== undefined)
    return t('rules.range.both', { min: say(range.min), max: say(range.max) });
  if (range.max !== undefined) return t('rules.range.max', { max: say(range.max) });
  return t('rules.range.min', { min: say(range.min ?? 0) });
}

/** What a rule asks of an order, its conditions joined ("contrassegno e fino a 3 kg"). */
export function whenText(i18n: Formatter, when: RuleWhen): string {
  const { t, number, money, kg } = i18n;
  const parts: string[] = [];
  if (when.zone) parts.push(t(`rules.when.zone.${when.zone}`));
  if (when.countries) parts.push(t('rules.when.countries', { list: when.countries.join(', ').toUpperCase() }));
  if (when.cod !== undefined) parts.push(t(when.cod ? 'rules.when.cod' : 'rules.when.noCod'));
  if (when.weightKg) parts.push(rangeText(i18n, when.weightKg, kg));
  if (when.volumeM3) parts.push(t('rules.when.volume', { range: rangeText(i18n, when.volumeM3, (n) => number(n, 3)) }));
  if (when.valueEur) parts.push(t('rules.when.value', { range: rangeText(i18n, when.valueEur, (n) => money(n)) }));
  if (when.parcels) parts.push(t('rules.when.parcels', { range: rangeText(i18n, when.parcels, (n) => number(n)) }));
  if (when.clients) parts.push(t('rules.when.clients', { list: when.clients.join(', ') }));
  if (when.sources) parts.push(t('rules.when.sources', { list: when.sources.join(', ') }));
  if (when.skus) parts.push(t('rules.when.skus', { list: when.skus.join(', ') }));
  return parts.length === 0 ? t('rules.when.any') : parts.join(t('rules.and'));
}

/** What a rule gives ("Demo Express Standard, scatola Media"). */
export function thenText(i18n: Formatter, then: RuleThen, service: string | undefined, insured?: number): string {
  const { t, money } = i18n;
  const parts: string[] = [];
  if (then.hold) parts.push(t('rules.then.hold'));
  parts.push(service ?? t('rules.then.cheapest'));
  if (then.box) parts.push(t('rules.then.box', { box: then.box }));
  if (then.insurance !== undefined)
    parts.push(
      t('rules.then.insurance', {
        amount: insured !== undefined ? money(insured) : then.insurance === 'order' ? t('rules.then.orderValue') : '',
      }),
    );
  if (then.codType !== undefined) {
    const key = `cod.type.${then.codType}`;
    parts.push(t('rules.then.codType', { type: hasMessage(key) ? t(key) : String(then.codType) }));
  }
  return parts.join(', ');
}

/** The rule obeyed, or that none was ("nessuna regola: il più economico"). */
export function chosenText(i18n: Formatter, outcome: RuleOutcome): string {
  const chosen = outcome.rule;
  if (!chosen) return i18n.t('rules.none');
  return i18n.t('rules.chose', {
    n: chosen.index + 1,
    name: chosen.name,
    when: whenText(i18n, chosen.when),
    then: thenText(i18n, chosen.then, chosen.service, chosen.insured),
  });
}

/** Each rule the order met but whose service cannot carry it, and why. */
export function passedTexts(i18n: Formatter, outcome: RuleOutcome): string[] {
  return outcome.passed.map((p) =>
    i18n.t('rules.passed', { n: p.index + 1, name: p.name, why: exclusionText(i18n, { ...p.why, reason: '' }) }),
  );
}

/** A problem of the rule list, found at save (or as it is edited). */
export function problemText({ t }: Pick<Formatter, 't'>, problem: RuleProblem): string {
  const params = { n: problem.index + 1, other: (problem.other ?? 0) + 1, box: problem.box ?? '' };
  return t(`rules.problem.${problem.code}`, params);
}

/** Why an imported rules file was refused: each mistake at its path in the file, or each problem of its list. */
export function ruleFileText(
  { t }: Pick<Formatter, 't'>,
  refused: { issues: RuleFileIssues } | { problems: readonly RuleProblem[] },
): string {
  const said =
    'issues' in refused
      ? refused.issues.map(({ path, issue }) => (path ? `${path}: ` : '') + fieldErrorText(t, issue))
      : refused.problems.map((problem) => problemText({ t }, problem));
  return t('rules.fileRefused', { issues: said.join('; ') });
}
