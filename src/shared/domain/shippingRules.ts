// Shipping rules as data: a versioned, ordered list, each "when" (what the order must be) → "then" (what it gets), the
// shape kept, exported and imported as JSON, and the facts of an order a rule reads. Pure; evaluation is in
// ./ruleEvaluation, the checks made at save in ./ruleProblems.
import { z } from 'zod';
import { fieldIssue, issueOf, issueToken, type FieldIssue } from '../api/fieldIssues';
import { BOX_NAME_MAX } from './boxes';
import { COD_TYPES } from './cashOnDelivery';
import { EU_COUNTRY_CODES } from './countries';

export const RULES_VERSION = 1;
export const RULES_MAX = 200;
export const RULE_NAME_MAX = 80;
/** The bench's own country: the "domestic" zone. */
export const HOME_COUNTRY = 'IT';

/** A range of a number; a bound left out is open. Both bounds are included ("fino a 3 kg" takes 3 kg). */
const RangeSchema = z
  .object({ min: z.number().nonnegative().finite().optional(), max: z.number().nonnegative().finite().optional() })
  .strict()
  .refine((r) => r.min !== undefined || r.max !== undefined, { message: issueToken('rangeBound') })
  .refine((r) => r.min === undefined || r.max === undefined || r.min <= r.max, { message: issueToken('rangeOrder') });
export type Range = z.infer<typeof RangeSchema>;

/** Destination zones a rule can name instead of a list of countries. */
export const RULE_ZONES = ['domestic', 'eu', 'world'] as const;
export type RuleZone = (typeof RULE_ZONES)[number];

export const RuleWhenSchema = z
  .object({
    /** ISO codes of the destination countries (any of them). */
    countries: z
      .array(z.string().regex(/^[A-Za-z]{2}$/, { message: issueToken('country') }))
      .min(1)
      .max(300)
      .optional(),
    /** domestic: Italy; eu: another EU country; world: outside the EU. */
    zone: z.enum(RULE_ZONES).optional(),
    /** What the order's items weigh, kg (the lines' weights, else the order's own weight). */
    weightKg: RangeSchema.optional(),
    /** The order's volume, m³ as the form has it. */
    volumeM3: RangeSchema.optional(),
    /** Cash on delivery asked (true) or not (false). */
    cod: z.boolean().optional(),
    /** The order's value, euros (its lines' prices, else its declared or cash-on-delivery value). */
    valueEur: RangeSchema.optional(),
    /** The order's client codes (any of them). */
    clients: z.array(z.number().int().positive()).min(1).max(500).optional(),
    /** Where the order came from: a shop connection (`shopify:my-shop.example`) or an order file's name. */
    sources: z.array(z.string().trim().min(1).max(200)).min(1).max(100).optional(),
    /** Any of these SKUs among the order's lines (any case). */
    skus: z.array(z.string().trim().min(1).max(60)).min(1).max(500).optional(),
    parcels: RangeSchema.optional(),
  })
  .strict();
export type RuleWhen = z.infer<typeof RuleWhenSchema>;

export const ServiceRefSchema = z.object({
  corriere: z.number().int().positive(),
  servizio: z.number().int().positive(),
});
export type ServiceRef = z.infer<typeof ServiceRefSchema>;

export const RuleThenSchema = z
  .object({
    courier: ServiceRefSchema.strict().optional(),
    /** The value insured, euros; 'order': the order's value. */
    insurance: z.union([z.literal('order'), z.number().positive().max(1_000_000)]).optional(),
    /** A box preset, by its name (the name stays meaningful in an exported file; ids would not). */
    box: z.string().trim().min(1).max(BOX_NAME_MAX).optional(),
    /** How the cash on delivery is collected (tipo_incasso). */
    codType: z
      .number()
      .int()
      .refine((n) => (COD_TYPES as readonly number[]).includes(n), {
        message: issueToken('enumOf', COD_TYPES),
      })
      .optional(),
    /** Keep the order waiting for a person: the scan does not ship it. */
    hold: z.literal(true).optional(),
  })
  .strict()
  .refine((t) => Object.keys(t).length > 0, { message: issueToken('ruleNoAction') });
export type RuleThen = z.infer<typeof RuleThenSchema>;

export const RuleSchema = z
  .object({ name: z.string().trim().min(1).max(RULE_NAME_MAX), when: RuleWhenSchema, then: RuleThenSchema })
  .strict();
export type Rule = z.infer<typeof RuleSchema>;

export const RuleSetSchema = z
  .object({ version: z.literal(RULES_VERSION), rules: z.array(RuleSchema).max(RULES_MAX) })
  .strict();
export type RuleSet = z.infer<typeof RuleSetSchema>;

export const EMPTY_RULE_SET: RuleSet = { version: RULES_VERSION, rules: [] };

/** What a rule reads of an order. A fact undefined is not known: a condition on it does not match. */
export interface OrderFacts {
  country: string;
  weightKg: number | undefined;
  volumeM3: number | undefined;
  cod: boolean;
  /** The cash-on-delivery amount, euros (0 without). */
  codEur: number;
  valueEur: number | undefined;
  clientId: number;
  source: string;
  /** The order's SKUs, upper-cased. */
  skus: readonly string[];
  parcels: number;
}

/** The zone a destination country is in. */
export function zoneOf(country: string): RuleZone {
  const c = country.toUpperCase();
  if (c === HOME_COUNTRY) return 'domestic';
  return EU_COUNTRY_CODES.has(c) ? 'eu' : 'world';
}

/** A file's problems, by the path of what is wrong ("rules.2.when.weightKg"), each by code with its Italian words. */
export type RuleFileIssues = { path: string; issue: FieldIssue; message: string }[];

/** A rule set read from JSON text (an exported file), or what is wrong with it, by path. */
export function parseRuleSet(text: string): { ok: true; value: RuleSet } | { ok: false; issues: RuleFileIssues } {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    const issue = fieldIssue('json', (error as Error).message);
    return { ok: false, issues: [{ path: '', issue, message: issue.message }] };
  }
  const parsed = RuleSetSchema.safeParse(json);
  if (parsed.success) return { ok: true, value: parsed.data };
  return {
    ok: false,
    issues: parsed.error.issues.map((zodIssue) => {
      const issue = issueOf(zodIssue);
      return { path: zodIssue.path.map(String).join('.'), issue, message: issue.message };
    }),
  };
}
