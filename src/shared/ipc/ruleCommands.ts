// The shipping rules' commands, part of the one command table (commands.ts spreads them in): the list read, checked
// (its problems by code, for the Settings page as it is edited), saved whole (refused with every problem), exported
// and imported as JSON (errors by path), run over the orders waiting as a preview, and over one order.
import { z } from 'zod';
import { RuleOutcomeSchema } from '../domain/ruleEvaluation';
import { RuleProblemSchema } from '../domain/ruleProblems';
import { RuleSetSchema } from '../domain/shippingRules';

/** An exported rules file no bigger than this (200 rules of long lists fit many times over). */
export const RULES_FILE_MAX_CHARS = 1_000_000;

export const RULE_COMMANDS = {
  'rules.get': { input: z.object({}), output: z.object({ rules: RuleSetSchema }) },
  'rules.check': {
    input: z.object({ rules: RuleSetSchema }),
    output: z.object({ problems: z.array(RuleProblemSchema) }),
  },
  /** Refused as invalid with each problem at its path (`rules.2.then.courier`); nothing is kept then. */
  'rules.save': { input: z.object({ rules: RuleSetSchema }), output: z.object({ rules: RuleSetSchema }) },
  'rules.export': { input: z.object({}), output: z.object({ json: z.string() }) },
  /** A file's text: read, checked and saved as one, or refused with what is wrong at each path. */
  'rules.import': {
    input: z.object({ json: z.string().max(RULES_FILE_MAX_CHARS) }),
    output: z.object({ rules: RuleSetSchema }),
  },
  /** `rules` (saved or not) over every order waiting; `rows`: the newest `limit` with what each would get and why. */
  'rules.preview': {
    input: z.object({ rules: RuleSetSchema, limit: z.number().int().min(0).max(500).default(100) }),
    output: z.object({
      total: z.number().int(),
      byRule: z.array(z.number().int()),
      cheapest: z.number().int(),
      held: z.number().int(),
      rows: z.array(z.object({ id: z.number().int(), orderRef: z.string(), outcome: RuleOutcomeSchema })),
    }),
  },
  /** The saved rules over an order waiting, now (the scan and the form ask as they load it). */
  'rules.forOrder': {
    input: z.object({ id: z.number().int() }),
    output: z.object({ outcome: RuleOutcomeSchema }),
  },
} as const;
