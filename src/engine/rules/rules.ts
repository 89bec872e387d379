// Each user's shipping rules: kept whole as their versioned JSON, checked at save (the shape, then services and boxes
// the bench lacks, rules never reached, rules contradicting an earlier one: any of these and nothing is saved), and
// run over an order, over drafts being imported, or over every order waiting (the Settings page's preview, unsaved
// rules too).
import { ruleProblems, type RuleProblem } from '../../shared/domain/ruleProblems';
import { evaluateMany, evaluateRules, type RuleOutcome } from '../../shared/domain/ruleEvaluation';
import { EMPTY_RULE_SET, RuleSetSchema, type Rule, type RuleSet } from '../../shared/domain/shippingRules';
import type { OrderLine } from '../../shared/domain/orders';
import type { Caller } from '../auth/users';
import type { EngineContext } from '../context';
import type { BoxesPort } from '../boxes/boxes';
import { orderFacts, serviceLookup } from './facts';

/** An order as the rules read it. */
export interface RuledOrder {
  clientId: number;
  values: Readonly<Record<string, string>>;
  lines: readonly OrderLine[];
  source: string;
}

export interface PreviewRow {
  id: number;
  orderRef: string;
  outcome: RuleOutcome;
}

export interface RulesPort {
  get(caller: Caller): RuleSet;
  /** What is wrong with a list as a whole (empty: it may be saved). */
  problems(caller: Caller, set: RuleSet): RuleProblem[];
  /** Keeps the list when it has no problem; else nothing changes and the problems are answered. */
  save(caller: Caller, set: RuleSet): { ok: true } | { ok: false; problems: RuleProblem[] };
  /** The caller's saved rules over one order. */
  forOrder(caller: Caller, order: RuledOrder): RuleOutcome;
  /** The caller's saved rules over many (an import's drafts), the rules read once. */
  forOrders(caller: Caller, orders: readonly RuledOrder[]): RuleOutcome[];
  /**
   * `rules` (saved or not) over every order waiting: how many each rule takes, how many go to the cheapest or are
   * held, and the first `limit` orders (newest first) with what each gets and why.
   */
  preview(
    caller: Caller,
    rules: readonly Rule[],
    limit: number,
  ): { total: number; byRule: number[]; cheapest: number; held: number; rows: PreviewRow[] };
}

export function rulesPort(ctx: EngineContext, boxes: Pick<BoxesPort, 'byName'>): RulesPort {
  const s = {
    get: ctx.db.prepare<[number], { doc: string }>('SELECT doc FROM shipping_rules WHERE user_id = ?'),
    put: ctx.db.prepare<[number, string, number]>(
      `INSERT INTO shipping_rules (user_id, doc, updated_at) VALUES (?, ?, ?)
       ON CONFLICT (user_id) DO UPDATE SET doc = excluded.doc, updated_at = excluded.updated_at`,
    ),
  };
  const services = serviceLookup(ctx.couriers);

  function get(caller: Caller): RuleSet {
    const row = s.get.get(caller.userId);
    if (!row) return EMPTY_RULE_SET;
    // Saved by this program after its checks: a list that no longer reads (a later program's version) runs no rule
    // rather than some of them.
    const parsed = RuleSetSchema.safeParse(JSON.parse(row.doc));
    return parsed.success ? parsed.data : EMPTY_RULE_SET;
  }
  const problems = (caller: Caller, set: RuleSet) =>
    ruleProblems(set.rules, {
      service: services,
      hasBox: (name) => boxes.byName(caller, name) !== undefined,
    });

  return {
    get,
    problems,
    save(caller, set) {
      const found = problems(caller, set);
      if (found.length > 0) return { ok: false, problems: found };
      s.put.run(caller.userId, JSON.stringify(set), ctx.clock.now().getTime());
      return { ok: true };
    },
    forOrder: (caller, order) => evaluateRules(get(caller).rules, orderFacts(order), services),
    forOrders(caller, orders) {
      if (orders.length === 0) return [];
      const { rules } = get(caller);
      // No rule to weigh: each order goes to the cheapest with nothing passed over, as evaluateMany answers, without
      // its facts made (an import keeps thousands of orders at once, most benches with no rules).
      return rules.length === 0
        ? orders.map(() => ({ passed: [] }))
        : evaluateMany(rules, orders.map(orderFacts), services);
    },
    preview(caller, rules, limit) {
      const waiting = ctx.orders.waitingAll(caller.userId);
      const outcomes = evaluateMany(
        rules,
        waiting.map((o) =>
          orderFacts({
            clientId: o.client_id,
            source: o.source,
            values: JSON.parse(o.data) as Record<string, string>,
            lines: JSON.parse(o.lines) as OrderLine[],
          }),
        ),
        services,
      );
      const byRule = rules.map(() => 0);
      let cheapest = 0;
      let held = 0;
      outcomes.forEach((outcome) => {
        if (!outcome.rule) cheapest += 1;
        else byRule[outcome.rule.index] = (byRule[outcome.rule.index] ?? 0) + 1;
        if (outcome.rule?.then.hold) held += 1;
      });
      const rows = waiting.slice(0, limit).map((o, i) => ({ id: o.id, orderRef: o.order_ref, outcome: outcomes[i]! }));
      return { total: waiting.length, byRule, cheapest, held, rows };
    },
  };
}
