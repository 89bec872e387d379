// What is wrong with a rule list as a whole, said at save: a rule naming a courier service or a box the bench does
// not have, or a return service (an order's shipment goes out), a rule no order can ever reach (an earlier rule takes
// every order it would and always carries it), and two rules with the same "when" and a different "then" where the
// first always wins. Pure; by code, for the screens.
import { z } from 'zod';
import { EU_COUNTRY_CODES } from './countries';
import type { ServiceLimits } from './ruleEvaluation';
import {
  HOME_COUNTRY,
  zoneOf,
  type Range,
  type Rule,
  type RuleThen,
  type RuleWhen,
  type ServiceRef,
} from './shippingRules';

export const RULE_PROBLEM_CODES = ['unknownService', 'returnService', 'unknownBox', 'shadowed', 'contradicts'] as const;

export const RuleProblemSchema = z.object({
  /** The rule concerned, from 0. */
  index: z.number().int().nonnegative(),
  code: z.enum(RULE_PROBLEM_CODES),
  /** Where in the rule ("then.courier"), for the form. */
  path: z.string(),
  /** shadowed, contradicts: the earlier rule (from 0); unknownBox: the box's name. */
  other: z.number().int().optional(),
  box: z.string().optional(),
  /** Italian, for the API's and the logs' words. */
  message: z.string(),
});
export type RuleProblem = z.infer<typeof RuleProblemSchema>;

export interface RuleCatalog {
  /** What a service can carry; undefined: the bench has no such service. */
  service(ref: ServiceRef): ServiceLimits | undefined;
  hasBox(name: string): boolean;
}

const wider = (a: Range | undefined, b: Range | undefined) =>
  a === undefined ||
  (b !== undefined &&
    (a.min === undefined || (b.min !== undefined && b.min >= a.min)) &&
    (a.max === undefined || (b.max !== undefined && b.max <= a.max)));

function widerSet<T>(a: readonly T[] | undefined, b: readonly T[] | undefined, key: (t: T) => T): boolean {
  if (a === undefined) return true;
  if (b === undefined) return false;
  const all = new Set(a.map(key));
  return b.every((x) => all.has(key(x)));
}

const upper = (s: string) => s.trim().toUpperCase();

/** Whether every destination `b` takes is one `a` takes. */
function widerDestination(a: RuleWhen, b: RuleWhen): boolean {
  if (a.countries === undefined && a.zone === undefined) return true;
  const bCountries = b.countries?.map(upper).filter((c) => b.zone === undefined || zoneOf(c) === b.zone);
  const inA = (c: string) =>
    (a.countries === undefined || a.countries.some((x) => upper(x) === c)) &&
    (a.zone === undefined || zoneOf(c) === a.zone);
  if (bCountries !== undefined) return bCountries.every(inA);
  // b names a zone only: a must take that whole zone.
  return a.countries === undefined && a.zone === b.zone;
}

/** Whether every order that meets `b` meets `a` too (so `b`, after `a`, is reached only where `a` cannot carry). */
export function covers(a: RuleWhen, b: RuleWhen): boolean {
  return (
    widerDestination(a, b) &&
    (a.cod === undefined || a.cod === b.cod) &&
    widerSet(a.clients, b.clients, (x) => x) &&
    widerSet(a.sources, b.sources, upper) &&
    widerSet(a.skus, b.skus, upper) &&
    wider(a.weightKg, b.weightKg) &&
    wider(a.volumeM3, b.volumeM3) &&
    wider(a.valueEur, b.valueEur) &&
    wider(a.parcels, b.parcels)
  );
}

/** The destinations an order meeting `when` can have, when they are a known few (undefined: any country). */
function destinationsOf(when: RuleWhen): string[] | undefined {
  if (when.countries)
    return when.countries.map(upper).filter((c) => when.zone === undefined || zoneOf(c) === when.zone);
  if (when.zone === 'domestic') return [HOME_COUNTRY];
  if (when.zone === 'eu') return [...EU_COUNTRY_CODES];
  return undefined;
}

const atMost = (range: Range | undefined, max: number) => range?.max !== undefined && range.max <= max;

/**
 * Whether a rule sending by `limits` as `then` says carry every order that meets `when`, so the evaluation never
 * passes over it for them (./ruleEvaluation's unfitFor). Only what the conditions bound can be known: an order with
 * cash on delivery may ask any amount, one with no weight condition may weigh anything.
 */
function carriesAll(limits: ServiceLimits, then: RuleThen, when: RuleWhen): boolean {
  const destinations = destinationsOf(when);
  const insured = then.insurance === 'order' ? when.valueEur?.max : then.insurance;
  return (
    destinations !== undefined &&
    destinations.every((c) => limits.destinations.includes(c)) &&
    atMost(when.parcels, limits.maxParcels) &&
    atMost(when.weightKg, limits.maxWeightKg) &&
    when.cod === false &&
    (then.insurance === undefined ||
      (insured !== undefined && limits.insurance !== null && insured <= limits.insurance.max))
  );
}

/** Whether `before` takes every order `rule` meets: it covers its "when" and the evaluation never passes it over. */
function takesAll(before: Rule, rule: Rule, catalog: RuleCatalog): boolean {
  if (!covers(before.when, rule.when)) return false;
  const ref = before.then.courier;
  if (ref === undefined) return true;
  const limits = catalog.service(ref);
  return limits !== undefined && carriesAll(limits, before.then, rule.when);
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export function ruleProblems(rules: readonly Rule[], catalog: RuleCatalog): RuleProblem[] {
  const problems: RuleProblem[] = [];
  rules.forEach((rule, index) => {
    const n = index + 1;
    const { courier, box } = rule.then;
    const limits = courier && catalog.service(courier);
    if (courier && !limits)
      problems.push({
        index,
        code: 'unknownService',
        path: 'then.courier',
        message: `Regola ${n}: corriere ${courier.corriere} servizio ${courier.servizio} sconosciuto`,
      });
    if (limits && limits.forReturns)
      problems.push({
        index,
        code: 'returnService',
        path: 'then.courier',
        message: `Regola ${n}: ${limits.name} è un servizio per i resi, non per spedire gli ordini`,
      });
    if (box !== undefined && !catalog.hasBox(box))
      problems.push({
        index,
        code: 'unknownBox',
        path: 'then.box',
        box,
        message: `Regola ${n}: nessuna scatola di nome ${box}`,
      });
    const earlier = rules.slice(0, index).findIndex((before) => takesAll(before, rule, catalog));
    if (earlier < 0) return;
    const before = rules[earlier]!;
    const contradicts = same(before.when, rule.when) && !same(before.then, rule.then);
    problems.push({
      index,
      code: contradicts ? 'contradicts' : 'shadowed',
      path: 'when',
      other: earlier,
      message: contradicts
        ? `Regola ${n}: stesse condizioni della regola ${earlier + 1} con un risultato diverso ` +
          `(vince sempre la ${earlier + 1})`
        : `Regola ${n}: mai raggiunta, la regola ${earlier + 1} prende già ogni ordine che prenderebbe`,
    });
  });
  return problems;
}
