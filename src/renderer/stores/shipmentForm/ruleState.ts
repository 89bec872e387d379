// What the form holds of the shipping rules' choice for the loaded order; apart from ./ruleChoice so the form's state
// can name it without an import circle.
import type { RuleOutcome } from '../../../shared/domain/ruleEvaluation';
import type { WaitingOrder } from '../../../shared/domain/orders';

export interface RuleState {
  /** What the rules said of the loaded order (undefined: no order, or the station could not say). */
  ruled: RuleOutcome | undefined;
  /** Asks the rules of this order and puts what they chose into the form. */
  applyRules(order: WaitingOrder): Promise<void>;
  /** Settles once the loaded order's rules are in the form. */
  rulesApplied(): Promise<void>;
}

export const initialRuleState = { ruled: undefined } as const;
