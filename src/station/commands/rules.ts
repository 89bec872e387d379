// The shipping rules' commands: kept in the station's engine per user. A list with problems (a service or box the
// bench lacks, a rule never reached, a contradiction) or a file that does not read is refused whole, each problem at
// its path, so nothing half-made is kept.
import { parseRuleSet } from '../../shared/domain/shippingRules';
import type { RuleProblem } from '../../shared/domain/ruleProblems';
import { otherIssue, type FieldIssues } from '../../shared/api/fieldIssues';
import { fail, failFields, ok } from '../../shared/ipc/result';
import type { Handlers } from './context';

type RuleCommand =
  'rules.get' | 'rules.check' | 'rules.save' | 'rules.export' | 'rules.import' | 'rules.preview' | 'rules.forOrder';

const byPath = (problems: readonly RuleProblem[]): FieldIssues =>
  Object.fromEntries(problems.map((p) => [`rules.${p.index}.${p.path}`, otherIssue(p.message)]));

export const ruleHandlers: Handlers<RuleCommand> = {
  'rules.get'({ station }) {
    return ok({ rules: station.engine.rules.get(station.caller) });
  },
  'rules.check'({ station }, { rules }) {
    return ok({ problems: station.engine.rules.problems(station.caller, rules) });
  },
  'rules.save'({ station }, { rules }) {
    const saved = station.engine.rules.save(station.caller, rules);
    return saved.ok ? ok({ rules }) : failFields(byPath(saved.problems));
  },
  'rules.export'({ station }) {
    return ok({ json: `${JSON.stringify(station.engine.rules.get(station.caller), null, 2)}\n` });
  },
  'rules.import'({ station }, { json }) {
    const parsed = parseRuleSet(json);
    if (!parsed.ok) {
      const fields = Object.fromEntries(parsed.issues.map((i) => [i.path || '(file)', i.issue]));
      const said = parsed.issues.map((i) => (i.path ? `${i.path}: ${i.message}` : i.message)).join('; ');
      return fail('invalid', `File delle regole non valido: ${said}`, fields);
    }
    const saved = station.engine.rules.save(station.caller, parsed.value);
    return saved.ok ? ok({ rules: parsed.value }) : failFields(byPath(saved.problems));
  },
  'rules.preview'({ station }, { rules, limit }) {
    return ok(station.engine.rules.preview(station.caller, rules.rules, limit));
  },
  'rules.forOrder'({ station }, { id }) {
    const order = station.engine.orders.get(station.caller, id);
    if (!order) return fail('not_found', 'Ordine non trovato');
    return ok({ outcome: station.engine.rules.forOrder(station.caller, order) });
  },
};
